import type { Client as FetchClient, MaybeOptionalInit } from 'openapi-fetch';
import { unwrap } from './problem.js';
import type { paths } from './schema.js';

type ListAnswer<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer Body } } } } } ? Body : never;

/** The paths whose GET answers a page: `{ data: [...], meta: { pagination } }`. */
export type ListPath = {
  [P in keyof paths]: ListAnswer<P> extends { data: unknown[]; meta: { pagination: { next_page: number | null } } } ? P : never;
}[keyof paths];

/** One item of the list at `P`. */
export type ListItem<P extends ListPath> = ListAnswer<P> extends { data: Array<infer Item> } ? Item : never;

interface Page {
  data: unknown[];
  meta: { pagination: { next_page: number | null } };
}

type LooseInit = { params?: { query?: Record<string, unknown> } } & Record<string, unknown>;

/** Every item of the list at `path`, from the page asked for (default the first) to the last. */
export async function* pageIterator<P extends ListPath>(
  client: FetchClient<paths>,
  path: P,
  init?: MaybeOptionalInit<paths[P], 'get'>,
): AsyncGenerator<ListItem<P>, void, undefined> {
  const loose = (init ?? {}) as LooseInit;
  // The item and init types hold for every list path; GET cannot see that through the generic path.
  const get = client.GET as unknown as (path: string, init: LooseInit) => Promise<{ data?: Page; error?: unknown; response: Response }>;
  let page: unknown = loose.params?.query?.page;
  for (;;) {
    const query = { ...loose.params?.query, ...(page === undefined ? {} : { page }) };
    const answer = unwrap(await get(path, { ...loose, params: { ...loose.params, query } }));
    yield* answer.data as Array<ListItem<P>>;
    const next = answer.meta.pagination.next_page;
    if (next === null) return;
    page = next;
  }
}
