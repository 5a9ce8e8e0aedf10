import type { Tx } from '../../db/database.js';
import type { SkuRow } from '../../db/types.js';
import { recordEvents, type NewEvent } from '../events/record-event.js';
import { loadSkuPricing, type SkuPricing } from '../markets/sku-prices.js';
import type { SkuWithOwner } from './skus.repo.js';
import { skuView, type SkuOwner, type SkuView } from './skus.view.js';

export type StockFields = Pick<SkuRow, 'stock_policy' | 'in_stock' | 'low_threshold'>;

export function ownerOf(row: SkuWithOwner): SkuOwner {
  return { name: row.product_name, modifiers: JSON.parse(row.product_modifiers) as string[] };
}

/** Whether a sku that counts stock is at or below its low_threshold (as the `low_stock` filter reads it). */
export function isLowStock(sku: StockFields): boolean {
  return sku.stock_policy === 'overall' && sku.in_stock !== null && sku.low_threshold !== null && sku.in_stock <= sku.low_threshold;
}

/**
 * The events of a sku's change: `sku.created` or `sku.updated` (the sku after it), then
 * `sku.low_stock` when the change took a sku that asks to be told (`is_notify`) from above its
 * low_threshold to at or below it: a new sku that starts there, a sale, or staff lowering `in_stock`
 * or raising `low_threshold`. A sku already low stays quiet until its stock is above the threshold
 * again, so each fall is told once. `before` is the sku's stock before the change (none for a new sku).
 */
export function skuChangeEvents(
  kind: 'sku.created' | 'sku.updated',
  after: SkuWithOwner,
  before: StockFields | undefined,
  pricing: SkuPricing,
): Array<NewEvent & { object: SkuView }> {
  const view = skuView(after, ownerOf(after), pricing);
  const isNowLow = after.is_notify === 1 && isLowStock(after) && !(before && isLowStock(before));
  return isNowLow ? [{ kind, object: view }, { kind: 'sku.low_stock', object: view }] : [{ kind, object: view }];
}

/** Records a sku's change (skuChangeEvents) in its transaction; answers the sku's view. */
export async function recordSkuChange(
  tx: Tx,
  now: number,
  kind: 'sku.created' | 'sku.updated',
  after: SkuWithOwner,
  before: StockFields | undefined,
): Promise<SkuView> {
  const events = skuChangeEvents(kind, after, before, (await loadSkuPricing(tx, [after.id]))(after.id));
  await recordEvents(tx, now, events);
  return events[0]!.object;
}
