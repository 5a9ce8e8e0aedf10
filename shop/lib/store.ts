import { cache } from 'react';
import { shopClient } from './api';
import { keptShopInfo, type ShopInfo } from './shop-info';

export type { MarketInfo, ShopInfo } from './shop-info';

/** The store's name, currency, languages and markets (read at most once a minute: lib/shop-info.ts). */
export const shopInfo = cache((): Promise<ShopInfo> => keptShopInfo(shopClient()));

/** ISO 4217 currencies whose minor unit is not the cent (the API's amounts are in minor units): their decimals. */
const DECIMALS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** How many decimals a currency's amounts have: 2 unless ISO 4217 says otherwise (JPY none). */
export function currencyDecimals(currency: string): number {
  return DECIMALS[currency.toUpperCase()] ?? 2;
}

/** An amount in minor units as a decimal string, for machines (JSON-LD): `1900` USD → `19.00`, `2199` JPY → `2199`. */
export function decimalAmount(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (minor / 10 ** decimals).toFixed(decimals);
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the buyer reads it, in their language: `$19.00`, `19,00 €`, `¥2,199`. */
export function money(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(minor / 10 ** currencyDecimals(currency));
}
