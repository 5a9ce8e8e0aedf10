/** A list's page number in the address bar, so a page of the list can be linked and reloaded. */
export interface PageSearch {
  page?: number;
}

export function validatePageSearch(search: Record<string, unknown>): PageSearch {
  const page = Number(search.page);
  return { page: Number.isInteger(page) && page > 1 ? page : undefined };
}
