import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.js';
import type { FileRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, NO_METADATA, type MetadataView } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { dropProductImagesOfFile } from '../catalog/products.service.js';
import { dropSkuImagesOfFile } from '../catalog/skus.service.js';
import { dropPostImagesOfFile } from '../content/posts.service.js';
import { originalName, systemFilename } from './file-names.js';
import { typeListed } from './file-types.js';
import * as repo from './files.repo.js';
import type { FileUpdateInput } from './files.schemas.js';
import { openStorage, type FileStorage } from './storage.js';
import type { Config } from '../../config.js';

/** How uploads are kept and checked (STOREFRONT_FILES, STOREFRONT_FILE_MAX_BYTES, STOREFRONT_FILE_TYPES). */
export interface FilesSettings {
  storage: FileStorage;
  maxBytes: number;
  /** Allowed sniffed types: exact (`application/pdf`) or families (`image/*`). */
  types: readonly string[];
  /** Types served to be shown in place (`image/*`); every other file is served as a download. */
  inline: readonly string[];
  /** Where files are served: `<STOREFRONT_PUBLIC_URL>/files`, or STOREFRONT_FILES_URL (a CDN). */
  baseUrl: string;
}

/** The upload settings the configuration names, with its storage opened. */
export async function openConfiguredFiles(config: Pick<Config, 'files' | 'fileMaxBytes' | 'fileTypes' | 'filesInline' | 'filesUrl'>): Promise<FilesSettings> {
  return { storage: await openStorage(config.files), maxBytes: config.fileMaxBytes, types: config.fileTypes, inline: config.filesInline, baseUrl: config.filesUrl };
}

/** The spec's file object: the row without where its bytes are kept. */
export type FileView = Omit<FileRow, 'storage_key' | 'sha256' | keyof MetadataView> & MetadataView & { object: 'file' };

export function fileView(row: FileRow): FileView {
  return {
    id: row.id,
    object: 'file',
    filename: row.filename,
    original_filename: row.original_filename,
    src: row.src,
    url: row.url,
    mime_type: row.mime_type,
    size: Number(row.size),
    alt: row.alt ?? null,
    ...metadataView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listFiles(ctx: Ctx, filter: repo.FileListFilter, page: PageRequest, url: string): Promise<Page<FileView>> {
  const [rows, total] = await Promise.all([repo.listFiles(ctx.db, filter, offsetOf(page), page.perPage), repo.countFiles(ctx.db, filter)]);
  return toPage(rows.map(fileView), page, total, url);
}

/** @throws Problem not_found. */
export async function getFile(ctx: Ctx, id: string): Promise<FileView> {
  const row = await repo.findFile(ctx.db, id);
  if (!row) throw Problem.notFound('file', id);
  return fileView(row);
}

/**
 * Changes a file's alt text, `null` or "" (spaces only too) clearing it, and its metadata. The bytes
 * and urls never change.
 * @throws Problem not_found; validation_failed for metadata past its limits.
 */
export async function updateFile(ctx: Ctx, id: string, input: FileUpdateInput): Promise<FileView> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockForMetadataMerge(tx, 'files', id, input);
    const current = await repo.findFile(tx, id);
    if (!current) throw Problem.notFound('file', id);
    const changes: Partial<FileRow> = metadataChanges(input, current);
    if (input.alt !== undefined) changes.alt = input.alt === null || input.alt.trim() === '' ? null : input.alt.trim();
    if (Object.keys(changes).length === 0) return fileView(current);
    changes.updated_at = ctx.now();
    await repo.updateFile(tx, id, changes);
    return fileView({ ...current, ...changes });
  });
}

const NAME_ATTEMPTS = 5;

