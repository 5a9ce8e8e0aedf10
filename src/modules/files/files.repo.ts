import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { FileRow } from '../../db/types.js';

export interface FileListFilter {
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: FileListFilter) {
  const query = db.selectFrom('files');
  return filter.metadata ? query.where(metadataMatches(db, 'files.metadata', filter.metadata)) : query;
}

export function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findFileByFilename(db: Executor, filename: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('filename', '=', filename).executeTakeFirst();
}

export async function filenameTaken(db: Executor, filename: string): Promise<boolean> {
  return (await db.selectFrom('files').select('id').where('filename', '=', filename).executeTakeFirst()) !== undefined;
}

/** Inserts the row; false when its filename was taken meanwhile (the unique index decides). */
export async function insertFile(db: Executor, row: FileRow): Promise<boolean> {
  const result = await db.insertInto('files').values(row).onConflict((oc) => oc.column('filename').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Newest first. */
export function listFiles(db: Executor, filter: FileListFilter, offset: number, limit: number): Promise<FileRow[]> {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countFiles(db: Executor, filter: FileListFilter = {}): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateFile(db: Executor, id: string, changes: Partial<FileRow>): Promise<void> {
  await db.updateTable('files').set(changes).where('id', '=', id).execute();
}

export async function deleteFile(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}
