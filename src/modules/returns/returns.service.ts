import type { Executor, Tx } from '../../db/database.js';
import type { OrderItemRow, ReturnItemRow, ReturnRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { assertMove } from '../../lib/state-machine.js';
import { giveStockBack } from '../checkout/stock.js';
import { recordEvent } from '../events/record-event.js';
import { createTransaction, moneyOf } from '../orders/order-transactions.service.js';
import { listedItems } from '../orders/listed-items.js';
import { recordOrderChanged } from '../orders/order-events.js';
import * as orders from '../orders/orders.repo.js';
import { findVisibleOrder } from '../orders/orders.service.js';
import { shareOf } from './return-amounts.js';
import { returnMoves, returnWords, type ReturnStatus } from './return-states.js';
import type { ReturnCreateInput, ReturnView } from './returns.schemas.js';
import * as repo from './returns.repo.js';
import { returnView } from './returns.view.js';

async function returnViews(db: Executor, rows: ReturnRow[]): Promise<ReturnView[]> {
  const [items, orderItems] = await Promise.all([
    repo.findReturnItems(db, rows.map((row) => row.id)),
    orders.findItems(db, [...new Set(rows.map((row) => row.order_id))]),
  ]);
  const byId = new Map(orderItems.map((item) => [item.id, item]));
  return rows.map((row) => returnView({ row, items: items.filter((item) => item.return_id === row.id) }, byId));
}

async function viewOf(db: Executor, row: ReturnRow): Promise<ReturnView> {
  const [view] = await returnViews(db, [row]);
  return view!;
}

/** The return of this order (404 for an unknown order, or a return of another order). */
async function findOwnReturn(ctx: Ctx, db: Executor, orderId: string, id: string): Promise<ReturnRow> {
  await findVisibleOrder(ctx, db, orderId);
  const row = await repo.findReturn(db, orderId, id);
  if (!row) throw Problem.notFound('return', id);
  return row;
}

function movedMeanwhile(read: string, requested: ReturnStatus): Problem {
  return new Problem('invalid_state', 'The return changed meanwhile; read it and retry', { extra: { field: 'status', current: read, requested } });
}

/**
 * Units of an item that may come back: those shipped (all of an item that needs no shipping, which
 * is never fulfilled), as Shopify returns only fulfilled items.
 */
function returnableUnits(item: OrderItemRow): number {
  return item.is_shipping_required === 1 ? item.fulfilled : item.quantity;
}

/** The return's units checked against the order's items and what other returns hold, with their shares. */
function plannedItems(returnId: string, items: OrderItemRow[], held: Map<string, { quantity: number; amount: number }>, input: ReturnCreateInput): ReturnItemRow[] {
  const errors = new FieldErrors();
  const planned: ReturnItemRow[] = [];
  for (const { index, item, wanted } of listedItems(items, input.items, errors)) {
    const before = held.get(item.id) ?? { quantity: 0, amount: 0 };
    const left = returnableUnits(item) - before.quantity;
    if (wanted.quantity > left) {
      errors.add(`items[${index}][quantity]`, 'out_of_range', `is more than the ${Math.max(0, left)} shipped and not already returned`);
    } else {
      planned.push({ return_id: returnId, order_item_id: item.id, quantity: wanted.quantity, reason: wanted.reason, amount: shareOf(item, before, wanted.quantity) });
    }
  }
  errors.throwIfAny();
  return planned;
}

/**
 * Records a return of shipped items of a placed (or archived) order, status `requested`. An item may
 * come back at most as many times as it was shipped, less what other returns (but canceled ones)
 * hold; each item's `amount` is its share of what was paid for it (see shareOf). Records
 * `return.created` and the order's `order.updated`.
 * @throws Problem not_found; invalid_state for an order not placed yet or canceled; validation_failed
 * naming each unknown or repeated item and each quantity above what may come back.
 */
export async function createReturn(ctx: Ctx, orderId: string, input: ReturnCreateInput): Promise<ReturnView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Lock first: two returns of the same items at once must see each other, or both would take the same units.
    await orders.lockOrder(tx, orderId);
    const order = await findVisibleOrder(ctx, tx, orderId);
    if (order.status === 'created' || order.status === 'canceled') {
      const why = order.status === 'created' ? 'is not placed yet' : 'is canceled';
      throw new Problem('invalid_state', `The order ${why}: nothing of it can be returned`, { extra: { field: 'status', current: order.status, requested: 'placed' } });
    }
    const row: ReturnRow = {
      id: newId('ret'),
      order_id: orderId,
      status: 'requested',
      note: input.note ?? null,
      restock: boolFlag(input.restock ?? true),
      refunded_amount: null,
      transaction_id: null,
      received_at: null,
      refunded_at: null,
      canceled_at: null,
      ...newMetadata(input),
      created_at: now,
      updated_at: now,
    };
    const items = plannedItems(row.id, await orders.findItems(tx, [orderId]), await repo.findHeldUnits(tx, orderId), input);
    await repo.insertReturn(tx, row, items);
    const view = await viewOf(tx, row);
    await recordEvent(tx, now, 'return.created', view);
    await recordOrderChanged(tx, orderId, now);
    return view;
  });
}

