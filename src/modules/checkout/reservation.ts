import type { DatabaseHandle, Tx } from '../../db/database.js';
import type { OrderItemRow, OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { Problem, type FieldError } from '../../lib/problem.js';
import { redeemDiscounts } from '../discounts/discount-usage.js';
import { returnUses } from '../discounts/discounts.repo.js';
import { redeemGiftCards, returnGiftCards, sharesOf } from '../gift-cards/gift-card-redemption.js';
import * as orders from '../orders/orders.repo.js';
import { giveStockBack, recordStockChanges, takeStock } from './stock.js';

// Reserve, charge, place. Everything a placement could refuse for a reason known before the charge
// (each tracked sku's stock, each discount's use, each gift card's share) is taken in a transaction that commits before the
// gateway is called: a buyer who loses a race for the last unit or the last use of a code is refused
// before any money moves. The reservation is the real thing — in_stock goes down, times_used goes up,
// the redemption is written, the gift cards' balances go down — so every reader, and every other payment, sees it at once; the
// placement keeps it, and a payment that fails or is given back returns it.

// Giving a reservation back logs nothing of its own.
const quiet: Ctx['log'] = { info: () => {}, warn: () => {}, error: () => {} };

export function outOfStockProblem(errors: FieldError[]): Problem {
  return new Problem('out_of_stock', `Not enough stock for ${errors.map((e) => e.field).join(', ')}`, { errors });
}

/**
 * Reserves the order's stock, discount uses and gift card shares for the payment that holds its claim, unless a
 * payment of it holds them already (one awaiting the buyer's confirmation, or one whose gateway did
 * not answer). Records each changed sku's `sku.updated` (and `sku.low_stock`). Nothing is held when
 * it fails. Answers the order as reserved.
 * @throws Problem out_of_stock; checkout_changed (a discount's limit reached); validation_failed on
 * `gift_cards[i]` (a card spent, disabled or expired since the checkout was priced).
 */
export async function reserveForPayment(ctx: Ctx, order: OrderRow, items: OrderItemRow[]): Promise<OrderRow> {
  if (order.reserved_at !== null) return order;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (tx) => {
    // The order's row first, then the skus': the order every change of an unplaced order's stock
    // follows (a cancel, a placement), so two of them never wait on each other's rows.
    await orders.updateOrder(tx, order.id, { reserved_at: now });
    const { short, taken } = await takeStock(ctx, tx, items);
    if (short.length > 0) throw outOfStockProblem(short);
    await redeemDiscounts(tx, order, now);
    await redeemGiftCards(tx, order.id, sharesOf(order), now);
    await recordStockChanges(ctx, tx, taken, -1);
  });
  return { ...order, reserved_at: now };
}

/**
 * Gives an unplaced order's reservation back in the caller's transaction: its stock (with each sku's
 * `sku.updated`), its discount uses and what it took from gift cards. Once only: a second release, or one of an order holding none,
 * does nothing. False when there was nothing to release.
 */
export async function releaseReservation(ctx: Ctx, tx: Tx, orderId: string): Promise<boolean> {
  if (!(await orders.endReservation(tx, orderId))) return false;
  await giveStockBack(ctx, tx, await orders.findItems(tx, [orderId]));
  await returnUses(tx, orderId, ctx.now());
  await returnGiftCards(tx, orderId, ctx.now());
  return true;
}

/**
 * Gives back the reservations no payment of its checkout will use: those of checkouts that expired
 * unplaced (a buyer who never finished 3-D Secure, a process that stopped between the reservation and
 * the charge). A payment the provider settles later still places its order, taking the stock then, as
 * a payment that reserved nothing (payment.service place). At most `limit` a call; answers how many.
 */
export async function releaseExpiredReservations(handle: Pick<DatabaseHandle, 'db' | 'kind'>, now: number, limit = 100): Promise<number> {
  const ctx: Ctx = { db: handle.db, dbKind: handle.kind, actor: { kind: 'system' }, now: () => now, log: quiet };
  let released = 0;
  for (const id of await orders.findExpiredReservations(ctx.db, ctx.now(), limit)) {
    if (await ctx.db.transaction().execute((tx) => releaseReservation(ctx, tx, id))) released++;
  }
  return released;
}
