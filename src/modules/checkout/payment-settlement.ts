import type { GatewayRow, OrderRow, TransactionRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { amountDue } from '../gift-cards/gift-card-redemption.js';
import * as orders from '../orders/orders.repo.js';
import type { GatewayDriver, GatewayNotice } from '../payments/drivers/driver.js';
import { gatewaySettings } from '../payments/gateways.service.js';
import { giveBack, isRepriceNeeded, place, repriceForBuyer, transactionRow } from './payment.service.js';
import { releaseReservation } from './reservation.js';

// A payment the provider settles after the checkout answered (3-D Secure, or an answer lost on the
// way) reaches the order through the provider's webhook. Each function is safe to run again for the
// same event: it reads what is recorded before acting.

type Succeeded = Extract<GatewayNotice, { type: 'payment_succeeded' }>;
type Failed = Extract<GatewayNotice, { type: 'payment_failed' }>;

/** The webhook came while a payment of the order is under way: its provider delivers it again later. */
function underWay(orderId: string): Problem {
  return new Problem('invalid_state', `A payment of order ${orderId} is under way; deliver the event again later`, {
    extra: { field: 'status', current: 'paying', requested: 'placed' },
  });
}

async function isSettled(ctx: Ctx, authorization: string): Promise<boolean> {
  const known = await orders.findTransactionsByAuthorization(ctx.db, authorization);
  return known.some((row) => row.status === 'succeeded' && (row.kind === 'charge' || row.kind === 'authorization'));
}

/**
 * A payment the provider reports taken: places the order it was for, as paying at the checkout does
 * (stock, discounts, number, order.placed and order.paid), settling the transaction kept pending. When
 * the order cannot be placed with it (stock ran out, a price or the total changed, the order was
 * placed or canceled otherwise), the payment is given back (refund or void) and both are recorded.
 * Nothing happens for a payment already settled, or one of no order of this store.
 * @throws Problem invalid_state while a payment of the order is under way (the provider retries).
 */
export async function settleSucceeded(ctx: Ctx, gateway: GatewayRow, driver: GatewayDriver, notice: Succeeded): Promise<void> {
  const order = notice.orderId ? await orders.findOrder(ctx.db, notice.orderId) : undefined;
  // The order is read before its transactions: a placement commits both, so one seen placed has its transaction seen too.
  if (!order || (await isSettled(ctx, notice.authorization))) return;
  if (order.status !== 'created') return giveBackSecond(ctx, gateway, driver, notice, order);
  const claimed = await orders.claimOrder(ctx.db, order.id, 'status', 'created', ctx.now());
  if (claimed) return placeClaimed(ctx, gateway, driver, notice, claimed);
  const now = (await orders.findOrder(ctx.db, order.id))!;
  if (now.status === 'created') throw underWay(order.id);
  // Placed meanwhile: by this very payment (the checkout's own answer), or by another.
  if (!(await isSettled(ctx, notice.authorization))) await giveBackSecond(ctx, gateway, driver, notice, now);
}

/** The transaction kept pending at the checkout for this payment, if any. */
async function pendingOf(ctx: Ctx, order: OrderRow, notice: Succeeded): Promise<TransactionRow | undefined> {
  const known = await orders.findTransactionsByAuthorization(ctx.db, notice.authorization);
  return known.find((row) => row.order_id === order.id && row.status === 'pending');
}

/** The payment's transaction as taken: the pending one kept at the checkout, settled, or a new one. */
function takenRow(ctx: Ctx, gateway: GatewayRow, order: OrderRow, notice: Succeeded, pending: TransactionRow | undefined): TransactionRow {
  const row = { ...transactionRow(order, gateway.source, notice.kind, notice.result, ctx.now()), amount: notice.amount, currency: notice.currency, status: 'succeeded' };
  if (!pending) return row;
  return {
    ...pending, kind: notice.kind, status: 'succeeded', amount: notice.amount, code: null, message: null,
    reference: row.reference ?? pending.reference,
    credit_card_number: row.credit_card_number ?? pending.credit_card_number, credit_card_brand: row.credit_card_brand ?? pending.credit_card_brand,
  };
}

/** A second payment of an order placed, canceled or archived otherwise: given back, both recorded. */
async function giveBackSecond(ctx: Ctx, gateway: GatewayRow, driver: GatewayDriver, notice: Succeeded, order: OrderRow): Promise<void> {
  const pending = await pendingOf(ctx, order, notice);
  const taken = takenRow(ctx, gateway, order, notice, pending);
  await giveBack(ctx, order, gateway.source, gatewaySettings(gateway), driver, taken, { holdsClaim: false, isStored: pending !== undefined });
}

/** Places the order as claimed (checkout changes are refused from here on) with the payment. */
async function placeClaimed(ctx: Ctx, gateway: GatewayRow, driver: GatewayDriver, notice: Succeeded, order: OrderRow): Promise<void> {
  const pending = await pendingOf(ctx, order, notice);
  const taken = takenRow(ctx, gateway, order, notice, pending);
  try {
    if (notice.amount !== amountDue(order) || notice.currency !== order.currency) {
      throw new Problem('checkout_changed', `The payment of ${notice.amount} ${notice.currency} is not the ${amountDue(order)} ${order.currency} the order leaves to pay`);
    }
    const items = await orders.findItems(ctx.db, [order.id]);
    const financial = notice.kind === 'authorization' ? 'authorized' : 'paid';
    await ctx.db.transaction().execute((tx) => place(ctx, { order, items }, tx, financial, 'card', taken, pending !== undefined));
  } catch (error) {
    ctx.log.warn({ err: error, order: order.id }, 'a payment settled by webhook could not place its order: given back');
    await giveBack(ctx, order, gateway.source, gatewaySettings(gateway), driver, taken, { isStored: pending !== undefined });
    if (isRepriceNeeded(error)) await repriceForBuyer(ctx, order.id);
  }
}

/**
 * A payment the provider reports failed (the buyer failed 3-D Secure): the transaction kept pending
 * at the checkout is marked failed with the provider's code, and the reservation it kept is given
 * back; the order stays payable. A failure the checkout answered itself (a decline) is recorded by it
 * already.
 */
export async function settleFailed(ctx: Ctx, notice: Failed): Promise<void> {
  const known = await orders.findTransactionsByAuthorization(ctx.db, notice.authorization);
  const pending = known.find((row) => row.status === 'pending');
  if (!pending) return;
  await ctx.db.transaction().execute(async (tx) => {
    await orders.updateTransaction(tx, pending.id, { status: 'failed', code: notice.code, message: notice.message, updated_at: ctx.now() });
    await releaseReservation(ctx, tx, pending.order_id);
  });
}
