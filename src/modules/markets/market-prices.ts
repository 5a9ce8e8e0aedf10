// The price each market sells each sku at (`market_prices`), a read model kept in the transaction of
// every write that changes it: a sku's price, compared price or fixed prices; a market's currency,
// rate or rounding; the store's currency. Listings filter and sort on it, and a sku without a row is
// not sold in that market.
import type { Executor, Tx } from '../../db/database.js';
import type { MarketPriceRow, MarketRow, SkuPriceRow, SkuRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';
import { convertAmount, type Rounding } from './money.js';

type PricedSku = Pick<SkuRow, 'id' | 'product_id' | 'price' | 'compared_price'>;
type PricingMarket = Pick<MarketRow, 'id' | 'currency' | 'exchange_rate' | 'rounding'>;

/** Rows a statement inserts at most: 6 parameters each stays far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 500;

/** The store's own currency: what prices are kept in. */
export async function storeCurrency(db: Executor): Promise<string> {
  return (await db.selectFrom('stores').select('currency').orderBy('id').limit(1).executeTakeFirstOrThrow()).currency;
}

/**
 * The rate a market converts the store's prices at: its own, or 1 for a market in the store's own
 * currency that names none (fixed prices in the store's currency are refused, so it would sell nothing).
 */
export function conversionRate(market: Pick<MarketRow, 'currency' | 'exchange_rate'>, currency: string): string | null {
  return market.exchange_rate ?? (market.currency === currency ? '1' : null);
}

/**
 * The market's price of a sku: its fixed price in the market's currency when it has one, else its
 * price converted by the market's rate and rounding; none when the market has no rate either.
 */
export function marketPriceOf(sku: PricedSku, fixed: SkuPriceRow[], market: PricingMarket, currency: string): MarketPriceRow | null {
  const own = fixed.find((p) => p.currency === market.currency);
  if (own) {
    return { market_id: market.id, sku_id: sku.id, product_id: sku.product_id, price: own.price, compared_price: own.compared_price, is_fixed: 1 };
  }
  const rate = conversionRate(market, currency);
  if (rate === null) return null;
  const convert = (amount: number) => convertAmount(amount, currency, market.currency, rate, market.rounding as Rounding);
  return {
    market_id: market.id,
    sku_id: sku.id,
    product_id: sku.product_id,
    price: convert(sku.price),
    compared_price: sku.compared_price === null ? null : convert(sku.compared_price),
    is_fixed: 0,
  };
}

async function insertRows(tx: Tx, rows: MarketPriceRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.insertInto('market_prices').values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  }
}

async function priceSkus(tx: Tx, skus: PricedSku[], markets: PricingMarket[]): Promise<MarketPriceRow[]> {
  if (skus.length === 0 || markets.length === 0) return [];
  const currency = await storeCurrency(tx);
  const fixed = await tx.selectFrom('sku_prices').selectAll()
    .where('sku_id', 'in', skus.map((s) => s.id))
    .where('currency', 'in', [...new Set(markets.map((m) => m.currency))])
    .execute();
  const fixedBySku = groupBy(fixed, 'sku_id');
  return skus.flatMap((sku) => markets.flatMap((market) => marketPriceOf(sku, fixedBySku.get(sku.id) ?? [], market, currency) ?? []));
}

/** Rewrites the market prices of these skus in every market (after their price, compared price or fixed prices changed). */
export async function keepMarketPricesOfSkus(tx: Tx, skuIds: string[]): Promise<void> {
  if (skuIds.length === 0) return;
  const markets = await tx.selectFrom('markets').select(['id', 'currency', 'exchange_rate', 'rounding']).execute();
  for (let i = 0; i < skuIds.length; i += ROWS_PER_INSERT) {
    const ids = skuIds.slice(i, i + ROWS_PER_INSERT);
    await tx.deleteFrom('market_prices').where('sku_id', 'in', ids).execute();
    if (markets.length === 0) continue;
    const skus = await tx.selectFrom('skus').select(['id', 'product_id', 'price', 'compared_price']).where('id', 'in', ids).execute();
    await insertRows(tx, await priceSkus(tx, skus, markets));
  }
}

/** Rewrites every sku's price in one market (after its currency, rate or rounding changed). */
export async function keepMarketPricesOfMarket(tx: Tx, marketId: string): Promise<void> {
  await tx.deleteFrom('market_prices').where('market_id', '=', marketId).execute();
  const market = await tx.selectFrom('markets').select(['id', 'currency', 'exchange_rate', 'rounding']).where('id', '=', marketId).executeTakeFirst();
  if (!market) return;
  let after = '';
  // A page of skus at a time, so a large catalogue is never held in memory whole.
  for (;;) {
    const skus = await tx.selectFrom('skus').select(['id', 'product_id', 'price', 'compared_price'])
      .where('id', '>', after).orderBy('id').limit(ROWS_PER_INSERT).execute();
    if (skus.length === 0) return;
    await insertRows(tx, await priceSkus(tx, skus, [market]));
    after = skus.at(-1)!.id;
  }
}

/** Rewrites every market's prices (after the store's currency changed). */
export async function keepAllMarketPrices(tx: Tx): Promise<void> {
  for (const { id } of await tx.selectFrom('markets').select('id').execute()) await keepMarketPricesOfMarket(tx, id);
}
