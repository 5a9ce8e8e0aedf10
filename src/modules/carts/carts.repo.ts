import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { CartItemRow, CartRow, SkuRow } from '../../db/types.js';

// Every cart read and write runs these; they are kept compiled (see compiledQuery).
const selectCart = compiledQuery((db, id: string) => db.selectFrom('carts').selectAll().where('id', '=', id));
const updateCartRow = compiledQuery((db, id: string, changes: Partial<CartRow>) => db
  .updateTable('carts').set(changes).where('id', '=', id).returningAll());
const selectItemsWithProducts = compiledQuery((db, cartId: string) => db
  .selectFrom('cart_items as i')
  .innerJoin('skus as s', 's.id', 'i.sku_id')
  .selectAll('i')
  .select('s.product_id')
  .where('i.cart_id', '=', cartId)
  .orderBy('i.id'));
const selectItemsToOrder = compiledQuery((db, cartId: string) => db
  .selectFrom('cart_items as i')
  .innerJoin('skus as s', 's.id', 'i.sku_id')
  .innerJoin('products as p', 'p.id', 's.product_id')
  .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
  .selectAll('s')
  .select([
    'i.quantity', 'p.name as product_name', 'p.permalink as product_permalink', 'p.modifiers as product_modifiers', 'p.images as product_images',
    'p.is_active as product_is_active', 'p.available_at as product_available_at', 'v.name as vendor_name',
  ])
  .where('i.cart_id', '=', cartId)
  .orderBy('i.id'));
const lockCartRow = compiledQuery((db, id: string) => db
  .updateTable('carts').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).returningAll());
const selectSkusToAdd = compiledQuery((db, ids: string[]) => db
  .selectFrom('skus as s')
  .innerJoin('products as p', 'p.id', 's.product_id')
  .select(['s.id', 's.product_id', 's.in_stock', 's.stock_policy', 's.is_backorderable', 's.is_listable', 'p.is_active', 'p.available_at', 'p.hidden_on'])
  .where('s.id', 'in', ids));
const upsertItems = compiledQuery((db, cartId: string, ids: string[], skuIds: string[], quantities: number[], now: number) => db
  .insertInto('cart_items')
  .values(ids.map((id, i) => ({ id, cart_id: cartId, sku_id: skuIds[i]!, quantity: quantities[i]!, created_at: now, updated_at: now })))
  .onConflict((oc) => oc.columns(['cart_id', 'sku_id']).doUpdateSet((eb) => ({
    quantity: eb.ref('excluded.quantity'),
    updated_at: eb.ref('excluded.updated_at'),
  }))));
const deleteItems = compiledQuery((db, cartId: string, skuIds: string[]) => db
  .deleteFrom('cart_items').where('cart_id', '=', cartId).where('sku_id', 'in', skuIds));

export async function findCart(db: Executor, id: string): Promise<CartRow | undefined> {
  return (await selectCart(db, id)).rows[0];
}

/** The customer a cart belongs to; null for a guest's (or a missing) cart. */
export async function findCartCustomer(db: Executor, id: string): Promise<string | null> {
  return (await selectCart(db, id)).rows[0]?.customer_id ?? null;
}

/** Holds a cart's row until the transaction ends (a no-op update: a row lock on PostgreSQL); answers it, if any. */
export async function lockCart(db: Executor, id: string): Promise<CartRow | undefined> {
  return (await lockCartRow(db, id)).rows[0];
}

export async function insertCart(db: Executor, row: CartRow): Promise<void> {
  await db.insertInto('carts').values(row).execute();
}

/** Changes a cart; its row as it now stands, or undefined when there is no such cart. */
export async function updateCart(db: Executor, id: string, changes: Partial<CartRow> & { updated_at: number }): Promise<CartRow | undefined> {
  return (await updateCartRow(db, id, changes)).rows[0];
}

/**
 * Makes a guest's cart (no customer) of the channel the customer's: a cart another customer holds,
 * or of another channel, is left as it is. Holds the row until the transaction ends.
 */
export async function claimGuestCart(db: Executor, id: string, channelId: string, customerId: string, now: number): Promise<void> {
  await db.updateTable('carts').set({ customer_id: customerId, updated_at: now })
    .where('id', '=', id).where('channel_id', '=', channelId).where('customer_id', 'is', null).execute();
}

/** A cart item's sku with what an order copies of its product and vendor (see CartItemToOrder). */
export type CartItemToOrder = SkuRow & Pick<CartItemRow, 'quantity'> & {
  product_name: string; product_permalink: string; product_modifiers: string; product_images: string;
  product_is_active: number; product_available_at: number | null; vendor_name: string | null;
};

/** A cart's items, in the order they were first added, each with its sku, product and vendor, in one read. */
export async function findCartItemsToOrder(db: Executor, cartId: string): Promise<CartItemToOrder[]> {
  return (await selectItemsToOrder(db, cartId)).rows;
}

/** A cart item with the product of its sku. */
export type CartItemWithProduct = CartItemRow & { product_id: string };

/** The cart's items with the product of each sku. */
export async function findCartItemsWithProducts(db: Executor, cartId: string): Promise<CartItemWithProduct[]> {
  return (await selectItemsWithProducts(db, cartId)).rows;
}

export type SkuToAdd = Awaited<ReturnType<typeof findSkusToAdd>>[number];

/** The skus asked for with what decides whether they may go in a cart: their stock, and whether they and their product are on sale. */
export async function findSkusToAdd(db: Executor, ids: string[]) {
  return (await selectSkusToAdd(db, ids)).rows;
}

/**
 * Sets skus' quantities in a cart, adding the items that are new, in one statement. Each row touches
 * only its own sku, so two requests changing different skus of one cart at once both land.
 */
export async function setItemQuantities(db: Executor, cartId: string, items: Array<{ id: string; skuId: string; quantity: number }>, now: number): Promise<void> {
  if (items.length === 0) return;
  await upsertItems(db, cartId, items.map((item) => item.id), items.map((item) => item.skuId), items.map((item) => item.quantity), now);
}

export async function removeItems(db: Executor, cartId: string, skuIds: string[]): Promise<void> {
  if (skuIds.length === 0) return;
  await deleteItems(db, cartId, skuIds);
}
