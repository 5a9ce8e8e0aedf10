import { queuedJobFields, updateHeldJob } from '../../db/claim-job.js';
import type { Executor } from '../../db/database.js';
import type { ExportRow } from '../../db/types.js';
import { unixNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { ExportKind } from './exports.schemas.js';

/** Records a queued export. */
export async function insertExport(db: Executor, kind: ExportKind): Promise<ExportRow> {
  const row: ExportRow = { ...queuedJobFields(unixNow()), id: newId('exp'), kind, storage_key: null };
  await db.insertInto('exports').values(row).execute();
  return row;
}

export async function findExport(db: Executor, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Exports of the given kinds, newest first (ids are time-ordered: they break a tie within a second). */
export async function listExports(db: Executor, kinds: readonly ExportKind[], offset: number, limit: number): Promise<ExportRow[]> {
  if (kinds.length === 0) return [];
  return db.selectFrom('exports').selectAll().where('kind', 'in', kinds).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countExports(db: Executor, kinds: readonly ExportKind[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const row = await db.selectFrom('exports').select((eb) => eb.fn.countAll<number | string>().as('count')).where('kind', 'in', kinds).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Sets a job's progress while the worker holds it (its claim ends at `heldUntil`): the rows to write
 * and those written. False when the claim was lost to another worker.
 */
export function recordExportProgress(db: Executor, id: string, heldUntil: number, progress: { totalRows?: number; processedRows: number }): Promise<boolean> {
  return updateHeldJob(db, 'exports', id, heldUntil, { ...(progress.totalRows === undefined ? {} : { total_rows: progress.totalRows }), processed_rows: progress.processedRows });
}

/** Ends a job the worker holds: succeeded with its file, or failed with the reason a merchant reads. */
export function finishExport(db: Executor, id: string, heldUntil: number, outcome: { storageKey: string } | { failure: string }): Promise<boolean> {
  return updateHeldJob(db, 'exports', id, heldUntil, {
    ...('storageKey' in outcome ? { status: 'succeeded', storage_key: outcome.storageKey, failure: null } : { status: 'failed', failure: outcome.failure }),
    locked_until: null,
    finished_at: unixNow(),
  });
}
