import { currencyDecimals } from './store';

/** The product listings' orders, as the API names them ('' : the listing's own); their words are in lib/words.ts. */
export const SORTS = ['', 'price-ascending', 'price-descending', 'name-ascending', 'name-descending', 'created-descending'] as const;

export type SortBy = Exclude<(typeof SORTS)[number], ''>;

export const PER_PAGE = 24;

/** The facets a listing page asks for: its brand and option checkboxes and its price range. */
export const FACETS = 'vendor,options,price';

/** The filters a buyer chose: brands (`vendor=`) and option values (`options[size]=`), each a checkbox of the page. */
export interface ListingFilters {
  vendors: string[];
  options: Record<string, string[]>;
}

// The API's bounds on option filters (at most 10 names, 20 values each): past them a URL is cut, not refused.
const MAX_OPTION_NAMES = 10;
const MAX_VALUES = 20;

/** A query parameter's values, repeated or single, non-empty, distinct, at most MAX_VALUES. */
function valuesOf(value: string | string[] | undefined): string[] {
  const list = typeof value === 'string' ? [value] : value ?? [];
  return [...new Set(list.filter((item) => item !== '' && item.length <= 255))].slice(0, MAX_VALUES);
}

/**
 * The listing query a page's URL asks for: a known order, a page number from 1, prices in whole
 * units of `currency` (the buyer's market's), which the API takes in minor units, and the brands and
 * options chosen (`?vendor=Acme&options[size]=M`). `kept`: the URL's choices but the page, for links
 * that keep them.
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
  const filters: ListingFilters = { vendors: valuesOf(query.vendor), options: {} };
  for (const key of Object.keys(query)) {
    const name = /^options\[(.{1,100})\]$/.exec(key)?.[1];
    const values = valuesOf(query[key]);
    if (name && values.length > 0 && Object.keys(filters.options).length < MAX_OPTION_NAMES) filters.options[name] = values;
  }
  const kept: Array<[string, string]> = [];
  for (const key of ['sort', 'q', 'min', 'max']) if (one(key)) kept.push([key, one(key)]);
  for (const vendor of filters.vendors) kept.push(['vendor', vendor]);
  for (const [name, values] of Object.entries(filters.options)) for (const value of values) kept.push([`options[${name}]`, value]);
  return { sort, page, price, q: one('q') || undefined, filters, kept };
}

// The API's bounds on a joined filter (options[x] and vendor): a URL asking for more is cut, not refused.
const MAX_OPTION_LENGTH = 255;
const MAX_VENDOR_LENGTH = 2000;

/** The values joined by commas, as many of them, in order, as fit in `max` characters. */
function joinedWithin(values: string[], max: number): string {
  let joined = '';
  for (const value of values) {
    const next = joined === '' ? value : `${joined},${value}`;
    if (next.length > max) break;
    joined = next;
  }
  return joined;
}

/** The API's query of the chosen filters: values joined by commas, as its `vendor` and `options[x]` take them. */
export function filterQuery(filters: ListingFilters): { vendor?: string; options?: Record<string, string> } {
  const options = Object.fromEntries(Object.entries(filters.options).map(([name, values]) => [name, joinedWithin(values, MAX_OPTION_LENGTH)]));
  return {
    ...(filters.vendors.length > 0 ? { vendor: joinedWithin(filters.vendors, MAX_VENDOR_LENGTH) } : {}),
    ...(Object.keys(options).length > 0 ? { options } : {}),
  };
}

/** A listing's URL with the kept choices less those `without` drops: the page starts again at 1. */
export function listingHref(path: string, kept: Array<[string, string]>, without: (key: string, value: string) => boolean = () => false): string {
  const query = new URLSearchParams(kept.filter(([key, value]) => !without(key, value))).toString();
  return query ? `${path}?${query}` : path;
}
