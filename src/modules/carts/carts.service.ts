import type { Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import type { CartRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { FieldErrors, Problem, type FieldError } from '../../lib/problem.js';
import { isHiddenOn, isOnSale } from '../catalog/catalog-filters.js';
import { keptProductViews } from '../catalog/kept-product-views.js';
import { findStore } from '../store/stores.repo.js';
import * as repo from './carts.repo.js';
import type { Cart, CartWriteInput } from './carts.schemas.js';

export type CartView = Static<typeof Cart>;

/** The channel (and customer) a cart request comes from; carts are a storefront's. */
function owner(ctx: Ctx): { channelId: string; customerId: string | null } {
  const actor = ctx.actor;
  if (actor.kind === 'channel') return { channelId: actor.channelId, customerId: null };
  if (actor.kind === 'customer') return { channelId: actor.channelId, customerId: actor.customerId };
  throw new Problem('forbidden', 'Carts belong to a sales channel: send its Channel-Key');
}

/**
 * A cart the caller may use: made through its channel, and when it belongs to a customer, only that
 * customer's. Anything else is 404, as if it did not exist.
 */
export async function findOwnCart(ctx: Ctx, db: Executor, id: string): Promise<CartRow> {
  return ownCart(ctx, id, await repo.findCart(db, id));
}

function ownCart(ctx: Ctx, id: string, cart: CartRow | undefined): CartRow {
  const { channelId, customerId } = owner(ctx);
  if (!cart || cart.channel_id !== channelId || (cart.customer_id !== null && cart.customer_id !== customerId)) {
    throw Problem.notFound('cart', id);
  }
  return cart;
}

/** The cart with its items priced as the catalogue stands now, and its totals. */
export async function cartView(db: Executor, cart: CartRow): Promise<CartView> {
  const items = await repo.findCartItemsWithProducts(db, cart.id);
  const products = await keptProductViews(db, [...new Set(items.map((item) => item.product_id))]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const store = await findStore(db);

  const views = items.map((item) => {
    const product = productById.get(item.product_id)!;
    const sku = product.skus.find((s) => s.id === item.sku_id)!;
    return {
      id: item.id,
      object: 'cart_item' as const,
      cart_id: cart.id,
      product_id: product.id,
      sku_id: sku.id,
      quantity: item.quantity,
      price: sku.price,
      compared_price: sku.compared_price,
      total: sku.price * item.quantity,
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
    total_price: views.reduce((sum, v) => sum + v.total, 0),
    total_compared_price: views.reduce((sum, v) => sum + (v.compared_price ?? v.price) * v.quantity, 0),
    currency: store?.currency ?? 'USD',
    total_weight: views.reduce((sum, v) => sum + v.weight * v.quantity, 0),
    created_at: cart.created_at,
    updated_at: cart.updated_at,
  };
}

/**
 * Checks the quantities asked for: each sku exists and is on sale (active, published product;
 * listable sku), and a sku that tracks stock without backorders has that many. Unavailable skus
 * are 422; short stock is 409 out_of_stock; every sku at fault is named.
 */
async function checkItems(db: Executor, items: Record<string, number>, now: number, channelId: string): Promise<void> {
  const wanted = Object.entries(items).filter(([, quantity]) => quantity > 0);
  if (wanted.length === 0) return;
  const skuById = new Map((await repo.findSkusToAdd(db, wanted.map(([id]) => id))).map((s) => [s.id, s]));
  const unavailable = new FieldErrors();
  const short: FieldError[] = [];
  for (const [id, quantity] of wanted) {
    const sku = skuById.get(id);
    if (!sku || !isOnSale(sku, now) || isHiddenOn(sku, channelId) || sku.is_listable !== 1) {
      unavailable.add(`items[${id}]`, 'unavailable', 'is not a sku on sale');
    } else if (sku.stock_policy === 'overall' && sku.is_backorderable !== 1 && quantity > (sku.in_stock ?? 0)) {
      short.push({ field: `items[${id}]`, code: 'out_of_stock', message: `only ${Math.max(0, sku.in_stock ?? 0)} in stock` });
    }
  }
  unavailable.throwIfAny();
  if (short.length > 0) throw new Problem('out_of_stock', `${short[0]!.field} is ${short[0]!.message}`, { errors: short });
}

function cartColumns(input: CartWriteInput): Partial<CartRow> {
  const changes: Partial<CartRow> = {};
  if (input.is_gift !== undefined) changes.is_gift = boolFlag(input.is_gift);
  if (input.gift_message !== undefined) changes.gift_message = input.gift_message;
  // The spec's gift rule: setting is_gift to false removes the gift message.
  if (input.is_gift === false) changes.gift_message = null;
  if (input.note !== undefined) changes.customer_note = input.note;
  if (input.source_name !== undefined) changes.source_name = input.source_name;
  if (input.landing_site !== undefined) changes.landing_site = input.landing_site;
  if (input.referring_site !== undefined) changes.referring_site = input.referring_site;
  return changes;
}

async function applyItems(db: Executor, cartId: string, items: Record<string, number> | undefined, now: number): Promise<void> {
  const entries = Object.entries(items ?? {});
  await repo.removeItems(db, cartId, entries.filter(([, quantity]) => quantity === 0).map(([skuId]) => skuId));
  await repo.setItemQuantities(db, cartId, entries.filter(([, quantity]) => quantity > 0)
    .map(([skuId, quantity]) => ({ id: newId('itm'), skuId, quantity })), now);
}

/**
 * Makes a cart for the caller's channel (and signed-in customer); an empty body makes an empty cart.
 * @throws Problem validation_failed for skus not on sale; out_of_stock for quantities above stock.
 */
export async function createCart(ctx: Ctx, input: CartWriteInput, client: { ip: string; userAgent: string | null }): Promise<CartView> {
  const { channelId, customerId } = owner(ctx);
  await checkItems(ctx.db, input.items ?? {}, ctx.now(), channelId);
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
      created_at: now,
      updated_at: now,
      ...cartColumns(input),
    };
    await repo.insertCart(tx, row);
    await applyItems(tx, row.id, input.items, now);
    return cartView(tx, row);
  });
}

/**
 * Changes a cart: each sku in `items` is added, set to its quantity, or removed with 0; other items
 * stay. `is_gift: false` removes the gift message.
 * @throws Problem not_found; validation_failed; out_of_stock, as createCart.
 */
export async function updateCart(ctx: Ctx, id: string, input: CartWriteInput): Promise<CartView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Written first and checked after (one statement, not two): a cart the caller may not use
    // throws, which undoes the write.
    const cart = ownCart(ctx, id, await repo.updateCart(tx, id, { ...cartColumns(input), updated_at: now }));
    await checkItems(tx, input.items ?? {}, now, cart.channel_id);
    await applyItems(tx, id, input.items, now);
    return cartView(tx, cart);
  });
}

export async function getCart(ctx: Ctx, id: string): Promise<CartView> {
  return cartView(ctx.db, await findOwnCart(ctx, ctx.db, id));
}
