import { flagOf } from '../../../lib/search-params';

/** The list's search and filters as they stand in the address bar, so a filtered list can be linked and reloaded. */
export const productSorts = ['name-ascending', 'name-descending', 'created-descending', 'created-ascending', 'price-ascending', 'price-descending'] as const;

export interface ProductListSearch {
  q?: string;
  active?: boolean;
  published?: boolean;
  sort_by?: (typeof productSorts)[number];
  page?: number;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateProductListSearch(search: Record<string, unknown>): ProductListSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined,
    active: flagOf(search.active),
    published: flagOf(search.published),
    sort_by: productSorts.includes(search.sort_by as never) ? (search.sort_by as ProductListSearch['sort_by']) : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
