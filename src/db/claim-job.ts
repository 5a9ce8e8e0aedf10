import type { Kysely } from 'kysely';
import type { DatabaseHandle, Executor } from './database.js';
import type { BulkJobFields, Database } from './types.js';

/** The background job tables: rows waiting or under way, and a worker's claim on one. */
export type JobTable = 'imports' | 'exports';

interface JobColumns {
  id: string;
  status: string;
  attempts: number;
  locked_until: number | null;
  started_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * Claims the oldest job that is queued, or running with its claim run out (its worker died), for
 * `lockMs`, and marks it running: on PostgreSQL with `FOR UPDATE SKIP LOCKED`, so two workers never
 * take the same job; on SQLite, one writer at a time does the same. The worker renews the claim as it
 * goes (`renewJobClaim`); the job is undefined when none is due.
 */
export async function claimJob<T extends JobTable>(handle: DatabaseHandle, table: T, lockMs: number): Promise<Database[T] | undefined> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  // One shape for both tables: the columns read and written here are the ones they share.
  const db = handle.db as unknown as Kysely<Record<JobTable, JobColumns>>;
  const claimed = await db.transaction().execute(async (tx) => {
    let due = tx
      .selectFrom(table as JobTable)
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowMs)]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1);
    if (handle.kind === 'postgres') due = due.forUpdate().skipLocked();
    const job = await due.executeTakeFirst();
    if (!job) return undefined;
    return tx
      .updateTable(table as JobTable)
      .set((eb) => ({
        status: 'running',
        locked_until: nowMs + lockMs,
        attempts: eb('attempts', '+', 1),
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        updated_at: now,
      }))
      .where('id', '=', job.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return claimed as unknown as Database[T] | undefined;
}

/**
 * Extends a worker's claim on a job it is running, the claim named by the time it runs out. Returns
 * the new end, or undefined when the claim was lost (it ran out and another worker took the job):
 * the worker must stop then, leaving the job to the other.
 */
export async function renewJobClaim(handle: DatabaseHandle, table: JobTable, id: string, heldUntil: number, lockMs: number): Promise<number | undefined> {
  const db = handle.db as unknown as Kysely<Record<JobTable, JobColumns>>;
  const until = Date.now() + lockMs;
  const result = await db
    .updateTable(table)
    .set({ locked_until: until })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? until : undefined;
}

/**
 * Lets go of a job a worker stops before its end (the process is shutting down): the job stays
 * running, and the next worker takes it at once instead of when the claim would have run out.
 */
export async function releaseJobClaim(handle: DatabaseHandle, table: JobTable, id: string, heldUntil: number): Promise<void> {
  const db = handle.db as unknown as Kysely<Record<JobTable, JobColumns>>;
  await db.updateTable(table).set({ locked_until: null }).where('id', '=', id).where('status', '=', 'running').where('locked_until', '=', heldUntil).execute();
}

/** The state and progress columns of a job just queued, before any worker has seen it. */
export function queuedJobFields(now: number): Omit<BulkJobFields, 'id'> {
  return {
    status: 'queued', total_rows: null, processed_rows: 0, failure: null, attempts: 0,
    locked_until: null, started_at: null, finished_at: null, created_at: now, updated_at: now,
  };
}

/**
 * Changes a job while the worker still holds it (running, its claim ending at `heldUntil`), stamping
 * `updated_at`. False when the claim was lost: the worker must write nothing more.
 */
export async function updateHeldJob(db: Executor, table: JobTable, id: string, heldUntil: number, changes: Record<string, unknown>): Promise<boolean> {
  const jobs = db as unknown as Kysely<Record<JobTable, JobColumns & Record<string, unknown>>>;
  const result = await jobs
    .updateTable(table)
    .set({ ...changes, updated_at: Math.floor(Date.now() / 1000) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_until', '=', heldUntil)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
