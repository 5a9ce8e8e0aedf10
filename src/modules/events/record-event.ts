import { announceChange } from '../../db/change-feed.js';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { EventRow } from '../../db/types.js';
import { queueDeliveries, subscribers } from '../webhooks/outbox.js';
import { newId } from '../../lib/ids.js';

/** The event kinds this server writes (DESIGN.md §7). */
export const eventKinds = [
  ...(['collection', 'product', 'sku', 'category', 'customer'] as const).flatMap((r) =>
    (['created', 'updated', 'deleted'] as const).map((m) => `${r}.${m}` as const)),
  'order.placed', 'order.paid', 'order.canceled', 'order.archived',
  'order.updated', 'order.refunded', 'order.fulfilled',
  'fulfillment.created', 'fulfillment.updated',
  'sku.low_stock',
  'discount.created', 'discount.updated', 'discount.deleted',
  'return.created', 'return.received', 'return.refunded', 'return.canceled',
] as const;
export type EventKind = (typeof eventKinds)[number];

const insertEvent = compiledQuery((db, row: EventRow) => db.insertInto('events').values(row));

/**
 * Writes an event. Call it with the transaction that makes the change, so the change and its event
 * are committed together or not at all. `object` is the resource after the change (before it, for a
 * deletion). It also announces the change (storefront caches drop what they kept).
 */
export async function recordEvent(
  db: Executor,
  now: number,
  kind: EventKind,
  object: { id: string },
): Promise<EventRow> {
  const row: EventRow = {
    id: newId('evn'),
    kind,
    related_id: object.id,
    data: JSON.stringify({ object }),
    pending_webhooks: 0,
    created_at: now,
    updated_at: now,
  };
  const endpoints = await subscribers(db, kind);
  row.pending_webhooks = endpoints.length;
  await insertEvent(db, row);
  await queueDeliveries(db, row.id, endpoints);
  await announceChange(db);
  return row;
}
