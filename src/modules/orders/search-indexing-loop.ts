import type { Db } from '../../db/database.js';
import { indexQueuedOrders } from './order-search.js';

/**
 * Indexes the orders queued for search (order-search.ts) every `pollMs` until stopped, so the terms
 * of a placed order are written within that time even when nobody searches. Errors are logged and
 * the loop goes on (the database may come back). `stop` waits for the batch under way.
 */
export function startSearchIndexing(db: Db, options: { pollMs: number; log: { error(object: unknown, message: string): void } }): { stop(): Promise<void> } {
  let stopped = false;
  let wake: (() => void) | undefined;
  const done = (async () => {
    while (!stopped) {
      try {
        await indexQueuedOrders(db);
      } catch (error) {
        options.log.error({ err: error }, 'order search indexing failed');
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.pollMs);
      });
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      wake?.();
      await done;
    },
  };
}
