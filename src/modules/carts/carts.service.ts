import type { Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { CartItemRow, CartRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { isHiddenOn, isOnSale } from '../catalog/catalog-filters.js';
import { keptProductViews } from '../catalog/kept-product-views.js';
import { storefrontProductView } from '../catalog/products.view.js';
import { findChannel, findFirstChannel } from '../access/api-keys.repo.js';
import { findCustomer } from '../customers/customers.repo.js';
import { discountsFor } from '../discounts/discount-pricing.js';
import type { Market } from '../markets/market-context.js';
import { currencyLocked, marketOfSale, skusSoldIn, storeAmountIn } from '../markets/market-pricing.js';
import { requestMarket, sellInMarket } from '../markets/market-views.js';
import { productsForCustomer } from '../price-lists/group-pricing.js';
import { localizeRecords } from '../translations/translate.js';
import { findStore } from '../store/stores.repo.js';
import * as repo from './carts.repo.js';
import type { Cart, CartWriteInput } from './carts.schemas.js';

export type CartView = Static<typeof Cart>;

/** The `source_name` of the carts staff make, and of the orders staff take (DESIGN §9, staff orders). */
export const STAFF_SOURCE = 'admin';

/** Staff (an admin key) take orders by phone: they may make, read and change any cart. */
function isStaff(ctx: Ctx): boolean {
  return ctx.actor.kind === 'admin';
}

/** The channel (and customer) a storefront's cart request comes from. */
function owner(ctx: Ctx): { channelId: string; customerId: string | null } {
  const actor = ctx.actor;
  if (actor.kind === 'channel') return { channelId: actor.channelId, customerId: null };
  if (actor.kind === 'customer') return { channelId: actor.channelId, customerId: actor.customerId };
  throw new Problem('forbidden', 'Carts belong to a sales channel: send its Channel-Key');
}

/**
 * A storefront's carts are its channel's and its signed-in customer's: it may not name a channel or
 * a customer (that would act for another), nor pass its orders off as taken by staff.
 * @throws Problem forbidden for channel_id or customer_id; validation_failed for source_name `admin`.
 */
function checkStorefrontInput(input: CartWriteInput): void {
  const named = (['channel_id', 'customer_id'] as const).filter((field) => input[field] !== undefined);
  if (named.length > 0) {
    throw new Problem('forbidden', `${named.join(' and ')} may only be sent by staff (an admin key) taking an order: a storefront's cart belongs to its channel and its signed-in customer`);
  }
  if (input.source_name?.trim().toLowerCase() === STAFF_SOURCE) {
    throw Problem.invalid([{ field: 'source_name', code: 'reserved', message: `"${STAFF_SOURCE}" is kept for the orders staff take` }]);
  }
}

/** The customer staff attach (customer_id), checked to exist; undefined when none is named. */
async function staffCustomer(db: Executor, input: CartWriteInput, errors: FieldErrors): Promise<string | undefined> {
  if (input.customer_id === undefined) return undefined;
  if (!(await findCustomer(db, input.customer_id))) errors.add('customer_id', 'not_found', 'names no customer');
  return input.customer_id;
}

/**
 * Who a new cart belongs to: a storefront's channel and signed-in customer; for staff, the channel
 * named (the first one when none is) and the customer named, if any.
 * @throws Problem forbidden, validation_failed as checkStorefrontInput; validation_failed naming
 * channel_id or customer_id when staff name none that exists.
 */
async function newCartOwner(ctx: Ctx, input: CartWriteInput): Promise<{ channelId: string; customerId: string | null }> {
  if (!isStaff(ctx)) {
    checkStorefrontInput(input);
    return owner(ctx);
  }
  const errors = new FieldErrors();
  const channel = input.channel_id === undefined ? await findFirstChannel(ctx.db) : await findChannel(ctx.db, input.channel_id);
  if (!channel) errors.add('channel_id', 'not_found', input.channel_id === undefined ? 'is required: the store has no sales channel' : 'names no sales channel');
  const customerId = await staffCustomer(ctx.db, input, errors);
  errors.throwIfAny();
  return { channelId: channel!.id, customerId: customerId ?? null };
}

/**
 * A cart the caller may use: staff any; a storefront one made through its channel, and when it
 * belongs to a customer, only that customer's. Anything else is 404, as if it did not exist.
 */
export async function findOwnCart(ctx: Ctx, db: Executor, id: string): Promise<CartRow> {
  return ownCart(ctx, id, await repo.findCart(db, id));
}

/**
 * As findOwnCart, holding the cart's row until the transaction ends (repo.lockCart). A guest's cart
 * a signed-in customer writes becomes theirs first (claimGuestCart).
 */
export async function lockOwnCart(ctx: Ctx, tx: Executor, id: string): Promise<CartRow> {
  await claimGuestCart(ctx, tx, id);
  return ownCart(ctx, id, await repo.lockCart(tx, id));
}

/**
 * A guest's cart written with a customer's token becomes that customer's, as Shopify attaches a cart
 * to the buyer who signs in: it is then priced for them (their groups' prices, their discounts) and
 * reached only with their token. Reads change nothing: the shop claims its cart when the buyer signs in.
 */
async function claimGuestCart(ctx: Ctx, tx: Executor, id: string): Promise<void> {
  if (ctx.actor.kind === 'customer') await repo.claimGuestCart(tx, id, ctx.actor.channelId, ctx.actor.customerId, ctx.now());
}

function ownCart(ctx: Ctx, id: string, cart: CartRow | undefined): CartRow {
  if (!cart) throw Problem.notFound('cart', id);
  if (isStaff(ctx)) return cart;
  const { channelId, customerId } = owner(ctx);
  if (cart.channel_id !== channelId || (cart.customer_id !== null && cart.customer_id !== customerId)) {
    throw Problem.notFound('cart', id);
  }
  return cart;
}

/**
 * The cart as the caller is shown it: a storefront sees its products as storefrontProductView, in the
 * cart's language (their translations are staff's).
 */
function shownTo(ctx: Ctx, cart: CartView): CartView {
  if (isStaff(ctx)) return cart;
  // An item's sku is named after its product, which sits beside it.
  const productTranslations = new Map(cart.items.map((item) => [item.product_id, item.product.translations ?? {}]));
  const shown = { ...cart, items: cart.items.map((item) => ({ ...item, product: storefrontProductView(item.product) })) };
  return localizeRecords(shown, { locale: cart.locale, keepTranslations: false, productTranslations });
}

/**
 * The cart with its items priced as the catalogue stands now, the discounts that apply now, and its
 * totals. A code entered before that no longer applies is left out; with `codesSent` (the codes were
 * just sent) it is refused instead. `held`: the cart's items, when the caller holds them as saved.
 * @throws Problem validation_failed naming each code just sent that does not apply.
 */
export async function cartView(db: Executor, cart: CartRow, now: number, codesSent = false, held?: repo.CartItemWithProduct[]): Promise<CartView> {
  const items = held ?? await repo.findCartItemsWithProducts(db, cart.id);
  const store = await findStore(db);
  const storeCurrency = store?.currency ?? 'USD';
  // A market that no longer sells in the cart's currency sells it nothing (its checkout is refused).
  const market = await marketOfSale(db, cart);
  const inMarket = market ? await sellInMarket(db, await keptProductViews(db, [...new Set(items.map((item) => item.product_id))]), market) : [];
  // The cart's customer pays its groups' prices; a guest's cart, the regular ones.
  const products = await productsForCustomer(db, cart.customer_id, inMarket, now);
  const productById = new Map(products.map((p) => [p.id, p]));

  // An item its market stopped selling is not shown: checking the cart out names it.
  const lines = items.flatMap((item) => {
    const sku = productById.get(item.product_id)?.skus.find((s) => s.id === item.sku_id);
    return sku ? [{ product: productById.get(item.product_id)!, sku, item }] : [];
  });
  // No shipping is chosen yet: a free shipping discount shows, taking nothing off until the checkout.
  const { allocation, refused } = await discountsFor(
    db,
    cart.discount_codes === null ? [] : (JSON.parse(cart.discount_codes) as string[]),
    lines.map(({ product, sku, item }) => ({ skuId: sku.id, productId: product.id, subtotal: sku.price * item.quantity, isShippingRequired: sku.is_shipping_required })),
    0,
    { customerId: cart.customer_id, emailKey: null },
    now,
    market ? storeAmountIn(market, storeCurrency) : undefined,
  );
  if (codesSent && refused.length > 0) throw Problem.invalid(refused);
  const views = lines.map(({ product, sku, item }, i) => {
    return {
      id: item.id,
      object: 'cart_item' as const,
      cart_id: cart.id,
      product_id: product.id,
      sku_id: sku.id,
      quantity: item.quantity,
      price: sku.price,
      compared_price: sku.compared_price,
      discount: allocation.lineDiscounts[i]!,
      total: sku.price * item.quantity - allocation.lineDiscounts[i]!,
      weight: sku.weight_source,
      sku,
      product,
      created_at: item.created_at,
      updated_at: item.updated_at,
    };
  });
  return {
    id: cart.id,
    object: 'cart',
    items: views,
    is_gift: cart.is_gift === 1,
    gift_message: cart.gift_message,
    source_name: cart.source_name,
    customer_note: cart.customer_note,
    browser_ip: cart.browser_ip,
    user_agent: cart.user_agent,
    landing_site: cart.landing_site,
    referring_site: cart.referring_site,
    customer_id: cart.customer_id,
    total_products: new Set(views.map((v) => v.product_id)).size,
    total_items: views.reduce((sum, v) => sum + v.quantity, 0),
    discount_codes: allocation.applied,
    total_discount: allocation.lineDiscounts.reduce((sum, d) => sum + d, 0),
    total_price: views.reduce((sum, v) => sum + v.total, 0),
    total_compared_price: views.reduce((sum, v) => sum + (v.compared_price ?? v.price) * v.quantity, 0),
    currency: cart.currency ?? storeCurrency,
    market_id: cart.market_id,
    locale: cart.locale,
    total_weight: views.reduce((sum, v) => sum + v.weight * v.quantity, 0),
    ...metadataView(cart),
    created_at: cart.created_at,
    updated_at: cart.updated_at,
  };
}

/**
 * Checks the quantities asked for: each sku exists and is on sale (active, published product;
 * listable sku), and a sku that tracks stock without backorders has that many. Unavailable skus
 * are 422; short stock is 409 out_of_stock; every sku at fault is named. Returns the skus asked for, by id.
 */
async function checkItems(
  db: Executor, items: Record<string, number>, now: number, channelId: string, market: Market, read: repo.SkuToAdd[],
): Promise<Map<string, { product_id: string }>> {
  const wanted = Object.entries(items).filter(([, quantity]) => quantity > 0);
  if (wanted.length === 0) return new Map();
  const skuById = new Map(read.map((s) => [s.id, s]));
  const sold = await skusSoldIn(db, market, [...skuById.keys()]);
  const unavailable = new FieldErrors();
  const short: FieldError[] = [];
  for (const [id, quantity] of wanted) {
    const sku = skuById.get(id);
    if (!sku || !isOnSale(sku, now) || isHiddenOn(sku, channelId) || sku.is_listable !== 1) {
      unavailable.add(`items[${id}]`, 'unavailable', 'is not a sku on sale');
    } else if (!sold.has(id)) {
      unavailable.add(`items[${id}]`, 'not_available', `is not sold in this cart's market (${market.currency})`);
    } else if (sku.stock_policy === 'overall' && sku.is_backorderable !== 1 && quantity > (sku.in_stock ?? 0)) {
      short.push({ field: `items[${id}]`, code: 'out_of_stock', message: `only ${Math.max(0, sku.in_stock ?? 0)} in stock` });
    }
  }
  unavailable.throwIfAny();
  if (short.length > 0) throw new Problem('out_of_stock', `${short[0]!.field} is ${short[0]!.message}`, { errors: short });
  return skuById;
}

/** The skus `items` asks for (a quantity above 0), read for checkItems. */
function findWantedSkus(db: Executor, items: Record<string, number>): Promise<repo.SkuToAdd[]> {
  const ids = Object.entries(items).filter(([, quantity]) => quantity > 0).map(([id]) => id);
  return ids.length === 0 ? Promise.resolve([]) : repo.findSkusToAdd(db, ids);
}

function cartColumns(ctx: Ctx, input: CartWriteInput): Partial<CartRow> {
  const changes: Partial<CartRow> = {};
  if (input.is_gift !== undefined) changes.is_gift = boolFlag(input.is_gift);
  if (input.gift_message !== undefined) changes.gift_message = input.gift_message;
  // The spec's gift rule: setting is_gift to false removes the gift message.
  if (input.is_gift === false) changes.gift_message = null;
  if (input.note !== undefined) changes.customer_note = input.note;
  // Staff's carts keep source_name admin (set when made), whatever is sent.
  if (input.source_name !== undefined && !isStaff(ctx)) changes.source_name = input.source_name;
  if (input.landing_site !== undefined) changes.landing_site = input.landing_site;
  if (input.referring_site !== undefined) changes.referring_site = input.referring_site;
  if (input.discount_codes !== undefined) changes.discount_codes = input.discount_codes.length === 0 ? null : JSON.stringify(input.discount_codes.map((code) => code.trim()));
  if (input.locale !== undefined) changes.locale = input.locale;
  return changes;
}

/** Sets the items' quantities (0 removes one); returns the items set, as a new cart holds them (in id order). */
async function applyItems(db: Executor, cartId: string, items: Record<string, number> | undefined, now: number): Promise<CartItemRow[]> {
  const entries = Object.entries(items ?? {});
  await repo.removeItems(db, cartId, entries.filter(([, quantity]) => quantity === 0).map(([skuId]) => skuId));
  const set = entries.filter(([, quantity]) => quantity > 0).map(([skuId, quantity]) => ({ id: newId('itm'), skuId, quantity }));
  await repo.setItemQuantities(db, cartId, set, now);
  return set.map(({ id, skuId, quantity }) => ({ id, cart_id: cartId, sku_id: skuId, quantity, created_at: now, updated_at: now }));
}

/**
 * Makes a cart for the caller's channel (and signed-in customer), or, for staff, for the channel and
 * customer they name (newCartOwner), with source_name admin; an empty body makes an empty cart.
 * @throws Problem forbidden, validation_failed as newCartOwner; validation_failed for skus not on sale;
 * out_of_stock for quantities above stock.
 */
export async function createCart(ctx: Ctx, input: CartWriteInput, client: { ip: string; userAgent: string | null }): Promise<CartView> {
  const { channelId, customerId } = await newCartOwner(ctx, input);
  const market = await cartMarket(ctx.db, input);
  const skus = await checkItems(ctx.db, input.items ?? {}, ctx.now(), channelId, market, await findWantedSkus(ctx.db, input.items ?? {}));
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row: CartRow = {
      id: newId('crt'),
      channel_id: channelId,
      customer_id: customerId,
      is_gift: 0,
      gift_message: null,
      source_name: null,
      customer_note: null,
      browser_ip: client.ip,
      user_agent: client.userAgent,
      landing_site: null,
      referring_site: null,
      discount_codes: null,
      market_id: market.id,
      currency: market.currency,
      // A buyer in a market shops in its language unless they choose another.
      locale: market.id === null ? null : market.locales[0] ?? null,
      ...newMetadata(input),
      created_at: now,
      updated_at: now,
      ...cartColumns(ctx, input),
      ...(isStaff(ctx) ? { source_name: STAFF_SOURCE } : {}),
    };
    await repo.insertCart(tx, row);
    const items = await applyItems(tx, row.id, input.items, now);
    // The new cart holds just the items written: they are not read back.
    const held = items.map((item) => ({ ...item, product_id: skus.get(item.sku_id)!.product_id }));
    return shownTo(ctx, await cartView(tx, row, now, input.discount_codes !== undefined, held));
  });
}

