import type { Executor } from '../../db/database.js';
import type { CartItemRow, CartRow } from '../../db/types.js';

export function findCart(db: Executor, id: string): Promise<CartRow | undefined> {
  return db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Holds a cart's row until the transaction ends (a no-op update: a row lock on PostgreSQL). */
export async function lockCart(db: Executor, id: string): Promise<void> {
  await db.updateTable('carts').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
}

export async function insertCart(db: Executor, row: CartRow): Promise<void> {
  await db.insertInto('carts').values(row).execute();
}

export async function updateCart(db: Executor, id: string, changes: Partial<CartRow>): Promise<void> {
  await db.updateTable('carts').set(changes).where('id', '=', id).execute();
}

/** A cart's items, in the order they were first added. */
export function findCartItems(db: Executor, cartId: string): Promise<CartItemRow[]> {
  return db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).orderBy('id').execute();
}

/** The cart's items with the product of each sku. */
export function findCartItemsWithProducts(db: Executor, cartId: string): Promise<Array<CartItemRow & { product_id: string }>> {
  return db
    .selectFrom('cart_items as i')
    .innerJoin('skus as s', 's.id', 'i.sku_id')
    .selectAll('i')
    .select('s.product_id')
    .where('i.cart_id', '=', cartId)
    .orderBy('i.id')
    .execute();
}

/**
 * Sets skus' quantities in a cart, adding the items that are new, in one statement. Each row touches
 * only its own sku, so two requests changing different skus of one cart at once both land.
 */
export async function setItemQuantities(db: Executor, items: CartItemRow[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('cart_items')
    .values(items)
    .onConflict((oc) => oc.columns(['cart_id', 'sku_id']).doUpdateSet((eb) => ({
      quantity: eb.ref('excluded.quantity'),
      updated_at: eb.ref('excluded.updated_at'),
    })))
    .execute();
}

export async function removeItems(db: Executor, cartId: string, skuIds: string[]): Promise<void> {
  if (skuIds.length === 0) return;
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('sku_id', 'in', skuIds).execute();
}
