import { announceChange } from '../../db/change-feed.js';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { EventRow } from '../../db/types.js';
import { enabledEndpoints, queueDeliveries, subscribersAmong } from '../webhooks/outbox.js';
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
  'gift_card.created', 'gift_card.updated',
  'return.created', 'return.received', 'return.refunded', 'return.canceled',
] as const;
export type EventKind = (typeof eventKinds)[number];

const insertEvents = compiledQuery((db, rows: EventRow[]) => db.insertInto('events').values(rows));

/** An event to write: its kind and the resource it is about. */
export interface NewEvent {
  kind: EventKind;
  object: { id: string };
}

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
  return (await recordEvents(db, now, [{ kind, object }]))[0]!;
}

/**
 * Writes several events of one change, in the order given (their ids follow it), as recordEvent
 * does, reading the endpoints and announcing the change once for all of them: a placement writes an
 * event for each sku it takes stock from and several for the order.
 */
export async function recordEvents(db: Executor, now: number, events: NewEvent[]): Promise<EventRow[]> {
  if (events.length === 0) return [];
  const endpoints = await enabledEndpoints(db);
  const written = events.map(({ kind, object }) => {
    const subscribed = subscribersAmong(endpoints, kind);
    const row: EventRow = {
      id: newId('evn'),
      kind,
      related_id: object.id,
      data: JSON.stringify({ object }),
      pending_webhooks: subscribed.length,
      created_at: now,
      updated_at: now,
    };
    return { row, subscribed };
  });
  // The events, their deliveries and the announcement go to PostgreSQL together, in this order.
  await pipelined(db, (piped) => Promise.all([
    insertEvents(piped, written.map((w) => w.row)),
    ...written.map(({ row, subscribed }) => queueDeliveries(piped, row.id, subscribed)),
    announceChange(piped),
  ]));
  return written.map((w) => w.row);
}
