import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';

export const FileObject = Type.Object({
  id: Id('fil'),
  object: Type.Literal('file'),
  filename: Type.String({ description: 'name in the system, unique' }),
  original_filename: Type.String(),
  src: Type.String({ description: 'where the file is served' }),
  url: Type.String({ description: 'src with a version, for caches' }),
  mime_type: Type.String({ description: 'sniffed from the bytes' }),
  size: Type.Integer({ description: 'bytes' }),
  alt: Nullable(Type.String({ description: 'what the image shows, for readers who cannot see it' })),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'StoredFile' });

export const FileEnvelope = DataEnvelope(FileObject);
export const FileList = ListEnvelope(FileObject);
export const FileListQuery = Type.Object({ ...PageQuery, ...metadataQuery });

export const ALT_MAX_LENGTH = 500;

export const FileUpdate = Type.Object({
  alt: Type.Optional(Nullable(Type.String({ maxLength: ALT_MAX_LENGTH, description: 'null or "" clears it' }))),
  ...metadataInput,
});
export type FileUpdateInput = Static<typeof FileUpdate>;

/** Documents the multipart upload; the handler reads and checks the parts itself. */
export const FileUpload = Type.Object({ file: Type.String({ format: 'binary', description: 'the file, at most STOREFRONT_FILE_MAX_BYTES' }) });

export const FilenameParams = Type.Object({ filename: Type.String({ maxLength: 255 }) });

export const FileBytes = Type.String({ format: 'binary', description: "the file's bytes" });
export const NotModified = Type.Null({ description: "Not modified: the copy the client holds (If-None-Match: its ETag) is this file's" });
