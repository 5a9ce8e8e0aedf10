/** The product listings' orders, as the API names them, with the words a buyer reads. */
export const SORTS = [
  ['', 'Featured'],
  ['price-ascending', 'Price, low to high'],
  ['price-descending', 'Price, high to low'],
  ['name-ascending', 'Name, A–Z'],
  ['name-descending', 'Name, Z–A'],
  ['created-descending', 'Newest'],
] as const;

export type SortBy = Exclude<(typeof SORTS)[number][0], ''>;

export const PER_PAGE = 24;

/** The listing query a page's URL asks for: a known order, a page number from 1, prices in whole units. */
export function listingOf(query: Record<string, string | string[] | undefined>) {
  const one = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');
  const sort = SORTS.some(([value]) => value !== '' && value === one('sort')) ? (one('sort') as SortBy) : undefined;
  const page = Math.max(1, Math.min(10_000, Math.trunc(Number(one('page'))) || 1));
  const cents = (text: string) => (/^\d{1,9}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : undefined);
  const min = cents(one('min'));
  const max = cents(one('max'));
  const price = min !== undefined || max !== undefined ? { min, max } : undefined;
  const kept: Record<string, string> = {};
  for (const key of ['sort', 'min', 'max', 'q']) if (one(key)) kept[key] = one(key);
  return { sort, page, price, q: one('q') || undefined, kept };
}
