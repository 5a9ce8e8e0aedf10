// Prices as a signed-in member of customer groups pays them: each sku at the lowest of its regular
// (market) price and the prices its groups' active, current price lists give it in the same currency,
// the regular price then shown as `compared_price`. Laid over views after the market's prices (as
// those are laid over market-free views), so that reads, listings, carts and orders agree; anyone
// else, guests included, gets the views as they are.
import type { Executor } from '../../db/database.js';
import type { Ctx } from '../../lib/context.js';
import type { ProductView } from '../catalog/products.view.js';
import type { SkuView } from '../catalog/skus.view.js';
import type { UnitPrice } from '../markets/market-pricing.js';
import { findStore } from '../store/stores.repo.js';

/** The customer a request prices for: the signed-in customer, else nobody. */
export function pricedCustomer(ctx: Ctx): string | null {
  return ctx.actor.kind === 'customer' ? ctx.actor.customerId : null;
}

/**
 * The lowest price each sku has on the price lists of the customer's groups that are active and
 * within their schedule at `now`, in `currency` (a list price without currency is in the store's).
 * Skus no such list prices are missing from the answer.
 */
export async function memberPrices(db: Executor, customerId: string, currency: string, skuIds: string[], now: number): Promise<Map<string, number>> {
  if (skuIds.length === 0) return new Map();
  const storeCurrency = (await findStore(db))?.currency ?? 'USD';
  const rows = await db.selectFrom('price_list_prices as p')
    .innerJoin('price_lists as l', 'l.id', 'p.price_list_id')
    .innerJoin('price_list_groups as g', 'g.price_list_id', 'l.id')
    .innerJoin('customer_group_members as m', 'm.customer_group_id', 'g.customer_group_id')
    .select(['p.sku_id', (eb) => eb.fn.min<number>('p.price').as('price')])
    .where('m.customer_id', '=', customerId)
    .where('p.sku_id', 'in', [...new Set(skuIds)])
    .where('l.is_active', '=', 1)
    .where((eb) => eb.or([eb('l.starts_at', 'is', null), eb('l.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('l.ends_at', 'is', null), eb('l.ends_at', '>', now)]))
    .where((eb) => currency === storeCurrency ? eb.or([eb('p.currency', 'is', null), eb('p.currency', '=', currency)]) : eb('p.currency', '=', currency))
    .groupBy('p.sku_id')
    .execute();
  return new Map(rows.map((row) => [row.sku_id, Number(row.price)]));
}

/** Whether the customer has a list price for any of these skus now: their views must then be built for them. */
export async function hasMemberPrices(db: Executor, customerId: string | null, skuIds: string[], now: number): Promise<boolean> {
  if (customerId === null || skuIds.length === 0) return false;
  const storeCurrency = (await findStore(db))?.currency ?? 'USD';
  return (await memberPrices(db, customerId, storeCurrency, skuIds, now)).size > 0;
}

/** A unit price as a member pays it: the list price when lower, with the regular price beside it. */
export function memberUnitPrice<T extends UnitPrice>(unit: T, listPrice: number | undefined): T {
  if (listPrice === undefined || listPrice >= unit.price) return unit;
  return { ...unit, price: listPrice, compared_price: unit.price };
}

/** Unit prices (by sku id, in `currency`) as the customer pays them; unchanged for nobody. */
export async function unitPricesForCustomer<T extends UnitPrice>(
  db: Executor, customerId: string | null, currency: string, units: Map<string, T>, now: number,
): Promise<Map<string, T>> {
  if (customerId === null || units.size === 0) return units;
  const lists = await memberPrices(db, customerId, currency, [...units.keys()], now);
  if (lists.size === 0) return units;
  return new Map([...units].map(([skuId, unit]) => [skuId, memberUnitPrice(unit, lists.get(skuId))]));
}

/** Sku views as the customer pays them (copied where changed: views may be kept for others); unchanged for nobody. */
export async function skusForCustomer<T extends SkuView>(db: Executor, customerId: string | null, skus: T[], now: number): Promise<T[]> {
  if (customerId === null || skus.length === 0) return skus;
  const lists = await memberPrices(db, customerId, skus[0]!.currency, skus.map((sku) => sku.id), now);
  return lists.size === 0 ? skus : skus.map((sku) => memberUnitPrice(sku, lists.get(sku.id)));
}

/**
 * Product views as the customer pays them: each sku as skusForCustomer prices it, and the product's
 * own price that of the sku it shows (`sku_id`); unchanged for nobody.
 */
export async function productsForCustomer(db: Executor, customerId: string | null, views: ProductView[], now: number): Promise<ProductView[]> {
  if (customerId === null || views.length === 0) return views;
  const skuIds = views.flatMap((view) => [...view.skus.map((sku) => sku.id), ...(view.sku_id ? [view.sku_id] : [])]);
  const lists = await memberPrices(db, customerId, views[0]!.currency, skuIds, now);
  if (lists.size === 0) return views;
  return views.map((view) => ({
    ...memberUnitPrice(view, view.sku_id === null ? undefined : lists.get(view.sku_id)),
    skus: view.skus.map((sku) => memberUnitPrice(sku, lists.get(sku.id))),
  }));
}
