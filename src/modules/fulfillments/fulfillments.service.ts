import type { Executor, Tx } from '../../db/database.js';
import type { FulfillmentItemRow, FulfillmentRow, FulfillmentStatus, OrderItemRow, OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { assertMove, type MoveWords, type Moves } from '../../lib/state-machine.js';
import { recordEvent } from '../events/record-event.js';
import type { FulfillmentStatus as OrderFulfillmentStatus } from '../orders/order-states.js';
import { listedItems } from '../orders/listed-items.js';
import * as orders from '../orders/orders.repo.js';
import { recordOrderEvents } from '../orders/order-events.js';
import { itemView, orderView } from '../orders/orders.view.js';
import type { FulfillmentCreateInput, FulfillmentUpdateInput, FulfillmentView } from './fulfillments.schemas.js';
import * as repo from './fulfillments.repo.js';
import * as returns from '../returns/returns.repo.js';
import { queueOrderNotification } from '../notifications/queue.js';

/** Fulfillment `status` moves: a canceled or failed shipment never moves again. */
export const fulfillmentMoves: Moves<FulfillmentStatus> = {
  pending: ['succeeded', 'failed', 'canceled'],
  succeeded: ['canceled'],
  failed: [],
  canceled: [],
};

const fulfillmentWords: MoveWords<FulfillmentStatus> = {
  subject: 'fulfillment',
  state: { pending: 'pending', succeeded: 'shipped (succeeded)', failed: 'failed', canceled: 'canceled' },
  move: { pending: 'made pending again', succeeded: 'marked as succeeded', failed: 'marked as failed', canceled: 'canceled' },
};

/** Statuses whose units count as shipped. */
const shipping: FulfillmentStatus[] = ['pending', 'succeeded'];

/** The order's fulfillment status, from its items' shipped quantities. */
export function fulfillmentStatusOf(items: Pick<OrderItemRow, 'is_shipping_required' | 'quantity' | 'fulfilled'>[]): OrderFulfillmentStatus {
  const shippable = items.filter((item) => item.is_shipping_required === 1);
  if (shippable.length === 0) return 'not_required';
  if (shippable.every((item) => item.fulfilled >= item.quantity)) return 'fulfilled';
  return shippable.some((item) => item.fulfilled > 0) ? 'partially_fulfilled' : 'unfulfilled';
}

async function fulfillmentViews(db: Executor, rows: FulfillmentRow[]): Promise<FulfillmentView[]> {
  const shipped = await repo.findFulfillmentItems(db, rows.map((r) => r.id));
  const orderItems = new Map((await orders.findItems(db, [...new Set(rows.map((r) => r.order_id))])).map((i) => [i.id, i]));
  return rows.map((row) => {
    const own = shipped.filter((s) => s.fulfillment_id === row.id);
    return {
      id: row.id,
      object: 'fulfillment',
      kind: row.kind,
      status: row.status,
      items: own.map((s) => {
        const item = orderItems.get(s.order_item_id)!;
        return { ...itemView(item), fulfilled_quantity: s.quantity, fulfilled_weight: s.quantity * item.weight };
      }),
      items_count: own.reduce((sum, s) => sum + s.quantity, 0),
      tracking_code: row.tracking_code,
      carrier: row.carrier,
      is_customer_notified: row.is_customer_notified === 1,
      order_id: row.order_id,
      ...metadataView(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

async function fulfillmentView(db: Executor, row: FulfillmentRow): Promise<FulfillmentView> {
  const [view] = await fulfillmentViews(db, [row]);
  return view!;
}

async function findOrderOf(db: Executor, orderId: string): Promise<OrderRow> {
  const order = await orders.findOrder(db, orderId);
  if (!order) throw Problem.notFound('order', orderId);
  return order;
}

async function findOwnFulfillment(db: Executor, orderId: string, id: string): Promise<{ order: OrderRow; row: FulfillmentRow }> {
  const order = await findOrderOf(db, orderId);
  const row = await repo.findFulfillment(db, orderId, id);
  if (!row) throw Problem.notFound('fulfillment', id);
  return { order, row };
}

/**
 * A shipment of the order changed (the order's shipments are part of it): its update time moves and
 * `order.updated` is recorded, after `order.fulfilled` when the change shipped its last item.
 */
async function recordOrderChange(tx: Tx, before: OrderRow, now: number): Promise<void> {
  await orders.updateOrder(tx, before.id, { updated_at: now });
  const after = (await orders.findOrder(tx, before.id))!;
  const isNowFulfilled = after.fulfillment_status === 'fulfilled' && before.fulfillment_status !== 'fulfilled';
  await recordOrderEvents(tx, now, await orderView(tx, after), isNowFulfilled ? ['order.fulfilled'] : []);
}

/** Recomputes the order's fulfillment_status from its items, as they stand in this transaction. */
async function refreshOrder(tx: Tx, orderId: string, now: number): Promise<void> {
  const status = fulfillmentStatusOf(await orders.findItems(tx, [orderId]));
  await orders.updateOrder(tx, orderId, { fulfillment_status: status, updated_at: now });
}

/** What a shipment asks for: every unshipped shipping item, or the items listed, checked. */
function plannedUnits(items: OrderItemRow[], input: FulfillmentCreateInput): Array<{ item: OrderItemRow; quantity: number }> {
  if (!input.items) {
    const all = items.filter((i) => i.is_shipping_required === 1 && i.fulfilled < i.quantity).map((item) => ({ item, quantity: item.quantity - item.fulfilled }));
    if (all.length === 0) {
      throw new Problem('invalid_state', 'Everything of this order that ships is shipped', { extra: { field: 'fulfillment_status', current: 'fulfilled', requested: 'fulfilled' } });
    }
    return all;
  }
  const errors = new FieldErrors();
  const planned: Array<{ item: OrderItemRow; quantity: number }> = [];
  for (const { index: i, item, wanted } of listedItems(items, input.items, errors)) {
    const left = item.quantity - item.fulfilled;
    const quantity = wanted.quantity ?? left;
    if (item.is_shipping_required !== 1) errors.add(`items[${i}][id]`, 'not_shippable', 'needs no shipping');
    else if (quantity < 1 || quantity > left) errors.add(`items[${i}][quantity]`, 'out_of_range', `must be from 1 to the ${left} left to ship`);
    else planned.push({ item, quantity });
  }
  errors.throwIfAny();
  return planned;
}

/**
 * Ships items of a placed order: all that is left (no `items`), or the listed items and quantities.
 * `kind` is `parcial` while anything is left to ship afterwards, `full` otherwise. The shipped units
 * are added to the order items with conditional updates, so concurrent shipments never ship more
 * than was ordered; the order's fulfillment_status follows. Records `fulfillment.created`, then
 * `order.fulfilled` when its last item ships and `order.updated`.
 * @throws Problem not_found; invalid_state unless the order is placed, or when nothing is left;
 * validation_failed naming each item of another order, needing no shipping, or above what is left.
 */
export async function createFulfillment(ctx: Ctx, orderId: string, input: FulfillmentCreateInput): Promise<FulfillmentView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Lock first: a concurrent shipment of other items must be seen, or both would call the order partial.
    await orders.lockOrder(tx, orderId);
    const order = await findOrderOf(tx, orderId);
    if (order.status !== 'placed') {
      throw new Problem('invalid_state', `A ${order.status} order cannot be fulfilled`, { extra: { field: 'status', current: order.status, requested: 'placed' } });
    }
    const planned = plannedUnits(await orders.findItems(tx, [orderId]), input);
    const errors = new FieldErrors();
    for (const [i, { item, quantity }] of planned.entries()) {
      if (!(await repo.shipUnits(tx, item.id, quantity, now))) errors.add(`items[${i}][quantity]`, 'out_of_range', 'is more than is left to ship now');
    }
    errors.throwIfAny();
    const after = await orders.findItems(tx, [orderId]);
    const status = fulfillmentStatusOf(after);
    const row: FulfillmentRow = {
      id: newId('ful'),
      order_id: orderId,
      kind: status === 'fulfilled' ? 'full' : 'parcial',
      status: input.status ?? 'succeeded',
      tracking_code: input.tracking_code ?? null,
      carrier: input.carrier ?? null,
      is_customer_notified: boolFlag(input.is_customer_notified ?? false),
      ...newMetadata(input),
      created_at: now,
      updated_at: now,
    };
    const items: FulfillmentItemRow[] = planned.map(({ item, quantity }) => ({ fulfillment_id: row.id, order_item_id: item.id, quantity }));
    await repo.insertFulfillment(tx, row, items);
    await orders.updateOrder(tx, orderId, { fulfillment_status: status, updated_at: now });
    const view = await fulfillmentView(tx, row);
    await recordEvent(tx, now, 'fulfillment.created', view);
    await recordOrderChange(tx, order, now);
    if (row.is_customer_notified === 1) await queueOrderNotification(tx, now, 'shipping_confirmation', order, { fulfillment: view });
    return view;
  });
}

/**
 * Gives a fulfillment's units back to its order items and recomputes the order. The order is locked.
 * @throws Problem invalid_state when returns hold units of an item that would then no longer be shipped:
 * they came back, so the shipment happened (cancel those returns first).
 */
async function giveUnitsBack(tx: Tx, row: FulfillmentRow, requested: FulfillmentStatus, now: number): Promise<void> {
  const units = await repo.findFulfillmentItems(tx, [row.id]);
  const held = await returns.findHeldUnits(tx, row.order_id);
  if (held.size > 0) {
    const shipped = new Map((await orders.findItems(tx, [row.order_id])).map((item) => [item.id, item.fulfilled]));
    const returned = units.filter((unit) => shipped.get(unit.order_item_id)! - unit.quantity < (held.get(unit.order_item_id)?.quantity ?? 0));
    if (returned.length > 0) {
      const detail = `The fulfillment cannot be ${fulfillmentWords.move[requested]}: returns hold units it shipped; cancel those returns first`;
      throw new Problem('invalid_state', detail, { extra: { field: 'status', current: row.status, requested } });
    }
  }
  for (const unit of units) await repo.unshipUnits(tx, unit.order_item_id, unit.quantity, now);
  await refreshOrder(tx, row.order_id, now);
}

/**
 * Changes the tracking code, carrier or notification flag of a shipment, or settles a pending one
 * (`succeeded`, or `failed`, which gives its units back). Records `fulfillment.updated` and
 * `order.updated`.
 * @throws Problem not_found; invalid_state for a move the status forbids (a canceled shipment never
 * moves), or failing a shipment whose units returns hold (giveUnitsBack).
 */
export async function updateFulfillment(ctx: Ctx, orderId: string, id: string, input: FulfillmentUpdateInput): Promise<FulfillmentView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await orders.lockOrder(tx, orderId);
    const { order, row } = await findOwnFulfillment(tx, orderId, id);
    const changes: Partial<FulfillmentRow> = { ...metadataChanges(input, row), updated_at: now };
    if (input.tracking_code !== undefined) changes.tracking_code = input.tracking_code;
    if (input.carrier !== undefined) changes.carrier = input.carrier;
    if (input.is_customer_notified !== undefined) changes.is_customer_notified = boolFlag(input.is_customer_notified);
    if (input.status !== undefined && input.status !== row.status) {
      assertMove(fulfillmentMoves, 'status', row.status, input.status, fulfillmentWords);
      changes.status = input.status;
      if (!(await repo.moveFulfillment(tx, id, row.status, changes))) throw movedMeanwhile(row.status, input.status);
      if (!shipping.includes(input.status)) await giveUnitsBack(tx, row, input.status, now);
    } else {
      await repo.updateFulfillment(tx, id, changes);
    }
    const after = { ...row, ...changes };
    const view = await fulfillmentView(tx, after);
    await recordEvent(tx, now, 'fulfillment.updated', view);
    await recordOrderChange(tx, order, now);
    if (isShippingNews(row, after)) await queueOrderNotification(tx, now, 'shipping_confirmation', order, { fulfillment: view });
    return view;
  });
}

