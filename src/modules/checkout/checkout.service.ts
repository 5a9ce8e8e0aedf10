import type { Static } from 'typebox';
import type { Executor, Tx } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { CartRow, OrderItemRow, OrderRow } from '../../db/types.js';
import { isStorefront, type Actor, type Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { NO_METADATA } from '../../lib/metadata.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { findCartItemsToOrder } from '../carts/carts.repo.js';
import { lockOwnCart, STAFF_SOURCE } from '../carts/carts.service.js';
import { isOnSale } from '../catalog/catalog-filters.js';
import { parseOptions, skuName } from '../catalog/skus.view.js';
import type { Market } from '../markets/market-context.js';
import { pricingOfSale, unitPricesIn } from '../markets/market-pricing.js';
import { unitPricesForCustomer } from '../price-lists/group-pricing.js';
import { queueOrderIndexing } from '../orders/order-search.js';
import * as orders from '../orders/orders.repo.js';
import type { OrderView } from '../orders/orders.schemas.js';
import { orderView, type HeldParts } from '../orders/orders.view.js';
import { enabledGateways } from '../payments/gateways.repo.js';
import { gatewayView } from '../payments/gateways.service.js';
import { admitGiftCardCodes } from '../gift-cards/balance-throttle.js';
import { checkGiftCardCodes } from '../gift-cards/gift-card-redemption.js';
import { storeView } from '../store/stores.service.js';
import { findStore } from '../store/stores.repo.js';
import { applyCheckoutData, buyerAsSent, withAttachedBuyer } from './checkout-data.js';
import type { CheckoutEnvelope, CheckoutWriteInput, MethodsWriteInput } from './checkout.schemas.js';
import { reprice, shippingLines, shippingOptions, type OfferedRate, type PricedOrder, type RepriceOptions } from './order-pricing.js';
import { releaseReservation } from './reservation.js';

export type CheckoutView = Static<typeof CheckoutEnvelope>;

/** How this server runs checkouts (from its configuration). */
export interface CheckoutSettings {
  /** How long a checkout may be changed and paid after its cart was checked out (STOREFRONT_CHECKOUT_TTL_HOURS). */
  ttlSeconds: number;
}

/**
 * An order being checked out that the caller may use: staff any (a staff order); a storefront one of
 * its channel, and when it came from a customer's cart, only that customer's. Anything else is 404.
 */
export async function findOwnOrder(ctx: Ctx, db: Executor, id: string): Promise<OrderRow> {
  return ownOrder(ctx, id, await orders.findOrderWithCartOwner(db, id));
}

function ownOrder(ctx: Ctx, id: string, found: orders.OrderWithCartOwner | undefined): OrderRow {
  const actor = ctx.actor;
  if (!found) throw Problem.notFound('checkout', id);
  const { cart_owner: owner, ...order } = found;
  if (actor.kind === 'admin') return order;
  if ((actor.kind !== 'channel' && actor.kind !== 'customer') || order.channel_id !== actor.channelId) throw Problem.notFound('checkout', id);
  if (owner !== null && (actor.kind !== 'customer' || actor.customerId !== owner)) throw Problem.notFound('checkout', id);
  return order;
}

function isOwnBuyer(order: OrderRow, viewer: Actor | undefined): boolean {
  return viewer?.kind === 'admin' || (viewer?.kind === 'customer' && order.customer_id === viewer.customerId);
}

/**
 * The order's customer as the caller may see it. Anyone holding the checkout id may read it, and
 * anyone may type a registered customer's email: so only that customer signed in (and staff) sees the
 * stored customer and its id; anyone else sees the buyer as sent (buyerAsSent), which tells nothing
 * of whether the email belongs to a customer.
 */
function visibleBuyer(order: OrderRow, data: OrderView, viewer: Actor | undefined): Pick<CheckoutView['data'], 'customer' | 'customer_id'> {
  return isOwnBuyer(order, viewer) ? { customer: data.customer, customer_id: data.customer_id } : { customer: buyerAsSent(order), customer_id: null };
}

/**
 * The checkout envelope: what the buyer still has to choose (meta) and the order (data), the
 * customer shown as `viewer` may see it (without a viewer, as a caller who is not that customer).
 * `held`: parts of the order (HeldParts), or its whole view, when the caller holds them as saved.
 */
export async function checkoutEnvelope(
  db: Executor,
  order: OrderRow,
  viewer?: Actor,
  held: HeldParts & { view?: OrderView } = {},
): Promise<CheckoutView> {
  const store = await findStore(db);
  const storeObject = store ? storeView(store) : {};
  const [methods, gateways, data] = await pipelined(db, (piped) => Promise.all([
    shippingOptions(piped, order),
    enabledGateways(piped),
    // A customer the viewer may not see is not read: visibleBuyer shows the buyer as sent instead.
    held.view ?? orderView(piped, isOwnBuyer(order, viewer) ? order : { ...order, customer_id: null }, held),
  ]));
  return {
    meta: {
      is_shipping_required: order.is_shipping_required === 1,
      selected_shipping_method: order.shipping_rate_id,
      selected_payment_gateway: order.gateway_id,
      expires_at: order.checkout_expires_at,
      shipping_methods: methods.map((rate) => ({ ...rate, store: storeObject })),
      payment_gateways: gateways.map((row) => gatewayView(row, 'storefront')),
    },
    data: { ...data, ...visibleBuyer(order, data, viewer) },
  };
}

/**
 * The order items of a cart as they stand now: names, prices, weights and taxability are copied,
 * so later catalogue changes do not touch the order.
 * @throws Problem validation_failed for an empty cart, or skus no longer on sale.
 */
async function snapshotItems(tx: Tx, cart: Pick<CartRow, 'id' | 'customer_id'>, orderId: string, market: Market, now: number): Promise<OrderItemRow[]> {
  const cartId = cart.id;
  const items = await findCartItemsToOrder(tx, cartId);
  if (items.length === 0) throw Problem.invalid([{ field: 'items', code: 'empty', message: 'the cart has no items' }]);
  // The cart's customer pays its groups' prices (group-pricing.ts), as the cart showed them.
  const prices = await unitPricesForCustomer(tx, cart.customer_id, market.currency, await unitPricesIn(tx, market, items), now);
  const errors = new FieldErrors();
  const rows: OrderItemRow[] = [];
  for (const sku of items) {
    if (!isOnSale({ is_active: sku.product_is_active, available_at: sku.product_available_at }, now) || sku.is_listable !== 1) {
      errors.add(`items[${sku.id}]`, 'unavailable', 'is no longer on sale');
      continue;
    }
    const { price, compared_price } = prices.get(sku.id) ?? {};
    if (price === undefined) {
      errors.add(`items[${sku.id}]`, 'not_available', `is not sold in ${market.currency} in this cart's market`);
      continue;
    }
    const owner = { name: sku.product_name, modifiers: JSON.parse(sku.product_modifiers) as string[] };
    const options = parseOptions(sku);
    const images = JSON.parse(sku.product_images) as Array<{ url: string }>;
    rows.push({
      id: newId('itm'),
      order_id: orderId,
      product_id: sku.product_id,
      sku_id: sku.id,
      permalink: sku.product_permalink,
      name: skuName(owner, options),
      product_name: sku.product_name,
      sku_name: Object.values(options).join(' / ') || sku.product_name,
      vendor: sku.vendor_name,
      code: sku.code,
      image: sku.image_url ?? images[0]?.url ?? null,
      price,
      compared_price: compared_price ?? null,
      quantity: sku.quantity,
      discount: 0,
      is_taxable: sku.is_taxable,
      tax_rate: 0,
      subtotal: price * sku.quantity,
      taxes: 0,
      total: price * sku.quantity,
      fulfilled: 0,
      is_shipping_required: sku.is_shipping_required,
      is_gift_card: sku.is_gift_card,
      weight: sku.weight_grams,
      stock_id: null,
      created_at: now,
      updated_at: now,
    });
  }
  errors.throwIfAny();
  return rows;
}

function newOrder(ctx: Ctx, id: string, cart: Pick<CartRow, 'id' | 'channel_id' | 'customer_id'>, currency: string, now: number, expiresAt: number): OrderRow {
  return {
    id,
    number: null,
    number_sequence: null,
    status: 'created',
    financial_status: 'unpaid',
    fulfillment_status: 'unfulfilled',
    channel_id: cart.channel_id,
    cart_id: cart.id,
    customer_id: ctx.actor.kind === 'customer' ? ctx.actor.customerId : cart.customer_id,
    email: null,
    customer_first_name: null,
    customer_last_name: null,
    is_shipping_required: 0,
    shipping_address: null,
    billing_address: null,
    same_address: 1,
    shipping_rate_id: null,
    shipping_lines: null,
    shipping_rate: 0,
    gateway_id: null,
    gateway: null,
    payment_method: null,
    discount_codes: '[]',
    gift_cards: '[]',
    is_gift: 0,
    gift_message: null,
    source_name: null,
    customer_note: null,
    order_note: null,
    cancel_reason: null,
    browser_ip: null,
    user_agent: null,
    landing_site: null,
    referring_site: null,
    total_products: 0,
    total_discount: 0,
    total_items: 0,
    total_items_price: 0,
    subtotal_price: 0,
    total_taxes: 0,
    total_price: 0,
    currency,
    market_id: null,
    exchange_rate: null,
    locale: null,
    total_weight: 0,
    is_test: null,
    canceler_id: null,
    payment_claimed_at: null,
    reserved_at: null,
    checkout_expires_at: expiresAt,
    placed_at: null,
    archived_at: null,
    canceled_at: null,
    ...NO_METADATA,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Applies a checkout payload to an order still being checked out, then reprices it and brings its
 * search terms up to date, saving the payload's columns, the caller's `changes` and the prices in
 * one write (reprice). `cartCodes`: the discount codes entered on the cart, applied when the payload
 * sends none (those that no longer apply are dropped; codes the payload sends must apply).
 */
async function applyAndPrice(
  ctx: Ctx, tx: Tx, order: OrderRow, input: CheckoutWriteInput, options: Omit<RepriceOptions, 'codes'> & { cartCodes?: string[] } = {},
): Promise<PricedOrder> {
  const errors = new FieldErrors();
  const changes = { ...options.changes, ...await applyCheckoutData(ctx, tx, { ...order, ...options.changes }, input, errors) };
  if (input.gift_cards !== undefined) changes.gift_cards = await enteredGiftCards(tx, input.gift_cards, changes.currency ?? order.currency, ctx.now(), errors);
  errors.throwIfAny();
  const { cartCodes } = options;
  const codes = input.discount_codes !== undefined ? { codes: input.discount_codes, strict: true } : cartCodes && { codes: cartCodes, strict: false };
  const priced = await reprice(tx, order, ctx.now(), { items: options.items, codes, changes, isNew: options.isNew });
  await queueOrderIndexing(tx, priced.order.id);
  return priced;
}

/** A storefront's gift card codes count against its client's misses (admitGiftCardCodes); staff's do not. */
async function admitEnteredGiftCards(ctx: Ctx, input: CheckoutWriteInput, client: string): Promise<void> {
  if (input.gift_cards && input.gift_cards.length > 0 && isStorefront(ctx)) await admitGiftCardCodes(ctx.db, client, input.gift_cards, ctx.now());
}

/**
 * The gift cards of the codes entered, as the order keeps them (ids, never codes; their shares are
 * priced with the order). Codes refused are added to `errors` on `gift_cards[i]`.
 */
async function enteredGiftCards(tx: Tx, codes: string[], currency: string, now: number, errors: FieldErrors): Promise<string> {
  const { cards, refused } = await checkGiftCardCodes(tx, codes, currency, now);
  for (const error of refused) errors.add(error.field, error.code, error.message);
  return JSON.stringify(cards.map((card) => ({ gift_card_id: card.id, last_four: card.last_four, amount: 0 })));
}

/**
 * Turns a cart into an order (status created, unpaid, no number) with its items copied, and applies
 * the optional checkout payload. Checking out the same cart again while its order is still being
 * checked out refreshes that order instead of making another; once that order has expired, a new
 * one is made. Either way the checkout is open for `settings.ttlSeconds` from now.
 * @throws Problem not_found; invalid_state while a payment of that order is under way; validation_failed
 * (empty cart, skus not on sale, invalid payload).
 */
export async function createCheckout(ctx: Ctx, cartId: string, input: CheckoutWriteInput, settings: CheckoutSettings, client: string): Promise<CheckoutView> {
  await admitEnteredGiftCards(ctx, input, client);
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Lock the cart first (a no-op update holds its row on PostgreSQL; SQLite writes one at a time),
    // so concurrent checkouts of one cart find the same open order instead of each making one.
    const cart = await lockOwnCart(ctx, tx, cartId);
    const open = await orders.findOpenOrderOfCart(tx, cartId);
    // An expired checkout stays as it is (refusing changes and payment); the cart starts a fresh one.
    const existing = open && !isExpired(open, now)
      ? await takeForChange(ctx, tx, open.id, now)
      : undefined;
    const orderId = existing?.id ?? newId('ord');
    const store = await findStore(tx);
    const { market } = await pricingOfSale(tx, cart, store?.currency ?? 'USD');
    const items = await snapshotItems(tx, cart, orderId, market, now);
    const needsShipping = items.some((item) => item.is_shipping_required === 1);
    const fromCart: Partial<OrderRow> = {
      is_gift: cart.is_gift,
      gift_message: cart.gift_message,
      // An order staff check out, or whose cart or checkout staff made, is a staff order.
      source_name: ctx.actor.kind === 'admin' || existing?.source_name === STAFF_SOURCE ? STAFF_SOURCE : cart.source_name,
      customer_note: cart.customer_note,
      browser_ip: cart.browser_ip,
      user_agent: cart.user_agent,
      landing_site: cart.landing_site,
      referring_site: cart.referring_site,
      // The cart's metadata becomes the order's (DESIGN.md §10), as its other fields do.
      metadata: cart.metadata,
      private_metadata: cart.private_metadata,
      // The cart's currency is the order's from start to end; the rate is kept for the reports.
      market_id: market.id,
      currency: market.currency,
      exchange_rate: market.exchangeRate,
      locale: cart.locale,
      checkout_expires_at: now + settings.ttlSeconds,
      is_shipping_required: needsShipping ? 1 : 0,
      fulfillment_status: needsShipping ? 'unfulfilled' : 'not_required',
      updated_at: now,
    };
    // The customer staff attached to the cart (possibly since the last checkout of it) is the buyer.
    if (cart.customer_id !== null) fromCart.customer_id = cart.customer_id;
    if (!needsShipping) Object.assign(fromCart, { shipping_address: null, shipping_rate_id: null, shipping_lines: null, shipping_rate: 0 });
    const cartCodes = cart.discount_codes === null ? [] : (JSON.parse(cart.discount_codes) as string[]);
    let order: OrderRow;
    if (existing) {
      await orders.replaceItems(tx, orderId, items);
      order = existing;
    } else {
      // Inserted once priced (applyAndPrice), with the checkout payload's columns.
      order = newOrder(ctx, orderId, cart, store?.currency ?? 'USD', now, now + settings.ttlSeconds);
    }
    const buyerInput = await withAttachedBuyer(ctx, tx, { ...order, ...fromCart }, input);
    const priced = await applyAndPrice(ctx, tx, order, buyerInput, { items, cartCodes, changes: fromCart, isNew: !existing });
    // A new order has no payments yet.
    return checkoutEnvelope(tx, priced.order, ctx.actor, { items: priced.items, ...(existing ? {} : { transactions: [] }) });
  });
}

/**
 * Gives an order being checked out buyer data and addresses (the spec's checkout payload rules).
 * @throws Problem not_found; invalid_state once the order is placed or expired, or while it is being paid;
 * validation_failed.
 */
export async function updateCheckout(ctx: Ctx, id: string, input: CheckoutWriteInput, client: string): Promise<CheckoutView> {
  await admitEnteredGiftCards(ctx, input, client);
  return ctx.db.transaction().execute(async (tx) => {
    const order = await takeForChange(ctx, tx, id, ctx.now());
    const priced = await applyAndPrice(ctx, tx, order, await withAttachedBuyer(ctx, tx, order, input));
    return checkoutEnvelope(tx, priced.order, ctx.actor, { items: priced.items });
  });
}

export async function getCheckout(ctx: Ctx, id: string): Promise<CheckoutView> {
  return checkoutEnvelope(ctx.db, await findOwnOrder(ctx, ctx.db, id), ctx.actor);
}

/** 409 unless the order is still being checked out. */
export function requireCreated(order: OrderRow): void {
  if (order.status !== 'created') {
    throw new Problem('invalid_state', `The order is ${order.status}: its checkout is over`, {
      extra: { field: 'status', current: order.status, requested: 'created' },
    });
  }
}

function isExpired(order: OrderRow, now: number): boolean {
  return order.checkout_expires_at <= now;
}

/**
 * 409 once the checkout has expired: it can no longer change or be paid, and checking its cart out
 * again makes a fresh one. `requested`: the status the refused request asked for.
 */
export function requireUnexpired(order: OrderRow, now: number, requested: 'created' | 'placed'): void {
  if (!isExpired(order, now)) return;
  throw new Problem('invalid_state', 'The checkout expired: check the cart out again', {
    extra: { field: 'status', current: 'expired', requested, expired_at: order.checkout_expires_at },
  });
}

/**
 * Takes an order the caller may use (findOwnOrder) for a checkout change and returns it as taken: 409
 * unless it is still created, not expired, and no payment of it is under way (the gateway is charging
 * the total read before the change). The check is an update that answers the row (a no-op that holds
 * it on PostgreSQL until the transaction ends), so a payment cannot claim the order between the check
 * and the change, and the order is as the change finds it.
 * @throws Problem not_found, invalid_state.
 */
async function takeForChange(ctx: Ctx, tx: Tx, id: string, now: number): Promise<OrderRow> {
  const taken = await orders.lockUnclaimed(tx, id, now);
  const order = ownOrder(ctx, id, taken ?? await orders.findOrderWithCartOwner(tx, id));
  requireCreated(order);
  requireUnexpired(order, now, 'created');
  if (!taken) {
    throw new Problem('invalid_state', 'A payment of this order is under way: wait for its outcome', {
      extra: { field: 'status', current: 'paying', requested: 'created' },
    });
  }
  // A payment awaiting the buyer's confirmation reserved the order as it was: a change gives that
  // back (the payment, for the old total, would be given back if confirmed), and paying again reserves anew.
  if (order.reserved_at !== null) await releaseReservation(ctx, tx, order.id);
  return { ...order, reserved_at: null };
}

/** Why a shipping method is not one of the offered rates, with the ids to send instead. */
function unknownMethod(sent: string, options: OfferedRate[]): string {
  if (options.length === 0) return 'names no shipping method: none covers the shipping address and this order';
  const named = options.filter((rate) => rate.name.toLowerCase() === sent.trim().toLowerCase());
  if (named.length > 0) return `takes the id of a shipping method, not its name: send ${named.map((rate) => rate.id).join(' or ')} for ${named[0]!.name}`;
  return `must be the id of one of meta.shipping_methods: ${options.map((rate) => `${rate.id} (${rate.name})`).join(', ')}`;
}

/**
 * Chooses the shipping method (required when the order needs shipping; one of meta.shipping_methods)
 * and the payment gateway (required; an enabled one, by id or source).
 * @throws Problem not_found; invalid_state once placed or expired, or while being paid; validation_failed naming
 * shipping[method] or payment[gateway].
 */
export async function chooseMethods(ctx: Ctx, id: string, input: MethodsWriteInput): Promise<CheckoutView> {
  return ctx.db.transaction().execute(async (tx) => {
    const order = await takeForChange(ctx, tx, id, ctx.now());
    const errors = new FieldErrors();
    const changes: Partial<OrderRow> = {};
    const method = input.shipping?.method;
    if (order.is_shipping_required === 1) {
      const options = await shippingOptions(tx, order);
      const rate = options.find((r) => r.id === method);
      if (!method) errors.add('shipping[method]', 'required', 'is required: the order needs shipping');
      else if (order.shipping_address === null) errors.add('shipping[method]', 'no_address', 'send the shipping address first');
      else if (!rate) errors.add('shipping[method]', 'invalid_value', unknownMethod(method, options));
      else Object.assign(changes, { shipping_rate_id: rate.id, shipping_rate: rate.price, shipping_lines: JSON.stringify(shippingLines(rate)) });
    }
    const wanted = input.payment?.gateway;
    const gateway = wanted
      ? (await enabledGateways(tx)).find((row) => row.id === wanted || row.source === wanted)
      : undefined;
    if (!wanted) errors.add('payment[gateway]', 'required', 'is required');
    else if (!gateway) errors.add('payment[gateway]', 'invalid_value', 'is not one of meta.payment_gateways');
    else Object.assign(changes, { gateway_id: gateway.id, gateway: gateway.source });
    errors.throwIfAny();
    const priced = await reprice(tx, order, ctx.now(), { changes });
    await queueOrderIndexing(tx, priced.order.id);
    return checkoutEnvelope(tx, priced.order, ctx.actor, { items: priced.items });
  });
}
