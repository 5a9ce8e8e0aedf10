import type { Db } from '../../db/database.js';
import { startPollingLoop } from '../../lib/polling-loop.js';
import { indexQueuedOrders } from './order-search.js';

/**
 * Indexes the orders queued for search (order-search.ts) every `pollMs` until stopped, so the terms
 * of a placed order are written within that time even when nobody searches. Errors are logged and
 * the loop goes on (the database may come back). `stop` waits for the batch under way.
 */
export function startSearchIndexing(db: Db, options: { pollMs: number; log: { error(object: unknown, message: string): void } }): { stop(): Promise<void> } {
  // indexQueuedOrders empties the queue: every tick is followed by the wait.
  return startPollingLoop(async () => (await indexQueuedOrders(db), 0), {
    batchSize: 1,
    pollMs: options.pollMs,
    onError: (error) => options.log.error({ err: error }, 'order search indexing failed'),
  });
}