/**
 * The columns a change of a cart writes. Staff may attach another customer (customer_id) but not
 * move the cart to another channel; a storefront's source_name does not replace a staff cart's.
 * @throws Problem forbidden, validation_failed as checkStorefrontInput; validation_failed naming
 * channel_id, or customer_id when it names no customer.
 */
async function cartChanges(ctx: Ctx, tx: Executor, id: string, input: CartWriteInput): Promise<Partial<CartRow>> {
  const changes = cartColumns(ctx, input);
  if (input.metadata !== undefined || input.private_metadata !== undefined) {
    await lockForMetadataMerge(tx, 'carts', id, input);
    Object.assign(changes, metadataChanges(input, await findOwnCart(ctx, tx, id)));
  }
  if (!isStaff(ctx)) {
    checkStorefrontInput(input);
    if (changes.source_name !== undefined && (await repo.findCart(tx, id))?.source_name === STAFF_SOURCE) delete changes.source_name;
    return changes;
  }
  // A missing cart is 404 before anything sent is judged, as for a storefront.
  await findOwnCart(ctx, tx, id);
  const errors = new FieldErrors();
  if (input.channel_id !== undefined) errors.add('channel_id', 'immutable', 'is chosen when the cart is made; make a new cart for another channel');
  const customerId = await staffCustomer(tx, input, errors);
  errors.throwIfAny();
  if (customerId !== undefined) changes.customer_id = customerId;
  return changes;
}

