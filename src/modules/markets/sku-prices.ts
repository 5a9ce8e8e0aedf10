// A sku's fixed prices in other currencies (`sku_prices`): what staff set, beside the price in the
// store's currency, for markets that should not convert it.
import type { Executor, Tx } from '../../db/database.js';
import { groupBy } from '../../lib/group-by.js';
import type { FieldErrors } from '../../lib/problem.js';
import { findStore } from '../store/stores.repo.js';
import { keepMarketPricesOfSkus } from './market-prices.js';
import { isCurrencyCode } from './money.js';

export interface SkuPriceView {
  currency: string;
  price: number;
  compared_price: number | null;
}

/** A fixed price as staff send it (the currency in any case). */
export type SkuPriceInput = Omit<SkuPriceView, 'compared_price'> & { compared_price?: number | null };

/** What a sku's view shows of its prices: the store's currency and its fixed prices in others. */
export interface SkuPricing {
  currency: string;
  prices: SkuPriceView[];
}

/** A market's price of a sku, as staff see it beside the sku. */
export interface MarketPriceView {
  market_id: string;
  currency: string;
  price: number;
  compared_price: number | null;
  is_fixed: boolean;
}

/**
 * The pricing of each sku named (by their ids, or by their products' ids), in one query (fixed
 * prices in currency order).
 */
export async function loadSkuPricing(db: Executor, ids: string[], of: 'skus' | 'products' = 'skus'): Promise<(skuId: string) => SkuPricing> {
  const [store, rows] = await Promise.all([
    findStore(db),
    ids.length === 0 ? [] : db.selectFrom('sku_prices as sp').selectAll('sp')
      .$if(of === 'skus', (q) => q.where('sp.sku_id', 'in', ids))
      .$if(of === 'products', (q) => q.innerJoin('skus as k', 'k.id', 'sp.sku_id').where('k.product_id', 'in', ids))
      .orderBy('sp.currency').execute(),
  ]);
  const bySku = groupBy(rows, 'sku_id');
  return (skuId) => ({
    currency: store?.currency ?? 'USD',
    prices: (bySku.get(skuId) ?? []).map((r) => ({ currency: r.currency, price: r.price, compared_price: r.compared_price })),
  });
}

/**
 * Checks a sku's fixed prices as given: a currency that is not ISO 4217, that repeats, or that is the
 * store's own (its price is the sku's `price`) is an error on its index.
 */
export function checkSkuPrices(errors: FieldErrors, prices: SkuPriceInput[], storeCurrency: string): void {
  const seen = new Set<string>();
  prices.forEach((given, i) => {
    const currency = given.currency.trim().toUpperCase();
    const at = `prices[${i}][currency]`;
    if (!isCurrencyCode(currency)) errors.add(at, 'invalid_value', 'is not an ISO 4217 currency code');
    else if (currency === storeCurrency) errors.add(at, 'invalid_value', `is the store's currency: set the sku's price instead`);
    else if (seen.has(currency)) errors.add(at, 'duplicate', `repeats ${currency}`);
    seen.add(currency);
  });
}

/**
 * Keeps what follows from a write of these skus' prices: their fixed prices replaced when `prices`
 * was sent (checked by checkSkuPrices), then their market prices rewritten (market-prices.ts).
 */
export async function keepSkuPrices(tx: Tx, skuIds: string[], prices: SkuPriceInput[] | undefined): Promise<void> {
  if (skuIds.length === 0) return;
  if (prices !== undefined) {
    await tx.deleteFrom('sku_prices').where('sku_id', 'in', skuIds).execute();
    const rows = skuIds.flatMap((sku_id) => prices.map((p) => ({
      sku_id, currency: p.currency.trim().toUpperCase(), price: p.price, compared_price: p.compared_price ?? null,
    })));
    if (rows.length > 0) await tx.insertInto('sku_prices').values(rows).execute();
  }
  await keepMarketPricesOfSkus(tx, skuIds);
}

/** Each sku's prices in every market it is sold in (staff views), by sku. */
async function loadMarketPrices(db: Executor, skuIds: string[]): Promise<Map<string, MarketPriceView[]>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db.selectFrom('market_prices as mp')
    .innerJoin('markets as m', 'm.id', 'mp.market_id')
    .select(['mp.sku_id', 'mp.market_id', 'm.currency', 'mp.price', 'mp.compared_price', 'mp.is_fixed'])
    .where('mp.sku_id', 'in', skuIds)
    .orderBy('mp.market_id')
    .execute();
  const bySku = new Map<string, MarketPriceView[]>();
  for (const r of rows) {
    const list = bySku.get(r.sku_id) ?? [];
    list.push({ market_id: r.market_id, currency: r.currency, price: r.price, compared_price: r.compared_price, is_fixed: r.is_fixed === 1 });
    bySku.set(r.sku_id, list);
  }
  return bySku;
}

/** Sku views with `market_prices` (staff's), as copies: views may be kept for other callers. */
export async function withMarketPrices<T extends { id: string }>(db: Executor, skus: T[]): Promise<Array<T & { market_prices: MarketPriceView[] }>> {
  const bySku = await loadMarketPrices(db, skus.map((s) => s.id));
  return skus.map((sku) => ({ ...sku, market_prices: bySku.get(sku.id) ?? [] }));
}

/** Product views whose skus carry `market_prices` (staff's), as copies. */
export async function productsWithMarketPrices<T extends { skus: Array<{ id: string }> }>(db: Executor, products: T[]): Promise<T[]> {
  const bySku = await loadMarketPrices(db, products.flatMap((p) => p.skus.map((s) => s.id)));
  return products.map((product) => ({ ...product, skus: product.skus.map((sku) => ({ ...sku, market_prices: bySku.get(sku.id) ?? [] })) }));
}
