import type { Db } from './database.js';

/** What the worker has yet to do: webhook deliveries, mails, orders to index for search. */
export type Outbox = 'webhooks' | 'mail' | 'search';

export interface OutboxDepth {
  outbox: Outbox;
  /** Items waiting (pending; for search, queued). */
  depth: number;
  /**
   * Seconds the longest-waiting due item has waited since it fell due (0 when none is due): how far
   * behind the worker is. An item whose retry is scheduled later is not late; search has no times.
   */
  age: number | null;
}

/**
 * The outboxes' depths, for /metrics. Each is one read of the index the worker claims from
 * (status, next_attempt_at): cheap enough for every scrape, even with a long backlog.
 */
export async function readOutboxDepths(db: Db, nowMs: number): Promise<OutboxDepth[]> {
  const pending = (table: 'webhook_deliveries' | 'notifications') => db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as('depth'), eb.fn.min<number | null>('next_attempt_at').as('due')])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const [webhooks, mail, search] = await Promise.all([
    pending('webhook_deliveries'),
    pending('notifications'),
    db.selectFrom('order_search_queue').select((eb) => eb.fn.countAll<number>().as('depth')).executeTakeFirstOrThrow(),
  ]);
  const age = (due: number | null) => (due === null ? 0 : Math.max(0, (nowMs - Number(due)) / 1000));
  return [
    { outbox: 'webhooks', depth: Number(webhooks.depth), age: age(webhooks.due) },
    { outbox: 'mail', depth: Number(mail.depth), age: age(mail.due) },
    { outbox: 'search', depth: Number(search.depth), age: null },
  ];
}