/** Moves a return in one transaction with what the move does (`effect`) and its event. */
async function moveReturn(
  ctx: Ctx,
  orderId: string,
  id: string,
  to: 'received' | 'canceled',
  effect?: (tx: Tx, row: ReturnRow) => Promise<void>,
): Promise<ReturnView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row = await findOwnReturn(ctx, tx, orderId, id);
    const from = row.status as ReturnStatus;
    assertMove(returnMoves, 'status', from, to, returnWords);
    const changes: Partial<ReturnRow> = { status: to, updated_at: now, ...(to === 'received' ? { received_at: now } : { canceled_at: now }) };
    if (!(await repo.moveReturn(tx, id, from, changes))) throw movedMeanwhile(from, to);
    await effect?.(tx, row);
    const view = await viewOf(tx, { ...row, ...changes });
    await recordEvent(tx, now, to === 'received' ? 'return.received' : 'return.canceled', view);
    await recordOrderChanged(tx, orderId, now);
    return view;
  });
}

/**
 * Marks a requested return received: when it restocks, its units go back to their skus' stock in the
 * same transaction. Records `return.received` and the order's `order.updated`.
 * @throws Problem not_found; invalid_state unless the return is requested (naming both states).
 */
export function receiveReturn(ctx: Ctx, orderId: string, id: string): Promise<ReturnView> {
  return moveReturn(ctx, orderId, id, 'received', async (tx, row) => {
    if (row.restock !== 1) return;
    const returned = await repo.findReturnItems(tx, [id]);
    const items = new Map((await orders.findItems(tx, [orderId])).map((item) => [item.id, item]));
    await giveStockBack(ctx, tx, returned.map((unit) => ({ ...items.get(unit.order_item_id)!, quantity: unit.quantity })));
  });
}

/**
 * Cancels a return not received yet: its units may be returned again. Records `return.canceled` and the order's `order.updated`.
 * @throws Problem not_found; invalid_state once the return is received (naming both states).
 */
export function cancelReturn(ctx: Ctx, orderId: string, id: string): Promise<ReturnView> {
  return moveReturn(ctx, orderId, id, 'canceled');
}

/**
 * Refunds a received return through the order's own refund path (createTransaction: its claim on the
 * order, the gateway called outside the database, the Idempotency-Key kept): `amount`, by default the
 * return's amount, at most what is left to refund of the order. The refund's transaction, the order's
 * financial status, the return's move to `refunded` and `return.refunded` commit together; when the
 * gateway declines, the failed transaction is kept and the return stays received.
 * @throws Problem not_found; invalid_state unless the return is received (naming both states) or when
 * the order's money cannot be refunded; validation_failed naming `amount` above what is left to
 * refund; payment_declined when the gateway refuses.
 */
export async function refundReturn(ctx: Ctx, orderId: string, id: string, input: { amount?: number }): Promise<ReturnView> {
  const row = await findOwnReturn(ctx, ctx.db, orderId, id);
  if (await isRetryOfRefund(ctx, row)) return viewOf(ctx.db, row);
  assertMove(returnMoves, 'status', row.status as ReturnStatus, 'refunded', returnWords);
  const own = (await repo.findReturnItems(ctx.db, [id])).reduce((sum, item) => sum + item.amount, 0);
  const money = moneyOf(await orders.findTransactions(ctx.db, [orderId]));
  const amount = input.amount ?? Math.min(own, money.captured - money.refunded);
  if (amount < 1 && own === 0) throw Problem.invalid([{ field: 'amount', code: 'required', message: 'is needed: the returned items were paid nothing' }]);
  let view: ReturnView | undefined;
  await createTransaction(ctx, orderId, { kind: 'refund', amount }, {
    // Under the order's claim: a refund of this return that finished meanwhile is seen before the gateway is called.
    check: async () => {
      const current = await repo.findReturn(ctx.db, orderId, id);
      assertMove(returnMoves, 'status', (current?.status ?? row.status) as ReturnStatus, 'refunded', returnWords);
    },
    commit: async (tx, transaction, now) => {
      const changes: Partial<ReturnRow> = { status: 'refunded', refunded_amount: transaction.amount, transaction_id: transaction.id, refunded_at: now, updated_at: now };
      if (!(await repo.moveReturn(tx, id, 'received', changes))) return false;
      view = await viewOf(tx, { ...row, ...changes });
      await recordEvent(tx, now, 'return.refunded', view);
      return true;
    },
  });
  return view ?? getReturn(ctx, orderId, id);
}

/** A request retried with the Idempotency-Key of the refund that refunded this return (its answer was lost). */
async function isRetryOfRefund(ctx: Ctx, row: ReturnRow): Promise<boolean> {
  if (row.status !== 'refunded' || ctx.idempotencyKey === undefined || row.transaction_id === null) return false;
  const made = await orders.findTransactionByIdempotencyKey(ctx.db, row.order_id, ctx.idempotencyKey);
  return made?.id === row.transaction_id;
}

export async function getReturn(ctx: Ctx, orderId: string, id: string): Promise<ReturnView> {
  return viewOf(ctx.db, await findOwnReturn(ctx, ctx.db, orderId, id));
}

export async function listReturns(
  ctx: Ctx, orderId: string, metadata: Record<string, string> | undefined, page: PageRequest, url: string,
): Promise<Page<ReturnView>> {
  await findVisibleOrder(ctx, ctx.db, orderId);
  const [rows, total] = await Promise.all([
    repo.listReturns(ctx.db, orderId, metadata, offsetOf(page), page.perPage),
    repo.countReturns(ctx.db, orderId, metadata),
  ]);
  return toPage(await returnViews(ctx.db, rows), page, total, url);
}
