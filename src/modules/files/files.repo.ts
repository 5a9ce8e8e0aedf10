import type { Executor } from '../../db/database.js';
import type { FileRow } from '../../db/types.js';

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
export function listFiles(db: Executor, offset: number, limit: number): Promise<FileRow[]> {
  return db.selectFrom('files').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

export async function countFiles(db: Executor): Promise<number> {
  const row = await db.selectFrom('files').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateFile(db: Executor, id: string, changes: Partial<FileRow>): Promise<void> {
  await db.updateTable('files').set(changes).where('id', '=', id).execute();
}

export async function deleteFile(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}
