import type { Tx } from '../../db/database.js';
import { recordEvents, type EventKind, type NewEvent } from '../events/record-event.js';
import type { OrderView } from './orders.schemas.js';
import * as repo from './orders.repo.js';
import { orderView } from './orders.view.js';

/** The kinds that name one move of an order; each is recorded next to `order.updated`. */
export type OrderMoveKind = Extract<EventKind, 'order.placed' | 'order.paid' | 'order.canceled' | 'order.archived' | 'order.refunded' | 'order.fulfilled'>;

/**
 * Records the events of one change of an order, in the change's transaction, all carrying `view`
 * (the order after the change): each move named in `moves`, then one `order.updated`. An order
 * still being checked out (status `created`) records no `order.updated`: a checkout changes on
 * every step of the buyer, and it becomes the shop's order with `order.placed`. Call it once per
 * request, with every move the request made, so the request records one `order.updated`.
 */
export async function recordOrderEvents(tx: Tx, now: number, view: OrderView, moves: OrderMoveKind[] = []): Promise<void> {
  await recordEvents(tx, now, orderEvents(view, moves));
}

/** The events recordOrderEvents records, for a caller that records them with others of the change. */
export function orderEvents(view: OrderView, moves: OrderMoveKind[] = []): NewEvent[] {
  const kinds: EventKind[] = view.status === 'created' ? moves : [...moves, 'order.updated'];
  return kinds.map((kind) => ({ kind, object: view }));
}

/**
 * A change of what the order shows that moves none of its statuses (a refused payment move kept, a
 * return made, received or canceled): its `updated_at` moves, and `order.updated` carries it as it
 * now stands.
 */
export async function recordOrderChanged(tx: Tx, orderId: string, now: number): Promise<void> {
  await repo.updateOrder(tx, orderId, { updated_at: now });
  await recordOrderEvents(tx, now, await orderView(tx, (await repo.findOrder(tx, orderId))!));
}
