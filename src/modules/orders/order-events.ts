import type { Tx } from '../../db/database.js';
import { recordEvents, type EventKind } from '../events/record-event.js';
import type { OrderView } from './orders.schemas.js';

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
  const kinds: EventKind[] = view.status === 'created' ? moves : [...moves, 'order.updated'];
  await recordEvents(tx, now, kinds.map((kind) => ({ kind, object: view })));
}
