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

/**
 * Sets one sku's quantity in a cart, adding the item when it is new. One statement per sku, so two
 * requests changing different skus of one cart at once both land.
 */
export async function setItemQuantity(db: Executor, item: CartItemRow): Promise<void> {
  await db
    .insertInto('cart_items')
    .values(item)
    .onConflict((oc) => oc.columns(['cart_id', 'sku_id']).doUpdateSet({ quantity: item.quantity, updated_at: item.updated_at }))
    .execute();
}

export async function removeItem(db: Executor, cartId: string, skuId: string): Promise<void> {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).where('sku_id', '=', skuId).execute();
}
