import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { created, IdParams, noContent, ok, Problem as ProblemSchema } from '../../http/common-schemas.js';
import { assertQuery } from '../../http/request-validation.js';
import type { App } from '../../http/types.js';
import { pageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { typeListed } from './file-types.js';
import { FileBytes, FileEnvelope, FileList, FileListQuery, FilenameParams, FileUpdate, FileUpload, NotModified } from './files.schemas.js';
import * as service from './files.service.js';

const tags = ['Files'];

/**
 * Whatever a file holds, a browser opening it runs nothing: no script, no plugin, no loads (sandbox,
 * so it also has no origin to read cookies or storage from). Inline styles stay allowed for the
 * browsers' own image and video viewers, which centre the media with them.
 */
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** What a multipart body may carry besides the file itself: a few small fields and their headers. */
const PART_LIMITS = { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 };
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;

/** Whether the client's cached copy (If-None-Match) is this one. */
function stillFresh(request: FastifyRequest, etag: string): boolean {
  const sent = request.headers['if-none-match'];
  if (sent === undefined) return false;
  return sent.trim() === '*' || sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The parser's own errors (no boundary, a body cut short) carry no status: they are the client's
 * malformed body, not a failure of ours. Ours and the plugin's (limits) keep theirs.
 */
function unreadableBody(error: unknown): unknown {
  if (error instanceof Problem || typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return new Problem('invalid_request', `The multipart body could not be read: ${(error as Error).message}`);
}

async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) {
    throw new Problem('unsupported_media_type', 'Send the file as multipart/form-data, in a part named "file"');
  }
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + FRAMING_BYTES) {
    throw new Problem('payload_too_large', `Files may be at most ${maxBytes} bytes`);
  }
  const files = request.files({ limits: { ...PART_LIMITS, fileSize: maxBytes } });
  const first = await files.next();
  const part = first.done ? undefined : first.value;
  if (!part || part.fieldname !== 'file') {
    throw Problem.invalid([{ field: 'file', code: 'required', message: 'is required: a multipart part named "file" holding the file' }]);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new Problem('payload_too_large', `Files may be at most ${maxBytes} bytes`);
    throw error;
  }
  // A second file is refused, not dropped: the client would take both for kept.
  try {
    await files.next();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw Problem.invalid([{ field: 'file', code: 'invalid', message: 'must be a single file: send one file per request' }]);
    }
    throw error;
  }
  return { bytes, filename: part.filename };
}

/**
 * Uploads (staff) and the files themselves, served to anyone at their url with a strong ETag and a
 * year of caching: a file's bytes never change under its url's version.
 */
export function filesRoutes(settings: service.FilesSettings) {
  return async function routes(app: App): Promise<void> {
    // Multipart bodies are parsed here only: every other route keeps answering them with 415.
    await app.register(multipart, { limits: { ...PART_LIMITS, fileSize: settings.maxBytes } });

    app.get('/v1/files', {
      config: { action: 'file.read' },
      schema: { tags, summary: 'List uploaded files, newest first', querystring: FileListQuery, response: ok(FileList) },
    }, async (request) => service.listFiles(request.ctx, request.query, pageRequest(request.query), request.url));

    app.get('/v1/files/:id', {
      config: { action: 'file.read' },
      schema: { tags, summary: 'Get a file', params: IdParams, response: ok(FileEnvelope) },
    }, async (request) => ({ data: await service.getFile(request.ctx, request.params.id) }));

    app.post('/v1/files', {
      config: { action: 'file.create' },
      // The schema documents the upload; the handler reads the parts and names what is wrong.
      attachValidation: true,
      schema: { tags, summary: 'Upload a file (multipart/form-data, part "file")', consumes: ['multipart/form-data'], body: FileUpload, response: created(FileEnvelope) },
    }, async (request, reply) => {
      assertQuery(request);
      const upload = await readUpload(request, settings.maxBytes).catch((error: unknown) => {
        throw unreadableBody(error);
      });
      return reply.code(201).send({ data: await service.uploadFile(request.ctx, settings, upload) });
    });

    app.post('/v1/files/:id', {
      config: { action: 'file.update' },
      schema: { tags, summary: "Update a file's alt text (the bytes never change)", params: IdParams, body: FileUpdate, response: ok(FileEnvelope) },
    }, async (request) => ({ data: await service.updateFile(request.ctx, request.params.id, request.body) }));

    app.delete('/v1/files/:id', {
      config: { action: 'file.delete' },
      schema: { tags, summary: 'Delete a file and its bytes; skus and products showing it lose that image', params: IdParams, response: noContent },
    }, async (request, reply) => {
      await service.deleteFile(request.ctx, settings.storage, request.params.id);
      return reply.code(204).send(null);
    });

    app.get('/files/:filename', {
      config: { access: 'public', rateLimit: false },
      // The bytes go out with the type sniffed at upload: any media type.
      schema: {
        tags, summary: "A file's bytes, at its src or url", params: FilenameParams, produces: ['*/*'],
        response: { 200: FileBytes, 304: NotModified, '4xx': ProblemSchema },
      },
    }, async (request, typedReply) => {
      // The answer is a stream of bytes, not a body the schema serialises.
      const reply = typedReply as FastifyReply;
      const row = await service.findServedFile(request.ctx.db, request.params.filename);
      if (!row) throw new Problem('not_found', 'No such file');
      const etag = `"${row.sha256}"`;
      const fresh = stillFresh(request, etag);
      // A fresh copy and HEAD need only the headers: the bytes are not fetched (a bucket read costs).
      const needsBytes = !fresh && request.method === 'GET';
      const bytes = needsBytes ? await service.readBytes(request.ctx, settings.storage, row) : null;
      if (needsBytes && !bytes) {
        request.log.error({ storage_key: row.storage_key }, 'the bytes of a file are missing from the storage');
        throw new Problem('not_found', 'No such file');
      }
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', SANDBOX)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(row.filename, { type: typeListed(row.mime_type, settings.inline) ? 'inline' : 'attachment' }));
      if (fresh) return reply.code(304).send();
      reply.type(row.mime_type).header('content-length', Number(row.size));
      // HEAD: an empty stream keeps this length (Fastify's HEAD handling would write 0 for no body).
      return reply.send(bytes ?? Readable.from([]));
    });
  };
}
