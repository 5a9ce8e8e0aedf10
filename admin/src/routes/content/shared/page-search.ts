/** A list's search and page number in the address bar, so a found page of the list can be linked and reloaded. */
export interface ListSearch {
  q?: string;
  page?: number;
}

export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
