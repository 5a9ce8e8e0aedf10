import type { OrderRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { amountDue, giftCardsTotal, isCoveredByGiftCards } from '../gift-cards/gift-card-redemption.js';
import * as orders from '../orders/orders.repo.js';
import { checkoutEnvelope, type CheckoutView } from './checkout.service.js';
import type { PaymentWriteInput } from './checkout.schemas.js';
import { isRepriceNeeded, missingData, place, refuseBeforeCharge, repriceForBuyer } from './payment.service.js';
import { releaseReservation, reserveForPayment } from './reservation.js';
import { requireAsInShop } from './shop-check.js';

/** The payment method of an order its gift cards pay whole: no gateway is called. */
export const GIFT_CARD_METHOD = 'gift_card';

/**
 * Why `payment[method]` does not fit what the gift cards leave to pay: `gift_card` only when they pay
 * all of it (Shopify completes such an order without a payment), a gateway's method only when they don't.
 */
function methodProblem(order: OrderRow, method: string): Problem | undefined {
  const isCovered = isCoveredByGiftCards(order);
  if (isCovered && method !== GIFT_CARD_METHOD) {
    return Problem.invalid([{ field: 'payment[method]', code: 'invalid_value', message: `must be ${GIFT_CARD_METHOD}: the gift cards pay the whole total` }]);
  }
  if (!isCovered && method === GIFT_CARD_METHOD) {
    const paid = giftCardsTotal(order);
    return Problem.invalid([{
      field: 'payment[method]',
      code: 'invalid_value',
      message: `is ${GIFT_CARD_METHOD}, but the gift cards pay ${paid} of ${order.total_price}: pay the ${amountDue(order)} left with a method of the chosen gateway`,
    }]);
  }
  return undefined;
}

/**
 * Pays an order claimed for payment (payment.service payOrder) with its gift cards alone: the cards'
 * shares, the stock and the discount uses are reserved (reserveForPayment), then the order is placed
 * paid with a `charge` transaction per card. No gateway is called. A refusal gives everything back,
 * ends the claim and, when a price or a card's balance changed, re-prices the checkout.
 * @throws Problem validation_failed (data missing; payment[method] other than gift_card, or
 * gift_card when the cards do not pay everything; items no longer on sale; gift_cards[i] a card
 * short of its share); checkout_changed; out_of_stock.
 */
export async function payWithGiftCards(ctx: Ctx, claimed: OrderRow, input: PaymentWriteInput): Promise<CheckoutView> {
  const id = claimed.id;
  let reserved: OrderRow;
  let items: Awaited<ReturnType<typeof orders.findItems>>;
  try {
    const missing = missingData(claimed);
    if (missing.length > 0) throw Problem.invalid(missing);
    const refused = methodProblem(claimed, input.payment.method);
    if (refused) throw refused;
    items = await orders.findItems(ctx.db, [id]);
    await requireAsInShop(ctx.db, claimed, items, ctx.now());
    reserved = await reserveForPayment(ctx, claimed, items);
  } catch (error) {
    return refuseBeforeCharge(ctx, id, error);
  }
  try {
    const placed = await ctx.db.transaction().execute((tx) => place(ctx, { order: reserved, items }, tx, 'paid', GIFT_CARD_METHOD, null));
    return await checkoutEnvelope(ctx.db, placed.row, ctx.actor, { view: placed.view });
  } catch (error) {
    await ctx.db.transaction().execute(async (tx) => {
      await releaseReservation(ctx, tx, id);
      await orders.updateOrder(tx, id, { payment_claimed_at: null, updated_at: ctx.now() });
    });
    if (isRepriceNeeded(error)) await repriceForBuyer(ctx, id);
    throw error;
  }
}
