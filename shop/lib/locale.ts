import { headers } from 'next/headers';
import { cache } from 'react';
import { LOCALE_HEADER, localePath, PATH_HEADER } from './locale-paths';
import { money, shopInfo } from './store';
import { wordsOf, type Words } from './words';

/** The language of the page asked for: its URL's prefix (the proxy checked it is one the store sells in), else the store's own. */
export const requestLocale = cache(async (): Promise<string> => {
  const [sent, shop] = await Promise.all([headers(), shopInfo()]);
  const locale = sent.get(LOCALE_HEADER);
  return locale && shop.locales.includes(locale) ? locale : shop.lang;
});

/** The path asked for without its language prefix, query included (`/products/mug?sku=…`). */
export const requestPath = cache(async (): Promise<string> => (await headers()).get(PATH_HEADER) ?? '/');

/** A path of the shop in the page's language: `/cart` is `/fr/cart` on a French page. */
export async function localized(path: string): Promise<string> {
  const [locale, shop] = await Promise.all([requestLocale(), shopInfo()]);
  return localePath(path, locale, shop.lang);
}

/** Amounts in minor units as the page's language writes them (`19,00 €` in French). */
export const moneyFormat = cache(async (): Promise<(minor: number, currency: string) => string> => {
  const locale = await requestLocale();
  return (minor, currency) => money(minor, currency, locale);
});

/** The shop's own words in the page's language. */
export const pageWords = cache(async (): Promise<Words> => wordsOf(await requestLocale()));
