// Catalogue views as a market sells them: each sku at its market price (market-prices.ts), the skus
// the market does not sell left out, and the currency named. Views are built market-free (and kept
// so: kept-product-views.ts, the storefront cache) and overlaid here after.
import type { Executor } from '../../db/database.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { MarketPriceRow, MarketRow } from '../../db/types.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import type { ProductView } from '../catalog/products.view.js';
import type { SkuView } from '../catalog/skus.view.js';
import { countryName } from '../geo/countries.js';
import { findStore } from '../store/stores.repo.js';
import { marketOf, primaryMarket, type Market } from './market-context.js';
import { unitPricesIn } from './market-pricing.js';
import { findAllMarkets } from './markets.repo.js';

/** Every market, kept as the store's other settings are (a store has a handful; markets.service forgets them on a write). */
export const keptMarkets = new KeptSetting((db) => findAllMarkets(db));

/** What a request names of a market: `market` (an id) or `country` (ISO 3166-1 alpha-2). */
export interface MarketQuery {
  market?: string;
  country?: string;
}

/** Where a market is named: a read's query (a bad one is 400, as any bad query parameter) or a cart's body (422). */
const QUERY = { market: 'market', country: 'country', inQuery: true };

/**
 * The market a request reads in (or a cart is made in): the active market it names, else the active
 * market of its country, else the primary market (the store's own currency), which is also the answer
 * without either. `names`: where the request named them, for its errors.
 * @throws Problem invalid_request (a query) or validation_failed (a body) naming `market` for an
 * unknown or inactive market, `country` for a code that is no ISO 3166-1 country.
 */
export async function requestMarket(db: Executor, query: MarketQuery, names = QUERY): Promise<Market> {
  if (query.market === undefined && query.country === undefined) return primary(db);
  const markets = await keptMarkets.get(db);
  const errors = new FieldErrors();
  let found: MarketRow | undefined;
  if (query.market !== undefined) {
    found = markets.find((m) => m.id === query.market && m.is_active === 1);
    if (!found) errors.add(names.market, 'not_found', 'names no active market');
  } else {
    const country = query.country!.trim().toUpperCase();
    if (!countryName(country)) errors.add(names.country, 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');
    found = markets.find((m) => m.is_active === 1 && (JSON.parse(m.country_codes) as string[]).includes(country));
  }
  const [first] = errors.list;
  if (first && names.inQuery) throw new Problem('invalid_request', `${first.field} ${first.message}`, { errors: errors.list });
  errors.throwIfAny();
  return found ? marketOf(found) : primary(db);
}

async function primary(db: Executor): Promise<Market> {
  const store = await findStore(db);
  return primaryMarket({ currency: store?.currency ?? 'USD', lang: store?.lang ?? 'en' });
}

/** Whether a market is another than the primary one, whose prices are the skus' own. */
export function isOtherMarket(market: Market): market is Market & { id: string } {
  return market.id !== null;
}

/** The market's prices of these products' skus, by sku id: one read. */
async function marketPricesOfProducts(db: Executor, marketId: string, productIds: string[]): Promise<Map<string, MarketPriceRow>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom('market_prices').selectAll()
    .where('market_id', '=', marketId).where('product_id', 'in', [...new Set(productIds)]).execute();
  return new Map(rows.map((row) => [row.sku_id, row]));
}

/** A sku view at its market price (copied: views may be kept for other callers). */
export function skuInMarket<T extends SkuView>(sku: T, row: Pick<MarketPriceRow, 'price' | 'compared_price'>, market: Market): T {
  return { ...sku, price: row.price, compared_price: row.compared_price, currency: market.currency };
}

/**
 * The products as the market sells them: each sku at its market price, the skus it does not sell
 * left out, and the products it sells no sku of left out. A product's price is its default sku's,
 * or, when the market does not sell that one, its first sku the market sells. In the primary market
 * the views are answered as they are, naming its currency.
 */
export async function sellInMarket(db: Executor, views: ProductView[], market: Market): Promise<ProductView[]> {
  if (!isOtherMarket(market)) return views.every((v) => v.currency === market.currency) ? views : views.map((v) => ({ ...v, currency: market.currency }));
  const prices = await marketPricesOfProducts(db, market.id, views.map((v) => v.id));
  const sold = new Set([...prices.values()].map((row) => row.product_id));
  return views.filter((view) => sold.has(view.id)).map((view) => {
    const skus = view.skus.flatMap((sku) => {
      const row = prices.get(sku.id);
      return row ? [skuInMarket(sku, row, market)] : [];
    });
    const shown = prices.get(view.sku_id ?? '') ?? (skus[0] && prices.get(skus[0].id)) ?? [...prices.values()].find((row) => row.product_id === view.id)!;
    return { ...view, skus, sku_id: shown.sku_id, price: shown.price, compared_price: shown.compared_price, currency: market.currency };
  });
}

/** The skus as the market sells them, those it does not sell left out (see sellInMarket). */
export async function sellSkusInMarket<T extends SkuView>(db: Executor, skus: T[], market: Market): Promise<T[]> {
  if (!isOtherMarket(market)) return skus;
  const prices = await unitPricesIn(db, market, skus);
  return skus.flatMap((sku) => {
    const unit = prices.get(sku.id);
    return unit ? [skuInMarket(sku, unit, market)] : [];
  });
}
