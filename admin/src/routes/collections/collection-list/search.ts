/** The list's search as it stands in the address bar. */
export interface CollectionListSearch {
  q?: string;
  page?: number;
}

export function validateCollectionListSearch(search: Record<string, unknown>): CollectionListSearch {
  const page = Number(search.page);
  return {
    q: typeof search.q === 'string' && search.q.trim() !== '' ? search.q : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}