/**
 * Whether a change of a shipment is news for the buyer: its tracking (code or carrier) changed, or
 * staff now ask for the buyer to be told, while it is shipping and the buyer is to be told.
 */
function isShippingNews(before: FulfillmentRow, after: FulfillmentRow): boolean {
  if (after.is_customer_notified !== 1 || !shipping.includes(after.status)) return false;
  return before.is_customer_notified !== 1 || before.tracking_code !== after.tracking_code || before.carrier !== after.carrier;
}

function movedMeanwhile(read: FulfillmentStatus, requested: FulfillmentStatus): Problem {
  return new Problem('invalid_state', 'The fulfillment changed meanwhile; read it and retry', { extra: { field: 'status', current: read, requested } });
}

/**
 * Cancels a shipment: its units go back to the order items, the order's fulfillment_status is
 * recomputed, and `fulfillment.updated` and `order.updated` are recorded.
 * @throws Problem not_found; invalid_state for a canceled (or failed) shipment, or one whose units
 * returns hold (giveUnitsBack).
 */
export async function cancelFulfillment(ctx: Ctx, orderId: string, id: string): Promise<FulfillmentView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await orders.lockOrder(tx, orderId);
    const { order, row } = await findOwnFulfillment(tx, orderId, id);
    assertMove(fulfillmentMoves, 'status', row.status, 'canceled', fulfillmentWords);
    const changes: Partial<FulfillmentRow> = { status: 'canceled', updated_at: now };
    if (!(await repo.moveFulfillment(tx, id, row.status, changes))) throw movedMeanwhile(row.status, 'canceled');
    await giveUnitsBack(tx, row, 'canceled', now);
    const view = await fulfillmentView(tx, { ...row, ...changes });
    await recordEvent(tx, now, 'fulfillment.updated', view);
    await recordOrderChange(tx, order, now);
    return view;
  });
}

export async function getFulfillment(ctx: Ctx, orderId: string, id: string): Promise<FulfillmentView> {
  return fulfillmentView(ctx.db, (await findOwnFulfillment(ctx.db, orderId, id)).row);
}

export async function listFulfillments(
  ctx: Ctx, orderId: string, metadata: Record<string, string> | undefined, page: PageRequest, url: string,
): Promise<Page<FulfillmentView>> {
  await findOrderOf(ctx.db, orderId);
  const [rows, total] = await Promise.all([
    repo.listFulfillments(ctx.db, orderId, metadata, offsetOf(page), page.perPage),
    repo.countFulfillments(ctx.db, orderId, metadata),
  ]);
  return toPage(await fulfillmentViews(ctx.db, rows), page, total, url);
}
