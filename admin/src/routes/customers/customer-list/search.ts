/** The list's search as it stands in the address bar, so a found customer can be linked and reloaded. */
export interface CustomerListSearch {
  q?: string;
  page?: number;
}

/** Whatever the address bar holds, as a search the API takes: anything else is dropped. */
export function validateCustomerListSearch(search: Record<string, unknown>): CustomerListSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q.trim() : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
