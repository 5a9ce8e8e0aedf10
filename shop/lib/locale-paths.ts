/** The request headers by which the proxy tells the pages the URL's language and the path asked for without its prefix. */
export const LOCALE_HEADER = 'x-shop-locale';
export const PATH_HEADER = 'x-shop-path';

/** A locale as the API and the URLs spell it: `fr`, `fr-CA`. */
const LOCALE_PREFIX = /^\/([a-z]{2}(?:-[A-Z]{2})?)(\/.*)?$/;

/** The locale a path starts with (`/fr/cart` → `fr`, `/cart`), and the path without it. */
export function splitLocale(path: string): { locale: string | null; rest: string } {
  const match = LOCALE_PREFIX.exec(path);
  return match ? { locale: match[1]!, rest: match[2] ?? '/' } : { locale: null, rest: path };
}

/** A path of the shop in `locale`: the store's own language (`lang`) has no prefix; `/` in French is `/fr`. */
export function localePath(path: string, locale: string, lang: string): string {
  if (locale === lang) return path;
  return path === '/' ? `/${locale}` : path.startsWith('/?') ? `/${locale}${path.slice(1)}` : `/${locale}${path}`;
}
