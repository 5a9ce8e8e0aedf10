import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor, Tx } from '../../db/database.js';
import type { OrderItemRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import type { FieldError } from '../../lib/problem.js';
import { findSku } from '../catalog/skus.repo.js';
import { skuView } from '../catalog/skus.view.js';
import { recordEvent } from '../events/record-event.js';

// Every placement runs these; they are kept compiled (see compiledQuery).
const selectStock = compiledQuery((db, skuIds: string[]) => db
  .selectFrom('skus').select(['id', 'stock_policy', 'is_backorderable', 'in_stock']).where('id', 'in', skuIds));
const takeFromStock = compiledQuery((db, skuId: string, quantity: number) => db
  .updateTable('skus')
  .set({ in_stock: sql`coalesce(in_stock, 0) - ${quantity}` })
  .where('id', '=', skuId)
  .where('stock_policy', '=', 'overall')
  .where((eb) => eb.or([eb('is_backorderable', '=', 1), eb(sql`coalesce(in_stock, 0)`, '>=', quantity)])));

/** A sku short of stock, named as the cart item's field (`items[sku_…]`). */
export function outOfStock(skuId: string, left: number): FieldError & { sku_id: string } {
  return { field: `items[${skuId}]`, code: 'out_of_stock', message: `only ${Math.max(0, left)} in stock`, sku_id: skuId };
}

/** The skus that cannot cover the order's quantities now (tracked stock, no backorders). */
export async function shortSkus(db: Executor, items: OrderItemRow[]): Promise<FieldError[]> {
  const byId = new Map((await selectStock(db, items.map((i) => i.sku_id))).rows.map((s) => [s.id, s]));
  return items
    .filter((item) => {
      const sku = byId.get(item.sku_id);
      return !sku || (sku.stock_policy === 'overall' && sku.is_backorderable !== 1 && (sku.in_stock ?? 0) < item.quantity);
    })
    .map((item) => outOfStock(item.sku_id, byId.get(item.sku_id)?.in_stock ?? 0));
}

/**
 * Takes each item's quantity from its sku's stock, for skus that track it (`overall`). Each take is
 * one conditional UPDATE (`in_stock >= quantity`, unless backorderable), so concurrent placements
 * can never together take more than there is: the losers find nothing to update. Records
 * `sku.low_stock` when a sku that asks to be told drops to its threshold. Returns the skus that
 * were short; the caller rolls the transaction back when there are any.
 */
export async function takeStock(ctx: Ctx, tx: Tx, items: OrderItemRow[]): Promise<FieldError[]> {
  const short: Array<FieldError & { sku_id: string }> = [];
  for (const item of inLockOrder(items)) {
    const result = await takeFromStock(tx, item.sku_id, item.quantity);
    if (Number(result.numAffectedRows) > 0) {
      await noteLowStock(ctx, tx, item.sku_id, item.quantity);
      continue;
    }
    const [sku] = (await selectStock(tx, [item.sku_id])).rows;
    if (!sku || sku.stock_policy === 'overall') short.push(outOfStock(item.sku_id, sku?.in_stock ?? 0));
  }
  // Named in the order of the cart, as the buyer sees it.
  return items.flatMap((item) => short.filter((error) => error.sku_id === item.sku_id));
}

/**
 * The items by sku id. Every transaction that changes stock updates its skus in this order, so two of
 * them never hold one sku's row lock each while waiting for the other's (a deadlock on PostgreSQL,
 * where each update keeps its row locked until the transaction ends).
 */
function inLockOrder(items: OrderItemRow[]): OrderItemRow[] {
  return [...items].sort((a, b) => (a.sku_id < b.sku_id ? -1 : a.sku_id > b.sku_id ? 1 : 0));
}

async function noteLowStock(ctx: Ctx, tx: Tx, skuId: string, taken: number): Promise<void> {
  const sku = await findSku(tx, skuId);
  if (!sku || sku.is_notify !== 1 || sku.low_threshold === null || sku.in_stock === null) return;
  const before = sku.in_stock + taken;
  if (sku.in_stock <= sku.low_threshold && before > sku.low_threshold) {
    await recordEvent(tx, ctx.now(), 'sku.low_stock', skuView(sku, { name: sku.product_name, modifiers: JSON.parse(sku.product_modifiers) as string[] }));
  }
}

/** Gives the items' quantities back to the stock of skus that track it (a placed order canceled). */
export async function giveStockBack(tx: Tx, items: OrderItemRow[]): Promise<void> {
  for (const item of inLockOrder(items)) {
    await tx
      .updateTable('skus')
      .set({ in_stock: sql`coalesce(in_stock, 0) + ${item.quantity}` })
      .where('id', '=', item.sku_id)
      .where('stock_policy', '=', 'overall')
      .execute();
  }
}
