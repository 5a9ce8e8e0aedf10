import { cookies } from 'next/headers';
import { cache } from 'react';
import { requestLocale } from './locale';
import { shopInfo, type MarketInfo } from './store';

/** The cookie that keeps the country the buyer chose in the header's picker (ISO 2). */
export const COUNTRY_COOKIE = 'country_code';

export interface BuyerMarket {
  /** The market the pages sell in; null: the primary market (the store's own currency). */
  market: MarketInfo | null;
  /** The country the picker shows: the buyer's choice, else the market's first, else the store's. */
  countryCode: string | null;
  locale: string;
  /** What a catalogue read adds to its query: the chosen country, else the market, and the language. */
  query: { market?: string; country?: string; locale: string };
  /** What a new cart is made in. */
  cart: { market_id?: string; country_code?: string; locale: string };
}

/**
 * The market of the buyer's pages: the country they chose (its market, or the primary market for a
 * country in none), else the market whose default language is the page's, else the primary market.
 */
export const buyerMarket = cache(async (): Promise<BuyerMarket> => {
  const [shop, locale, jar] = await Promise.all([shopInfo(), requestLocale(), cookies()]);
  const chosen = jar.get(COUNTRY_COOKIE)?.value;
  if (chosen && /^[A-Z]{2}$/.test(chosen)) {
    const market = shop.markets.find((candidate) => candidate.countryCodes.includes(chosen)) ?? null;
    return { market, countryCode: chosen, locale, query: { country: chosen, locale }, cart: { country_code: chosen, locale } };
  }
  const market = shop.markets.find((candidate) => candidate.locales[0] === locale) ?? null;
  if (market) return { market, countryCode: market.countryCodes[0] ?? null, locale, query: { market: market.id, locale }, cart: { market_id: market.id, locale } };
  return { market: null, countryCode: shop.countryCode, locale, query: { locale }, cart: { locale } };
});

/** The query of a catalogue read in the buyer's market and language. */
export async function inMarket(): Promise<BuyerMarket['query']> {
  return (await buyerMarket()).query;
}

/** The currency the buyer's pages are priced in (the API answers each price's currency too). */
export async function marketCurrency(): Promise<string> {
  const [buyer, shop] = await Promise.all([buyerMarket(), shopInfo()]);
  return buyer.market?.currency ?? shop.currency;
}
