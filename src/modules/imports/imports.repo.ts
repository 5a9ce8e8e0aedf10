import { queuedJobFields, updateHeldJob } from '../../db/claim-job.js';
import { isSqlite, type Executor, type Tx } from '../../db/database.js';
import type { ImportedImageRow, ImportErrorRow, ImportRow } from '../../db/types.js';
import { unixNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { RowError } from './shopify-products.js';

/** How many of a job's row errors a read of the job lists: the first say what to fix. */
export const LISTED_IMPORT_ERRORS = 100;

/** Records a queued import of a file already put in the file storage under `storageKey`. */
export async function insertImport(db: Executor, input: { kind: ImportRow['kind']; storageKey: string; filename: string; size: number; id?: string }): Promise<ImportRow> {
  const now = unixNow();
  const row: ImportRow = {
    ...queuedJobFields(now),
    id: input.id ?? newId('imp'),
    kind: input.kind,
    storage_key: input.storageKey,
    filename: input.filename,
    size: input.size,
    created: 0,
    updated: 0,
    error_count: 0,
    checkpoint_row: 1,
  };
  await db.insertInto('imports').values(row).execute();
  return row;
}

export async function findImport(db: Executor, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first of a job's row errors, in the order they were found. */
export async function listImportErrors(db: Executor, id: string, limit = LISTED_IMPORT_ERRORS): Promise<Pick<ImportErrorRow, 'row' | 'field' | 'message'>[]> {
  return db.selectFrom('import_errors').select(['row', 'field', 'message']).where('import_id', '=', id).orderBy('position').limit(limit).execute();
}

/** What one committed step of a job adds: the rows it covered, up to `throughRow`, and what became of them. */
export interface ImportStep {
  throughRow: number;
  rows: number;
  created: number;
  updated: number;
  errors: RowError[];
}

/**
 * Records a step in the transaction that wrote its products, while the worker still holds the job
 * (its claim ends at `heldUntil`): a crash either keeps the step and its products or neither. False
 * when the claim was lost; the caller rolls the transaction back then.
 */
export async function recordImportStep(tx: Tx, id: string, heldUntil: number, step: ImportStep): Promise<boolean> {
  const job = await tx
    .updateTable('imports')
    .set((eb) => ({
      checkpoint_row: step.throughRow,
      processed_rows: eb('processed_rows', '+', step.rows),
      created: eb('created', '+', step.created),
      updated: eb('updated', '+', step.updated),
      error_count: eb('error_count', '+', step.errors.length),
      updated_at: unixNow(),
    }))
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', heldUntil)
    .returning('error_count')
    .executeTakeFirst();
  if (!job) return false;
  if (step.errors.length > 0) {
    const first = job.error_count - step.errors.length;
    await tx.insertInto('import_errors')
      .values(step.errors.map((error, index) => ({ import_id: id, position: first + index, ...error })))
      .execute();
  }
  return true;
}

/** Ends a job the worker holds: succeeded, or failed whole with the reason a merchant reads. */
export function finishImport(db: Executor, id: string, heldUntil: number, outcome: { failure: string | null; totalRows?: number }): Promise<boolean> {
  return updateHeldJob(db, 'imports', id, heldUntil, {
    status: outcome.failure === null ? 'succeeded' : 'failed',
    failure: outcome.failure,
    ...(outcome.totalRows === undefined ? {} : { total_rows: outcome.totalRows }),
    locked_until: null,
    finished_at: unixNow(),
  });
}

/** Sets a job's row count, found by its first pass over the file, while the worker holds it. */
export function setImportTotal(db: Executor, id: string, heldUntil: number, totalRows: number): Promise<boolean> {
  return updateHeldJob(db, 'imports', id, heldUntil, { total_rows: totalRows });
}

/** The file an earlier import made of an image URL, if it is still there. */
export async function findImportedImage(db: Executor, sourceUrl: string): Promise<string | undefined> {
  return (await db.selectFrom('imported_images').select('file_id').where('source_url', '=', sourceUrl).executeTakeFirst())?.file_id;
}

/** Remembers the file made of an image URL; answers the file kept, another import's when it got there first. */
export async function keepImportedImage(db: Executor, row: ImportedImageRow): Promise<string> {
  await db.insertInto('imported_images').values(row).onConflict((oc) => oc.column('source_url').doNothing()).execute();
  return (await findImportedImage(db, row.source_url))!;
}

/**
 * The id of the product with this permalink, locked until the transaction ends on PostgreSQL (SQLite
 * has one writer): a concurrent import of the same product waits, then sees its skus.
 */
export async function lockProductByPermalink(tx: Tx, permalink: string): Promise<string | undefined> {
  let query = tx.selectFrom('products').select('id').where('permalink', '=', permalink);
  if (!isSqlite(tx)) query = query.forUpdate();
  return (await query.executeTakeFirst())?.id;
}
