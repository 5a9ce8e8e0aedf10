import type { Tx } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { OrderItemRow, OrderRow, TransactionRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { assertMove } from '../../lib/state-machine.js';
import { redeemDiscounts } from '../discounts/discount-usage.js';
import { recordEvents } from '../events/record-event.js';
import { orderEvents, recordOrderChanged } from '../orders/order-events.js';
import { statusMoves, statusWords, type FinancialStatus, type OrderStatus } from '../orders/order-states.js';
import { queueOrderIndexing } from '../orders/order-search.js';
import * as orders from '../orders/orders.repo.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { orderView } from '../orders/orders.view.js';
import { GatewayFailure, type DriverResult } from '../payments/drivers/driver.js';
import { driverFor } from '../payments/drivers/registry.js';
import { enabledGateways } from '../payments/gateways.repo.js';
import { gatewaySettings } from '../payments/gateways.service.js';
import { findStore } from '../store/stores.repo.js';
import { loadSkuPricing } from '../markets/sku-prices.js';
import { holdSkus, stockEvents, takeStock } from './stock.js';
import { outOfStockProblem, releaseReservation, reserveForPayment } from './reservation.js';
import type { PricedOrder } from './order-pricing.js';
import { checkoutEnvelope, findOwnOrder, requireUnexpired, type CheckoutView } from './checkout.service.js';
import { repriceAsNow, requireAsInShop } from './shop-check.js';
import type { PaymentWriteInput } from './checkout.schemas.js';
import { receivedOutside, requireOffline, wantsMarkPaid } from './staff-payment.js';
import { queueOrderNotification } from '../notifications/queue.js';
import { supersedeAwaited } from './awaited-payment.js';
import { rememberOrderAddress } from '../customers/customer-addresses.service.js';
import { issueSoldGiftCards } from '../gift-cards/sold-gift-cards.js';
import { giftCardCharges } from '../gift-cards/gift-card-payments.js';
import { amountDue, isCoveredByGiftCards, isGiftCardRefusal, redeemGiftCards, sharesOf } from '../gift-cards/gift-card-redemption.js';
import { GIFT_CARD_METHOD, payWithGiftCards } from './gift-card-payment.js';

/** What the order still lacks before it can be paid, each named as the member to send. */
export function missingData(order: OrderRow): FieldError[] {
  const missing: FieldError[] = [];
  const need = (field: string, message: string) => missing.push({ field, code: 'required', message });
  if (!order.email) need('customer[email]', 'is required before paying');
  if (order.is_shipping_required === 1 && !order.shipping_address) need('shipping', 'the shipping address is required before paying');
  if (!order.billing_address) need('billing', 'the billing address is required before paying');
  if (order.is_shipping_required === 1 && !order.shipping_rate_id) need('shipping[method]', 'choose a shipping method first');
  // An order its gift cards pay whole needs no gateway (payment[method] gift_card).
  if (!order.gateway_id && !isCoveredByGiftCards(order)) need('payment[gateway]', 'choose a payment gateway first');
  return missing;
}

export function transactionRow(order: OrderRow, gatewaySource: string, kind: string, result: DriverResult, now: number, parentId: string | null = null): TransactionRow {
  return {
    id: newId('tra'),
    order_id: order.id,
    parent_id: parentId,
    kind,
    status: result.status,
    // The gateway charges what the order's gift cards leave to pay.
    amount: amountDue(order),
    currency: order.currency,
    authorization: result.authorization ?? null,
    code: result.code ?? null,
    reference: result.reference ?? null,
    gateway: gatewaySource,
    source_name: 'storefront',
    credit_card_number: result.creditCardNumber ?? null,
    credit_card_brand: result.creditCardBrand ?? null,
    message: result.message ?? null,
    is_test: result.isTest ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
}

/** What settling a kept pending payment changes of its transaction. */
function settledChanges(row: TransactionRow, now: number): Partial<TransactionRow> {
  const { status, kind, amount, reference, code, message, credit_card_number, credit_card_brand } = row;
  return { status, kind, amount, reference, code, message, credit_card_number, credit_card_brand, updated_at: now };
}

async function releaseClaim(ctx: Ctx, orderId: string): Promise<void> {
  await orders.updateOrder(ctx.db, orderId, { payment_claimed_at: null });
}

export function isCheckoutChanged(error: unknown): boolean {
  return error instanceof Problem && error.code === 'checkout_changed';
}

/** Whether a refused payment leaves the checkout priced otherwise: prices, or a gift card's balance, changed. */
export function isRepriceNeeded(error: unknown): boolean {
  return isCheckoutChanged(error) || isGiftCardRefusal(error);
}

/**
 * Ends the claim of a payment refused before any money moved, and rethrows its refusal; the checkout
 * is re-priced first when a price or a gift card's balance changed (while the claim still keeps other
 * payments and changes out).
 */
export async function refuseBeforeCharge(ctx: Ctx, orderId: string, error: unknown): Promise<never> {
  try {
    if (isRepriceNeeded(error)) await repriceForBuyer(ctx, orderId);
  } finally {
    await releaseClaim(ctx, orderId);
  }
  throw error;
}

/** The buyer told checkout_changed reads the checkout priced as now (items, taxes, shipping, totals). */
export async function repriceForBuyer(ctx: Ctx, orderId: string): Promise<void> {
  await ctx.db.transaction().execute((tx) => repriceAsNow(tx, orderId, ctx.now()));
}

/**
 * Places the order in one transaction: status placed, the next order number, placed_at, the stock and
 * discount uses its payment reserved kept (reservation.ts) — or, for a payment that reserved nothing
 * (one settled by the provider after its reservation was given back), stock taken from every tracked
 * sku (never below 0 unless backorderable), each discount's use counted (never above its limits:
 * redeemDiscounts) and each gift card's share taken (never below 0: redeemGiftCards) —, the payment's
 * transaction (none for an order its gift cards pay whole) and a `charge` of each gift card, its
 * search terms (the number and payment method are new), and the events, in one write: each sku's sku.updated (and sku.low_stock) when stock is taken
 * here, then order.placed (and order.paid when the money is in), then order.updated; an order placed paid
 * issues the gift cards it sold (issueSoldGiftCards). The order and its
 * items were read under the payment claim, which refuses every other change: they are as saved, and
 * their total is the amount charged. Returns the order as placed, and its view.
 * @throws Problem validation_failed (items no longer on sale, a gift card short of its share);
 * checkout_changed; out_of_stock (everything rolled back).
 */
export async function place(
  ctx: Ctx, { order, items }: PricedOrder, tx: Tx, financial: FinancialStatus, method: string, transaction: TransactionRow | null, isStored = false,
): Promise<{ row: OrderRow; view: OrderView }> {
  const now = ctx.now();
  // Kept only while still held: a reservation given back meanwhile (its checkout expired) is taken anew.
  const isReserved = order.reserved_at !== null && (await orders.endReservation(tx, order.id));
  const { short, taken } = isReserved ? await holdSkus(tx, items) : await takeStock(ctx, tx, items);
  // The check that decides whether the shop still sells the order at the amount charged runs here,
  // in the placement's transaction, as the stock check does: the one before the charge only spares
  // the buyer a charge given back, and a price changed while the gateway charged must not be placed
  // at the old one. It reads after takeStock (or holdSkus), so every tracked sku's row is already locked by this
  // transaction (a staff change of it waits for the commit; SQLite runs one writer at a time). A
  // change of a row not locked here (a product, an untracked sku) that commits after this read is
  // ordered after the placement, as if made a moment after payment. Either way the order placed
  // records the total charged, and that total is the shop's price when the placement commits.
  const skus = await requireAsInShop(tx, order, items, now);
  if (short.length > 0) throw outOfStockProblem(short);
  if (!isReserved) {
    await redeemDiscounts(tx, order, now);
    await redeemGiftCards(tx, order.id, sharesOf(order), now);
  }
  const store = await findStore(tx);
  const sequence = await orders.nextOrderNumber(tx);
  const placement: Partial<OrderRow> = {
    status: 'placed',
    number: `${store?.order_prefix ?? ''}${sequence}${store?.order_suffix ?? ''}`,
    number_sequence: sequence,
    placed_at: now,
    financial_status: financial,
    payment_method: method,
    is_test: transaction?.is_test ?? 0,
    payment_claimed_at: null,
    reserved_at: null,
    updated_at: now,
  };
  if (!(await orders.moveOrder(tx, order.id, 'status', 'created', placement))) {
    throw new Problem('invalid_state', 'The order was placed by another request', { extra: { field: 'status', requested: 'placed' } });
  }
  // A payment the provider settled later (3-D Secure) was kept pending: it is settled now.
  if (transaction && isStored) await orders.updateTransaction(tx, transaction.id, settledChanges(transaction, now));
  else if (transaction) await orders.insertTransaction(tx, transaction);
  // Without a gateway's payment, the first card's charge keeps the Idempotency-Key (isPlacedWithThisKey).
  for (const [i, charge] of giftCardCharges(order, now).entries()) {
    await orders.insertTransaction(tx, transaction === null && i === 0 ? { ...charge, idempotency_key: ctx.idempotencyKey ?? null } : charge);
  }
  const placedRow: OrderRow = { ...order, ...placement };
  await queueOrderIndexing(tx, placedRow.id);
  // The buyer's address joins their book first, so the order's events show its customer as it now is;
  // its customer.updated comes before theirs (after the skus' stock events, made when the stock was taken).
  await rememberOrderAddress(tx, placedRow, ctx.actor, now);
  // Placed by this transaction: no return of it can exist yet.
  const view = await orderView(tx, placedRow, { items, returns: [] });
  // One write of every event: the skus' (read by the check above, after the stock was taken), then the order's.
  await recordEvents(tx, now, [
    ...stockEvents(skus, taken, -1, await loadSkuPricing(tx, [...taken.keys()])),
    ...orderEvents(view, financial === 'paid' ? ['order.placed', 'order.paid'] : ['order.placed']),
  ]);
  await queueOrderNotification(tx, now, 'order_confirmation', placedRow);
  if (financial === 'paid') await issueSoldGiftCards(tx, placedRow, items, now);
  return { row: placedRow, view };
}

/**
 * Claims the order for one payment: a second payment while one is under way is refused, and so are
 * checkout changes (checkout.service.ts), so nothing is charged twice or for a stale total. Returns
 * the order as claimed.
 * @throws Problem invalid_state (placed meanwhile, or a payment under way).
 */
async function claimPayment(ctx: Ctx, id: string): Promise<OrderRow> {
  const claimed = await orders.claimOrder(ctx.db, id, 'status', 'created', ctx.now());
  if (claimed) return claimed;
  const current = await orders.findOrder(ctx.db, id);
  if (current) assertMove(statusMoves, 'status', current.status as OrderStatus, 'placed', statusWords);
  throw new Problem('invalid_state', 'A payment of this order is already under way', { extra: { field: 'status', current: 'paying', requested: 'placed' } });
}

/**
 * What paying this order needs: its data complete, its gateway enabled and offering the method, and
 * every item on sale and priced as the order holds it (checked again at placement). Stock is for the
 * reservation to take.
 * @throws Problem validation_failed; checkout_changed.
 */
async function checkPayable(ctx: Ctx, order: OrderRow, input: PaymentWriteInput) {
  const missing = missingData(order);
  if (missing.length > 0) throw Problem.invalid(missing);
  const gateway = (await enabledGateways(ctx.db)).find((row) => row.id === order.gateway_id);
  const driver = gateway ? driverFor(gateway.driver) : undefined;
  if (!gateway || !driver) throw Problem.invalid([{ field: 'payment[gateway]', code: 'unavailable', message: 'the chosen gateway is no longer available; choose another' }]);
  const settings = gatewaySettings(gateway);
  const errors = new FieldErrors();
  if (!driver.methods(settings).includes(input.payment.method)) {
    errors.add('payment[method]', 'invalid_value', `must be one of: ${driver.methods(settings).join(', ')}`);
  }
  for (const [name, message] of Object.entries(driver.checkPayment?.(input.payment) ?? {})) errors.add(`payment[${name}]`, 'invalid_value', message);
  errors.throwIfAny();
  const [items, transactions] = await pipelined(ctx.db, (piped) => Promise.all([orders.findItems(piped, [order.id]), orders.findTransactions(piped, [order.id])]));
  await requireAsInShop(ctx.db, order, items, ctx.now());
  return { gateway, driver, settings, items, transactions, attempt: attemptOf(transactions) };
}

/** Which payment of the order this is: one more than the payments its transactions record. */
function attemptOf(transactions: TransactionRow[]): number {
  return transactions.filter((row) => row.kind === 'charge' || row.kind === 'authorization').length + 1;
}

/**
 * Pays an order with its chosen gateway and, when the gateway takes or reserves the money (or
 * awaits it offline), places it. The gateway is charged what the order's gift cards leave to pay
 * (their shares are taken in the reservation); an order they pay whole is paid with method
 * `gift_card` and no gateway (gift-card-payment.ts). The gateway is called outside any database transaction; a second
 * payment of the same order while one is under way is refused, so nothing is charged twice. A
 * decline records a failed transaction and leaves the order payable. An item no longer on sale is
 * refused; a price, tax or shipping rate changed since the checkout was priced re-prices it and is
 * refused, so the buyer reads the new total and pays again. When stock ran out, an item left the
 * shop or a price changed between the check and the placement, the payment is given back (void or
 * refund) and the order stays payable.
 * With an Idempotency-Key, the gateway gets it and the placing transaction keeps it, so a retry of a
 * payment that placed the order answers that order again, charging nothing.
 * Staff may mark a manual payment received (`mark_paid`): the order is placed paid, its payment a
 * succeeded charge, instead of pending.
 * A payment the buyer must still confirm (3-D Secure) keeps a pending transaction and answers the
 * checkout, unplaced, with `meta.next_action`: the provider's webhook settles it (payment-settlement.ts);
 * paying again first cancels it (supersedeAwaited), and is refused when it went through meanwhile.
 * A gateway that fails is 503: a failure that spends the attempt at the provider is kept as a failed
 * transaction, so paying again is a new attempt; one that did not answer keeps nothing, so paying
 * again repeats the same attempt, which the provider replays rather than charging twice.
 * @throws Problem forbidden (mark_paid from a storefront); not_found; invalid_state (placed, expired,
 * or a payment under way); validation_failed (data missing, unknown method, items no longer on sale,
 * mark_paid with a gateway that is not manual, payment details the driver refuses); checkout_changed;
 * out_of_stock; payment_declined (402); unavailable (503).
 */
export async function payOrder(ctx: Ctx, id: string, input: PaymentWriteInput): Promise<CheckoutView> {
  const markPaid = wantsMarkPaid(ctx, input);
  const found = await findOwnOrder(ctx, ctx.db, id);
  if (found.status !== 'created' && (await isPlacedWithThisKey(ctx, id))) return checkoutEnvelope(ctx.db, found, ctx.actor);
  // Paying asks for the move to placed: a refusal names that move (current placed, requested placed).
  assertMove(statusMoves, 'status', found.status as OrderStatus, 'placed', statusWords);
  requireUnexpired(found, ctx.now(), 'placed');
  // As claimed: checkout changes are refused from here on, so the total charged is the total placed
  // (a shipping method chosen just before the claim would otherwise go uncharged).
  const claimed = await claimPayment(ctx, id);
  if (isCoveredByGiftCards(claimed) || input.payment.method === GIFT_CARD_METHOD) return payWithGiftCards(ctx, claimed, input);
  let payable: Awaited<ReturnType<typeof checkPayable>>;
  let order: OrderRow;
  try {
    payable = await checkPayable(ctx, claimed, input);
    if (markPaid) requireOffline(payable.gateway);
    await supersedeAwaited(ctx, id, payable.gateway, payable.driver, payable.settings, payable.transactions);
    // Reserve, charge, place: a buyer refused for stock or a discount's limit is refused here, before any money moves.
    order = await reserveForPayment(ctx, claimed, payable.items);
  } catch (error) {
    return refuseBeforeCharge(ctx, id, error);
  }
  const { gateway, driver, settings, items, attempt } = payable;

  let result: Awaited<ReturnType<typeof driver.authorize>>;
  try {
    result = await driver.authorize({
      orderId: id, amount: amountDue(order), currency: order.currency, details: input.payment, settings, idempotencyKey: ctx.idempotencyKey ?? null, attempt,
    });
  } catch (error) {
    ctx.log.error({ err: error, order: id }, 'payment gateway failed');
    if (error instanceof GatewayFailure) {
      // The attempt is spent at the provider: kept failed, so paying again is a new attempt.
      await keepUnplaced(ctx, transactionRow(order, gateway.source, 'charge', error.recorded, ctx.now()), { release: true });
      throw new Problem('unavailable', 'The payment gateway failed; the order was not placed. Pay again');
    }
    // The provider may have taken the money: the reservation stays for the retry, which it replays.
    await releaseClaim(ctx, id);
    throw new Problem('unavailable', 'The payment gateway did not answer; the order was not placed and paying again charges once');
  }
  if (markPaid && result.status === 'pending') result = receivedOutside(result);
  const transaction = transactionRow(order, gateway.source, result.kind, result, ctx.now());
  if (result.status === 'failed') {
    await keepUnplaced(ctx, transaction, { release: true });
    throw new Problem('payment_declined', result.message ?? 'The payment was declined', { extra: { decline_code: result.code ?? null } });
  }
  if (result.nextAction) {
    // The buyer confirms with the card issuer first: the order waits, unplaced and reserved, for the provider's webhook.
    await keepUnplaced(ctx, transaction, { release: false });
    const envelope = await checkoutEnvelope(ctx.db, (await orders.findOrder(ctx.db, id))!, ctx.actor);
    return { ...envelope, meta: { ...envelope.meta, next_action: result.nextAction } };
  }
  const financial: FinancialStatus = result.status === 'pending' ? 'pending' : result.kind === 'authorization' ? 'authorized' : 'paid';
  let placed: Awaited<ReturnType<typeof place>>;
  try {
    // Only the payment that places the order keeps the key: a retry finds it (isPlacedWithThisKey).
    const keyed = { ...transaction, idempotency_key: ctx.idempotencyKey ?? null };
    placed = await ctx.db.transaction().execute((tx) => place(ctx, { order, items }, tx, financial, input.payment.method, keyed));
  } catch (error) {
    await giveBack(ctx, order, gateway.source, settings, driver, transaction);
    if (isRepriceNeeded(error)) await repriceForBuyer(ctx, id);
    throw error;
  }
  return checkoutEnvelope(ctx.db, placed.row, ctx.actor, { view: placed.view });
}

/**
 * Keeps a payment that placed nothing (declined, failed, or waiting for the buyer) and ends the
 * claim; `release` gives the reservation back (not for a payment the buyer may still confirm).
 */
async function keepUnplaced(ctx: Ctx, transaction: TransactionRow, { release }: { release: boolean }): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await orders.insertTransaction(tx, transaction);
    if (release) await releaseReservation(ctx, tx, transaction.order_id);
    await orders.updateOrder(tx, transaction.order_id, { payment_claimed_at: null, updated_at: ctx.now() });
  });
}