/**
 * Changes a cart: each sku in `items` is added, set to its quantity, or removed with 0; other items
 * stay. `is_gift: false` removes the gift message. Staff may change any cart (cartChanges).
 * @throws Problem not_found; forbidden, validation_failed as cartChanges; validation_failed; out_of_stock,
 * as createCart.
 */
export async function updateCart(ctx: Ctx, id: string, input: CartWriteInput): Promise<CartView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await claimGuestCart(ctx, tx, id);
    const changes = await cartChanges(ctx, tx, id, input);
    // Written first and checked after (one statement, not two): a cart the caller may not use
    // throws, which undoes the write. The skus asked for are read in the same round trip.
    const [updated, wanted] = await pipelined(tx, (piped) => Promise.all([
      repo.updateCart(piped, id, { ...changes, updated_at: now }),
      findWantedSkus(piped, input.items ?? {}),
    ]));
    const cart = ownCart(ctx, id, updated);
    const market = await marketMove(tx, cart, input);
    if (market.id !== cart.market_id) await repo.updateCart(tx, id, { market_id: market.id, updated_at: now });
    await checkItems(tx, input.items ?? {}, now, cart.channel_id, market, wanted);
    await applyItems(tx, id, input.items, now);
    return shownTo(ctx, await cartView(tx, { ...cart, market_id: market.id }, now, input.discount_codes !== undefined));
  });
}

