import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import { findStore } from '../store/stores.repo.js';
import { marketOf, primaryMarket, type Market } from './market-context.js';
import { conversionRate } from './market-prices.js';
import { findMarket, findMarketOfCountry } from './markets.repo.js';
import { convertAmount } from './money.js';

/** A unit price and the compared price shown beside it, in one currency. */
export interface UnitPrice {
  price: number;
  compared_price: number | null;
}

/** A cart or an order, as far as the market it sells in goes (its currency: null for carts made before markets). */
export interface Sale {
  market_id: string | null;
  currency: string | null;
}

/**
 * The market a cart or order sells in: its own, or the primary market (the store's currency) when it
 * names none. Undefined when that market no longer sells in the sale's currency (deleted, turned off,
 * or moved to another currency since): a sale keeps its currency, so nothing more is priced in it.
 */
export async function marketOfSale(db: Executor, sale: Sale): Promise<Market | undefined> {
  if (sale.market_id === null) {
    const store = await findStore(db);
    return primaryMarket({ currency: store?.currency ?? 'USD', lang: store?.lang ?? 'en' });
  }
  const row = await findMarket(db, sale.market_id);
  if (!row || row.is_active !== 1 || (sale.currency !== null && row.currency !== sale.currency)) return undefined;
  return marketOf(row);
}

/**
 * How an amount of the store's currency (a shipping rate, a fixed discount, a minimum) reads in a
 * market: converted at its rate by its rounding rule, as its converted prices are. Null when the
 * market has no rate for a currency of its own: only zero, which is zero in every currency, reads.
 */
export function storeAmountIn(market: Market, storeCurrency: string): (amount: number) => number | null {
  if (market.id === null) return (amount) => amount;
  const rate = conversionRate({ currency: market.currency, exchange_rate: market.exchangeRate }, storeCurrency);
  if (rate === null) return (amount) => (amount === 0 ? 0 : null);
  return (amount) => convertAmount(amount, storeCurrency, market.currency, rate, market.rounding);
}

/**
 * The prices a market sells these skus at (its kept `market_prices`); the primary market's are the
 * skus' own. A sku the market does not sell is missing from the answer.
 */
export async function unitPricesIn(
  db: Executor, market: Market, skus: ReadonlyArray<{ id: string } & UnitPrice>,
): Promise<Map<string, UnitPrice>> {
  if (market.id === null) return new Map(skus.map((sku) => [sku.id, { price: sku.price, compared_price: sku.compared_price }]));
  if (skus.length === 0) return new Map();
  const rows = await db.selectFrom('market_prices').select(['sku_id', 'price', 'compared_price'])
    .where('market_id', '=', market.id).where('sku_id', 'in', skus.map((sku) => sku.id)).execute();
  return new Map(rows.map((row) => [row.sku_id, { price: Number(row.price), compared_price: row.compared_price === null ? null : Number(row.compared_price) }]));
}

/** 422 for a sale asked to change currency, or priced in a market that no longer sells in its currency. */
export function currencyLocked(field: string, currency: string): Problem {
  return Problem.invalid([{
    field,
    code: 'currency_locked',
    message: `a cart keeps its currency (${currency}) from start to end: make a new cart to buy in another market's currency`,
  }]);
}

/**
 * The market a sale is priced in, and how the store's amounts read in its currency.
 * @throws Problem validation_failed (currency_locked) when its market no longer sells in its currency.
 */
export async function pricingOfSale(db: Executor, sale: Sale, storeCurrency: string): Promise<{ market: Market; inCurrency: (amount: number) => number | null }> {
  const market = await marketOfSale(db, sale);
  if (!market) throw currencyLocked('market_id', sale.currency ?? storeCurrency);
  return { market, inCurrency: storeAmountIn(market, storeCurrency) };
}

/** The currency a country buys in: its active market's, else the store's. */
export async function currencyOfCountry(db: Executor, countryCode: string): Promise<string> {
  const market = await findMarketOfCountry(db, countryCode);
  if (market && market.is_active === 1) return market.currency;
  return (await findStore(db))?.currency ?? 'USD';
}

/** Which of these skus a market sells (all of them in the primary market). */
export async function skusSoldIn(db: Executor, market: Market, skuIds: string[]): Promise<Set<string>> {
  if (market.id === null || skuIds.length === 0) return new Set(skuIds);
  const rows = await db.selectFrom('market_prices').select('sku_id').where('market_id', '=', market.id).where('sku_id', 'in', skuIds).execute();
  return new Set(rows.map((row) => row.sku_id));
}

