import { currencyDecimals } from './store';

/** The product listings' orders, as the API names them ('' : the listing's own); their words are in lib/words.ts. */
export const SORTS = ['', 'price-ascending', 'price-descending', 'name-ascending', 'name-descending', 'created-descending'] as const;

export type SortBy = Exclude<(typeof SORTS)[number], ''>;

export const PER_PAGE = 24;

/**
 * The listing query a page's URL asks for: a known order, a page number from 1, prices in whole
 * units of `currency` (the buyer's market's), which the API takes in minor units.
 */
export function listingOf(query: Record<string, string | string[] | undefined>, currency: string) {
  const one = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');
  const sort = SORTS.some((value) => value !== '' && value === one('sort')) ? (one('sort') as SortBy) : undefined;
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(one('page'))) || 1));
  const decimals = currencyDecimals(currency);
  const minor = (text: string) => (/^\d{1,9}(\.\d{1,4})?$/.test(text) ? Math.round(Number(text) * 10 ** decimals) : undefined);
  const min = minor(one('min'));
  const max = minor(one('max'));
  const price = min !== undefined || max !== undefined ? { min, max } : undefined;
  const kept: Record<string, string> = {};
  for (const key of ['sort', 'min', 'max', 'q']) if (one(key)) kept[key] = one(key);
  return { sort, page, price, q: one('q') || undefined, kept };
}