/** The market a cart is asked to sell in: `market_id`, else `country_code`'s (requestMarket). */
function cartMarket(db: Executor, input: CartWriteInput): Promise<Market> {
  return requestMarket(db, { market: input.market_id, country: input.country_code }, { market: 'market_id', country: 'country_code', inQuery: false });
}

/**
 * The market a cart sells in after a change: another one named (`market_id`, or `country_code`'s) in
 * the cart's currency, else its own.
 * @throws Problem validation_failed (currency_locked) for a market in another currency, or a cart whose
 * market no longer sells in its currency; validation_failed naming market_id or country_code as cartMarket.
 */
async function marketMove(db: Executor, cart: CartRow, input: CartWriteInput): Promise<Market> {
  const storeCurrency = (await findStore(db))?.currency ?? 'USD';
  const currency = cart.currency ?? storeCurrency;
  if (input.market_id === undefined && input.country_code === undefined) {
    const market = await marketOfSale(db, cart);
    if (!market) throw currencyLocked('market_id', currency);
    return market;
  }
  const market = await cartMarket(db, input);
  if (market.currency !== currency) throw currencyLocked(input.market_id !== undefined ? 'market_id' : 'country_code', currency);
  return market;
}

export async function getCart(ctx: Ctx, id: string): Promise<CartView> {
  return shownTo(ctx, await cartView(ctx.db, await findOwnCart(ctx, ctx.db, id), ctx.now()));
}