/** Inserts the row under the file's plain name, or under the name with a random suffix when that is taken. */
async function insertUnderFreeName(db: Db, row: Omit<FileRow, 'filename' | 'src' | 'url'>, extension: string, baseUrl: string): Promise<FileRow> {
  for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
    const filename = systemFilename(row.original_filename, extension, attempt === 0 ? undefined : randomBytes(3).toString('hex'));
    if (attempt === 0 && (await repo.filenameTaken(db, filename))) continue;
    const src = `${baseUrl}/${filename}`;
    // The version changes whenever a name comes back with other bytes, so no cache keeps the old ones.
    const full: FileRow = { ...row, filename, src, url: `${src}?v=${row.created_at}` };
    if (await repo.insertFile(db, full)) return full;
  }
  throw new Problem('conflict', 'No free filename was found for this file; retry the upload');
}

/**
 * Keeps an upload: its type is sniffed from the bytes (the client's claim is ignored), checked
 * against the allowed types, and its bytes stored before the row is written, so a file row never
 * names missing bytes.
 * @throws Problem validation_failed (empty file), unsupported_media_type, unavailable (the storage failed).
 */
export async function uploadFile(ctx: Ctx, settings: FilesSettings, upload: { bytes: Buffer; filename: string | undefined }): Promise<FileView> {
  if (upload.bytes.length === 0) throw Problem.invalid([{ field: 'file', code: 'empty', message: 'is empty' }]);
  const sniffed = await fileTypeFromBuffer(upload.bytes);
  if (!sniffed) throw new Problem('unsupported_media_type', `The file's type is not recognised; allowed: ${settings.types.join(', ')}`);
  if (!typeListed(sniffed.mime, settings.types)) {
    throw new Problem('unsupported_media_type', `Files of type ${sniffed.mime} are not accepted; allowed: ${settings.types.join(', ')}`);
  }
  const id = newId('fil');
  const storageKey = `${id}.${sniffed.ext}`;
  try {
    await settings.storage.put(storageKey, upload.bytes, sniffed.mime);
  } catch (error) {
    ctx.log.error({ err: error, storage: settings.storage.description }, 'the file storage refused an upload');
    throw new Problem('unavailable', 'The file storage is unavailable; retry the upload later');
  }
  try {
    const now = ctx.now();
    const row = await insertUnderFreeName(ctx.db, {
      id,
      original_filename: originalName(upload.filename),
      mime_type: sniffed.mime,
      size: upload.bytes.length,
      storage_key: storageKey,
      sha256: createHash('sha256').update(upload.bytes).digest('base64url'),
      alt: null,
      ...NO_METADATA,
      created_at: now,
      updated_at: now,
    }, sniffed.ext, settings.baseUrl);
    return fileView(row);
  } catch (error) {
    await settings.storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes a file: skus, products and posts showing it lose that image (skus and products record
 * their update), then the row goes, then the bytes. Bytes left behind by a failing storage are only
 * logged: nothing names them any more.
 * @throws Problem not_found.
 */
export async function deleteFile(ctx: Ctx, storage: FileStorage, id: string): Promise<void> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const found = await repo.findFile(tx, id);
    if (!found) throw Problem.notFound('file', id);
    await dropSkuImagesOfFile(tx, id, ctx.now());
    await dropProductImagesOfFile(tx, id, ctx.now());
    await dropPostImagesOfFile(tx, id, ctx.now());
    await repo.deleteFile(tx, id);
    return found;
  });
  try {
    await storage.remove(row.storage_key);
  } catch (error) {
    ctx.log.warn({ err: error, storage_key: row.storage_key }, 'the bytes of a deleted file could not be removed');
  }
}

/** The row of a file by its name in the system, to serve its bytes. */
export function findServedFile(db: Db, filename: string): Promise<FileRow | undefined> {
  return repo.findFileByFilename(db, filename);
}

/**
 * The stored bytes of a file; null when the storage has none under its key.
 * @throws Problem unavailable when the storage fails.
 */
export async function readBytes(ctx: Ctx, storage: FileStorage, row: FileRow): Promise<Readable | null> {
  try {
    return await storage.read(row.storage_key);
  } catch (error) {
    ctx.log.error({ err: error, storage: storage.description }, 'the file storage failed a read');
    throw new Problem('unavailable', 'The file storage is unavailable; retry later');
  }
}
