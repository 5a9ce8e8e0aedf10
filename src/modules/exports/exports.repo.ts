import type { Executor } from '../../db/database.js';
import type { ExportRow } from '../../db/types.js';
import { unixNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { ExportKind } from './exports.schemas.js';

/** Records a queued export. */
export async function insertExport(db: Executor, kind: ExportKind): Promise<ExportRow> {
  const now = unixNow();
  const row: ExportRow = {
    id: newId('exp'),
    kind,
    status: 'queued',
    storage_key: null,
    total_rows: null,
    processed_rows: 0,
    failure: null,
    attempts: 0,
    locked_until: null,
    started_at: null,
    finished_at: null,
    created_at: now,
    updated_at: now,
  };
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
export async function recordExportProgress(db: Executor, id: string, heldUntil: number, progress: { totalRows?: number; processedRows: number }): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({ ...(progress.totalRows === undefined ? {} : { total_rows: progress.totalRows }), processed_rows: progress.processedRows, updated_at: unixNow() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a job the worker holds: succeeded with its file, or failed with the reason a merchant reads. */
export async function finishExport(db: Executor, id: string, heldUntil: number, outcome: { storageKey: string } | { failure: string }): Promise<boolean> {
  const now = unixNow();
  const result = await db
    .updateTable('exports')
    .set({
      ...('storageKey' in outcome ? { status: 'succeeded', storage_key: outcome.storageKey, failure: null } : { status: 'failed', failure: outcome.failure }),
      locked_until: null,
      finished_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
