export interface PageRequest {
  page: number;
  perPage: number;
}

export interface PaginationBlock {
  current_page: number;
  previous_page: number | null;
  next_page: number | null;
  per_page: number;
  from: number;
  to: number;
  total_pages: number;
  total_items: number;
  links: { previous_page: string | null; next_page: string | null };
}

export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? 50 };
}

export function offsetOf(page: PageRequest): number {
  return (page.page - 1) * page.perPage;
}

/**
 * The spec's pagination block. `url` is the request's path and query; the links repeat it with
 * only `page` changed, so a client can follow them as they are.
 */
export function paginationBlock(page: PageRequest, totalItems: number, url: string): PaginationBlock {
  const totalPages = Math.max(1, Math.ceil(totalItems / page.perPage));
  const offset = offsetOf(page);
  const onPage = Math.max(0, Math.min(page.perPage, totalItems - offset));
  const previous = page.page > 1 ? page.page - 1 : null;
  const next = page.page < totalPages ? page.page + 1 : null;
  return {
    current_page: page.page,
    previous_page: previous,
    next_page: next,
    per_page: page.perPage,
    from: onPage > 0 ? offset + 1 : 0,
    to: onPage > 0 ? offset + onPage : 0,
    total_pages: totalPages,
    total_items: totalItems,
    links: {
      previous_page: previous === null ? null : withPage(url, previous),
      next_page: next === null ? null : withPage(url, next),
    },
  };
}

function withPage(url: string, page: number): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

/** A list answer: the rows and the pagination block. */
export interface Page<T> {
  data: T[];
  meta: { pagination: PaginationBlock };
}

export function toPage<T>(data: T[], page: PageRequest, totalItems: number, url: string): Page<T> {
  return { data, meta: { pagination: paginationBlock(page, totalItems, url) } };
}
