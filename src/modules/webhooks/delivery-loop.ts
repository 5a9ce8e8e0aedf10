import type { DatabaseHandle } from '../../db/database.js';
import { unixNow } from '../../lib/clock.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { pruneAuditEntries } from '../audit/audit.service.js';
import { deliverDue, type DeliveryOptions } from './delivery.js';

export interface LoopOptions extends DeliveryOptions {
  /** How often to look for due deliveries when the last look found few. */
  pollMs: number;
  /** Events older than this many days are deleted (at least 30). */
  retentionDays: number;
  log: { error(object: unknown, message: string): void };
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Events deleted per statement: a store with millions of them never holds the database (or the API's thread) for long. */
const PRUNE_BATCH = 5_000;

/** Deletes events past the retention, with their deliveries, a batch at a time; returns how many went. */
export async function pruneEvents(handle: DatabaseHandle, retentionDays: number): Promise<number> {
  const cutoff = unixNow() - Math.max(30, retentionDays) * 24 * 60 * 60;
  let total = 0;
  for (;;) {
    const result = await handle.db
      .deleteFrom('events')
      .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('created_at', '<', cutoff).limit(PRUNE_BATCH))
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < PRUNE_BATCH) return total;
    // Requests waiting for the database go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Runs webhook delivery until stopped: a full batch is followed at once by the next, otherwise the
 * loop waits `pollMs`; events past the retention and audit log entries over a year old are pruned
 * hourly. Errors are logged and the loop goes on (the database may come back). `stop` waits for the batch under way.
 */
export function startDeliveryLoop(handle: DatabaseHandle, options: LoopOptions): { stop(): Promise<void> } {
  let lastPrune = 0;
  return startPollingLoop(async () => {
    const handled = await deliverDue(handle, options);
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneEvents(handle, options.retentionDays);
      await pruneAuditEntries(handle.db, unixNow());
    }
    return handled;
  }, { batchSize: options.batchSize, pollMs: options.pollMs, onError: (error) => options.log.error({ err: error }, 'webhook delivery failed') });
}
