import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor, Tx } from '../../db/database.js';
import type { OrderItemRow, SkuRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import type { FieldError } from '../../lib/problem.js';
import { skuChangeEvents } from '../catalog/sku-events.js';
import { pipelined } from '../../db/pipeline.js';
import { findSkusWithOwner, type SkuWithOwner } from '../catalog/skus.repo.js';
import { recordEvents, type NewEvent } from '../events/record-event.js';
import { loadSkuPricing, type SkuPricing } from '../markets/sku-prices.js';

// Every placement runs these; they are kept compiled (see compiledQuery).
const selectStock = compiledQuery((db, skuIds: string[]) => db
  .selectFrom('skus').select(['id', 'stock_policy', 'is_backorderable', 'in_stock']).where('id', 'in', skuIds));
const takeFromStock = compiledQuery((db, skuId: string, quantity: number, now: number) => db
  .updateTable('skus')
  .set({ in_stock: sql`coalesce(in_stock, 0) - ${quantity}`, updated_at: now })
  .where('id', '=', skuId)
  .where('stock_policy', '=', 'overall')
  .where((eb) => eb.or([eb('is_backorderable', '=', 1), eb(sql`coalesce(in_stock, 0)`, '>=', quantity)])));

/** A sku short of stock, named as the cart item's field (`items[sku_…]`). */
export function outOfStock(skuId: string, left: number): FieldError & { sku_id: string } {
  return { field: `items[${skuId}]`, code: 'out_of_stock', message: `only ${Math.max(0, left)} in stock`, sku_id: skuId };
}

/**
 * Takes each item's quantity from its sku's stock, for skus that track it (`overall`). Each take is
 * one conditional UPDATE (`in_stock >= quantity`, unless backorderable), so concurrent placements
 * can never together take more than there is: the losers find nothing to update. Returns the skus
 * that were short (the caller rolls the transaction back when there are any) and the quantity taken
 * of each sku, whose changes the caller records (stockEvents) once it has read the skus as they now stand.
 */
export async function takeStock(ctx: Ctx, tx: Tx, items: OrderItemRow[]): Promise<{ short: FieldError[]; taken: Map<string, number> }> {
  const short: Array<FieldError & { sku_id: string }> = [];
  const taken = new Map<string, number>();
  for (const item of inLockOrder(items)) {
    const result = await takeFromStock(tx, item.sku_id, item.quantity, ctx.now());
    if (Number(result.numAffectedRows) > 0) {
      taken.set(item.sku_id, (taken.get(item.sku_id) ?? 0) + item.quantity);
      continue;
    }
    const [sku] = (await selectStock(tx, [item.sku_id])).rows;
    if (!sku || sku.stock_policy === 'overall') short.push(outOfStock(item.sku_id, sku?.in_stock ?? 0));
  }
  // Named in the order of the cart, as the buyer sees it.
  return { short: items.flatMap((item) => short.filter((error) => error.sku_id === item.sku_id)), taken };
}

const holdSku = compiledQuery((db, skuId: string) => db
  .updateTable('skus').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', skuId));

/**
 * For a placement whose payment reserved the stock already: holds each item's sku row until the
 * transaction ends, as taking the stock would (a no-op update: a row lock on PostgreSQL), so the
 * placement's check of the shop's prices reads rows no other change can move before it commits.
 * Answers as takeStock does: nothing short, nothing taken here.
 */
export async function holdSkus(tx: Tx, items: OrderItemRow[]): Promise<{ short: FieldError[]; taken: Map<string, number> }> {
  for (const skuId of new Set(inLockOrder(items).map((item) => item.sku_id))) await holdSku(tx, skuId);
  return { short: [], taken: new Map() };
}

/**
 * The items by sku id. Every transaction that changes stock updates its skus in this order, so two of
 * them never hold one sku's row lock each while waiting for the other's (a deadlock on PostgreSQL,
 * where each update keeps its row locked until the transaction ends).
 */
function inLockOrder(items: OrderItemRow[]): OrderItemRow[] {
  return [...items].sort((a, b) => (a.sku_id < b.sku_id ? -1 : a.sku_id > b.sku_id ? 1 : 0));
}

/**
 * The changes of the skus whose stock moved by `quantity` units in `direction` (-1 taken, 1 given):
 * each one's `sku.updated` (and `sku.low_stock`), from `skus` as they now stand (others are left out).
 */
export function stockEvents(skus: SkuWithOwner[], moved: Map<string, number>, direction: 1 | -1, pricingOf: (skuId: string) => SkuPricing): NewEvent[] {
  return skus.filter((sku) => moved.has(sku.id)).flatMap((sku) => {
    const quantity = moved.get(sku.id)!;
    const before = { ...sku, in_stock: sku.in_stock === null ? null : sku.in_stock - direction * quantity };
    return skuChangeEvents('sku.updated', sku, before, pricingOf(sku.id));
  });
}

/** Records the changes of the skus whose stock moved (stockEvents), read as they now stand. */
export async function recordStockChanges(ctx: Ctx, tx: Tx, moved: Map<string, number>, direction: 1 | -1): Promise<void> {
  const ids = [...moved.keys()];
  const [skus, pricingOf] = await pipelined(tx, (piped) => Promise.all([findSkusWithOwner(piped, ids), loadSkuPricing(piped, ids)]));
  await recordEvents(tx, ctx.now(), stockEvents(skus, moved, direction, pricingOf));
}

/**
 * Gives the items' quantities back to the stock of skus that track it (a placed order canceled,
 * returned items received), and records each changed sku's `sku.updated` (once a sku).
 */
export async function giveStockBack(ctx: Ctx, tx: Tx, items: OrderItemRow[]): Promise<void> {
  const given = new Map<string, number>();
  for (const item of inLockOrder(items)) {
    const result = await tx
      .updateTable('skus')
      .set({ in_stock: sql`coalesce(in_stock, 0) + ${item.quantity}`, updated_at: ctx.now() })
      .where('id', '=', item.sku_id)
      .where('stock_policy', '=', 'overall')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) given.set(item.sku_id, (given.get(item.sku_id) ?? 0) + item.quantity);
  }
  await recordStockChanges(ctx, tx, given, 1);
}
