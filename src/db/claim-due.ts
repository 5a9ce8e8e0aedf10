import type { Kysely } from 'kysely';
import type { DatabaseHandle } from './database.js';
import type { Database } from './types.js';

/** The outboxes the worker sends from: rows with a status, when they are due, and a worker's claim. */
type Outbox = 'webhook_deliveries' | 'notifications';

interface ClaimColumns {
  id: string;
  status: string;
  next_attempt_at: number;
  locked_until: number | null;
}

/**
 * Claims up to `batchSize` pending rows of an outbox that are due, for `lockMs`: on PostgreSQL with
 * `FOR UPDATE SKIP LOCKED`, so several workers never take the same row; on SQLite, one writer at a
 * time does the same. A worker that dies lets go of what it claimed when the claim runs out.
 */
export async function claimDue<T extends Outbox>(handle: DatabaseHandle, table: T, batchSize: number, lockMs: number): Promise<Database[T][]> {
  const now = Date.now();
  // One shape for both tables: the columns read and written here are the ones they share.
  const db = handle.db as unknown as Kysely<Record<Outbox, ClaimColumns>>;
  const claimed = await db.transaction().execute(async (tx) => {
    let due = tx
      .selectFrom(table as Outbox)
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(batchSize);
    if (handle.kind === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return tx.updateTable(table as Outbox).set({ locked_until: now + lockMs }).where('id', 'in', ids).returningAll().execute();
  });
  return claimed as unknown as Database[T][];
}
