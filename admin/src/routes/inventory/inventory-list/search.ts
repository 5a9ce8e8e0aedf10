import { flagOf } from '../../../lib/search-params';

/** The inventory's search as it stands in the address bar, so it can be linked and reloaded. */
export interface InventorySearch {
  q?: string;
  /** Only the skus at or below their low threshold. */
  low?: boolean;
  page?: number;
}

/** Whatever the address bar holds, as filters the API takes: anything else is dropped. */
export function validateInventorySearch(search: Record<string, unknown>): InventorySearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined,
    low: flagOf(search.low) === true ? true : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
