/** The list's search as it stands in the address bar, so a found customer can be linked and reloaded. */
export interface CustomerListSearch {
  email?: string;
  page?: number;
}

/** Whatever the address bar holds, as a search the API takes: anything else is dropped. */
export function validateCustomerListSearch(search: Record<string, unknown>): CustomerListSearch {
  const page = Number(search.page);
  return {
    email: typeof search.email === 'string' && search.email.trim() !== '' ? search.email.trim() : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