/**
 * Whether this request's Idempotency-Key placed the order: then its retry (after a crash lost the
 * first answer) answers the placed checkout, as the first request did, instead of a refusal.
 */
async function isPlacedWithThisKey(ctx: Ctx, id: string): Promise<boolean> {
  if (ctx.idempotencyKey === undefined) return false;
  return (await orders.findTransactionByIdempotencyKey(ctx.db, id, ctx.idempotencyKey)) !== undefined;
}

/**
 * The placement failed after the gateway took the money: release it (void an authorization, refund
 * a charge) and record both transactions, so the order shows what happened and stays payable; an
 * unplaced order's reservation is given back with them.
 */
export async function giveBack(
  ctx: Ctx,
  order: OrderRow,
  source: string,
  settings: Record<string, unknown>,
  driver: NonNullable<ReturnType<typeof driverFor>>,
  taken: TransactionRow,
  { isStored = false, holdsClaim = true }: { isStored?: boolean; holdsClaim?: boolean } = {},
): Promise<void> {
  const request = {
    orderId: order.id, amount: taken.amount, currency: order.currency, authorization: taken.authorization, settings,
    // One give-back per payment, however often a webhook that triggers it is delivered.
    idempotencyKey: `${order.id}-give-back-${taken.authorization ?? taken.id}`,
  };
  let back: DriverResult;
  try {
    back = taken.kind === 'charge' ? await driver.refund(request) : await driver.void(request);
  } catch (error) {
    back = { status: 'failed', message: 'the gateway did not answer', isTest: taken.is_test === 1 };
    ctx.log.error({ err: error, order: order.id }, 'giving a payment back failed');
  }
  await ctx.db.transaction().execute(async (tx) => {
    if (isStored) await orders.updateTransaction(tx, taken.id, settledChanges(taken, ctx.now()));
    else await orders.insertTransaction(tx, taken);
    await orders.insertTransaction(tx, { ...transactionRow(order, source, taken.kind === 'charge' ? 'refund' : 'void', back, ctx.now(), taken.id), amount: taken.amount });
    await releaseReservation(ctx, tx, order.id);
    // An order placed by another payment may be held by a staff move: only the holder releases it.
    if (holdsClaim) await orders.updateOrder(tx, order.id, { payment_claimed_at: null, updated_at: ctx.now() });
    // A placed order shows the payment given back: its change is an order.updated.
    if (order.status !== 'created') await recordOrderChanged(tx, order.id, ctx.now());
  });
}

