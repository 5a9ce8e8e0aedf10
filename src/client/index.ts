/**
 * The typed client of the Storefront API (`storefront/client`): openapi-fetch over the types that
 * openapi-typescript generates from the server's own OpenAPI document (schema.ts, written by
 * `npm run client:generate`). Calls answer openapi-fetch's `{ data, error, response }`: `data` is the
 * typed answer, `error` the typed problem; `unwrap` turns a problem into a thrown `StorefrontProblem`.
 */
import createFetchClient, { type Client as FetchClient, type MaybeOptionalInit } from 'openapi-fetch';
import { pageIterator, type ListItem, type ListPath } from './paginate.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import type { paths } from './schema.js';

export type * from './schema.js';
export type { ListItem, ListPath } from './paginate.js';
export { StorefrontProblem, unwrap } from './problem.js';
export type { RetryOptions } from './retry.js';

interface CommonOptions {
  /** The server's address, e.g. `https://shop.example.com`. */
  baseUrl: string;
  /** Retries after no answer, a 5xx or a 429 (with one Idempotency-Key per POST); `false` sends each request once. */
  retry?: RetryOptions | false;
  /** The fetch to send requests with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

/** Staff: the admin key `sk_…` (or a read-only `rk_…`). */
export interface AdminOptions extends CommonOptions {
  adminKey: string;
}

/** A storefront: its channel key `ck_…`, and a signed-in customer's token `ctk_…`. */
export interface ChannelOptions extends CommonOptions {
  channelKey: string;
  customerToken?: string | null;
}

export interface StorefrontClient extends FetchClient<paths> {
  /**
   * Every item of a list, page after page (following `meta.pagination.next_page`), with the same
   * arguments as `GET`; a problem answer is thrown as a `StorefrontProblem`.
   */
  paginate<P extends ListPath>(path: P, init?: MaybeOptionalInit<paths[P], 'get'>): AsyncGenerator<ListItem<P>, void, undefined>;
}

export interface ChannelClient extends StorefrontClient {
  /** The same client acting for a signed-in customer (`null`: for nobody); this one is left as it is. */
  withCustomerToken(token: string | null): ChannelClient;
}

function credentialHeaders(options: AdminOptions | ChannelOptions): Record<string, string> {
  if ('adminKey' in options) return { Authorization: `Bearer ${options.adminKey}` };
  return {
    'Channel-Key': options.channelKey,
    ...(options.customerToken ? { Authorization: `Bearer ${options.customerToken}` } : {}),
  };
}

/** A client for staff (admin key) or for a storefront (channel key, and a customer token once signed in). */
export function createClient(options: AdminOptions): StorefrontClient;
export function createClient(options: ChannelOptions): ChannelClient;
export function createClient(options: AdminOptions | ChannelOptions): StorefrontClient | ChannelClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers: { ...options.headers, ...credentialHeaders(options) },
    fetch: options.retry === false ? send : retryingFetch(send, options.retry),
  });
  const paginate: StorefrontClient['paginate'] = (path, init) => pageIterator(client, path, init);
  if ('adminKey' in options) return { ...client, paginate };
  return {
    ...client,
    paginate,
    withCustomerToken: (token) => createClient({ ...options, customerToken: token }),
  };
}
