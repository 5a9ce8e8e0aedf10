import { cache } from 'react';
import { unwrap } from '@storefront-api/client';
import { shopClient } from './api';

export interface ShopInfo {
  name: string;
  currency: string;
  lang: string;
  description: string | null;
  /** Where the store is: the country an address form starts with. */
  countryCode: string | null;
}

/** The store's name, currency and language, read once per request (React's cache). */
export const shopInfo = cache(async (): Promise<ShopInfo> => {
  const store = unwrap(await shopClient().GET('/v1/store')).data;
  return { name: store.name ?? 'Shop', currency: store.currency ?? 'USD', lang: store.lang ?? 'en', description: store.description ?? null, countryCode: store.country_code ?? null };
});

const formats = new Map<string, Intl.NumberFormat>();

/** Cents as the buyer reads them: `$19.00`, `€19,00`. */
export function money(cents: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}
