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

/** How long the store's name, currency and language are kept: every page shows them, and they seldom change. */
const KEEP_MS = 60_000;

let kept: { client: unknown; until: number; info: Promise<ShopInfo> } | undefined;

async function readShopInfo(): Promise<ShopInfo> {
  const store = unwrap(await shopClient().GET('/v1/store')).data;
  return { name: store.name ?? 'Shop', currency: store.currency ?? 'USD', lang: store.lang ?? 'en', description: store.description ?? null, countryCode: store.country_code ?? null };
}

/**
 * The store's name, currency and language, read from the API at most once a minute per process (a
 * page otherwise spends one of its two API calls on them); a failed read is not kept.
 */
export const shopInfo = cache(async (): Promise<ShopInfo> => {
  const client = shopClient();
  if (!kept || kept.client !== client || kept.until < Date.now()) {
    const info = readShopInfo();
    kept = { client, until: Date.now() + KEEP_MS, info };
    info.catch(() => {
      if (kept?.info === info) kept = undefined;
    });
  }
  return kept.info;
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
