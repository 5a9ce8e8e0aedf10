/**
 * The request scenarios of `npm run bench`: each one request, sent by autocannon to the real server
 * and to the bare route serving the real answer's bytes (bench/bare.ts), with its target.
 *
 * The storefront (channel key) reads the catalogue through the in-memory cache of database changes
 * (src/http/response-cache.ts); staff (admin key) always read the database. Both are measured.
 * Targets are either a ratio of the real server's req/s to the bare route's, or a p99 latency.
 *
 * Each read scenario also has a cold mode (bench/cold.ts): the server's response cache off, and a
 * pool of distinct requests drawn from the data set instead of the one request.
 */
import { sortByValues } from '../src/modules/catalog/catalog-filters.js';
import type { BenchData, OrderLookups } from './bench-data.js';
import { distinctPaths, type ColdPool, type PoolContext } from './cold.js';
import { BENCH_COLLECTION_PERMALINK, productPermalink } from './dataset.js';
import { checkListingPage, checkProductPage, collectionListing, collectionPagePath, COLLECTION_PAGE_ROUTE, productPagePath, PRODUCT_PAGE_ROUTE } from './shop-pages.js';

/** What a scenario's request is built from: the data set, and the cart the harness made for `cart-update`. */
export interface ScenarioContext {
  data: BenchData;
  cartId?: string;
}

export type Target = { kind: 'ratio'; min: number } | { kind: 'p99'; maxMs: number };

export interface Scenario {
  name: string;
  title: (data: BenchData) => string;
  method: 'GET' | 'PUT';
  /** The route pattern of the real route; the bare server registers the same method and pattern. */
  route: string;
  path: (c: ScenarioContext) => string;
  headers: (c: ScenarioContext) => Record<string, string>;
  /** A JSON request body. */
  body?: (c: ScenarioContext) => string;
  target?: Target;
  /** It writes, so it runs after the reads: every committed write empties the storefront cache. */
  writes?: boolean;
  /** It needs the orders and events of bench/scale.ts in the data set. */
  needsOrders?: boolean;
  /**
   * Checks the real answer to `path` once before measuring (JSON parsed; a page's HTML as text);
   * throws when it is not what the scenario means to ask for.
   */
  check?: (answer: any, c: ScenarioContext, path: string) => void;
  /** A read scenario's cold mode: the requests of its pool (bench/cold.ts). */
  cold?: ColdPool;
  /**
   * A page of the shop front (HTML), not the API: measured in the cold mode only, on a server of its
   * own with the shop on (bench/server-scenarios.ts).
   */
  page?: boolean;
}

/** 10000 → 10k, 1000000 → 1M. */
export function short(n: number): string {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1_000 && n % 1_000 === 0) return `${n / 1_000}k`;
  return String(n);
}

const storefront = (c: ScenarioContext) => ({ 'channel-key': c.data.channelKey });
const admin = (c: ScenarioContext) => ({ authorization: `Bearer ${c.data.adminKey}` });

function lookups(c: ScenarioContext): OrderLookups {
  if (!c.data.lookups) throw new Error('this scenario needs orders and events: run with --orders N (N > 0)');
  return c.data.lookups;
}

const PAGE = 20;
const listingPath = (c: ScenarioContext) => `/v1/collections/${c.data.collectionId}/products?per_page=${PAGE}`;
const FACETS = 'facets=vendor,tags,options,price';
const facetsPath = (c: ScenarioContext) => `${listingPath(c)}&${FACETS}`;

/**
 * `search-common-word`: "product" is in every product's permalink (`product-00012`), which the search
 * reads with the name and the sku codes, so one of the two words matches the whole catalogue; the
 * number matches a few to a few thousand (as a substring of the names' and permalinks' numbers).
 */
const commonWordPath = (c: ScenarioContext, n: number) => `${listingPath(c)}&q=${encodeURIComponent(`product ${n}`)}`;
/** The numbers the cold pool of `search-common-word` asks for: 1–999, as a shopper types a product's number. */
const COMMON_WORD_NUMBERS = 999;

function searchFilter(c: ScenarioContext, q: string, priceMin: number, priceMax: number, sortBy: string): string {
  return `${listingPath(c)}&q=${encodeURIComponent(q)}&price%5Bmin%5D=${priceMin}&price%5Bmax%5D=${priceMax}&sort_by=${sortBy}`;
}

function searchPath(c: ScenarioContext): string {
  const { q, priceMin, priceMax } = c.data.search;
  return searchFilter(c, q, priceMin, priceMax, 'price-ascending');
}

function fullPage(answer: any, c: ScenarioContext): void {
  const got = Array.isArray(answer?.data) ? answer.data.length : 'no';
  if (got !== PAGE) {
    throw new Error(`the listing answered ${got} products, not a full page of ${PAGE} (the one search finds ${c.data.search.matches} products in the catalogue)`);
  }
}

function someRows(answer: any): void {
  if (!Array.isArray(answer?.data) || answer.data.length === 0) throw new Error('the answer holds no rows');
}

function countsFacets(answer: any): void {
  someRows(answer);
  const facets = answer?.meta?.facets;
  if (!Array.isArray(facets?.vendor) || facets.vendor.length === 0 || !Array.isArray(facets?.tags) || typeof facets?.price?.min !== 'number') {
    throw new Error(`the listing answered no facets of its products: ${JSON.stringify(facets)}`);
  }
}

const searchTitle = (d: BenchData) => `q=${d.search.q}, price ${d.search.priceMin}–${d.search.priceMax}, sort_by=price-ascending`;

const ordersByNamePath = (name: string) => `/v1/orders?q=${encodeURIComponent(name)}&per_page=${PAGE}`;
const ordersByNumberPath = (number: string) => `/v1/orders?q=${encodeURIComponent(number)}`;
const eventsPath = (relatedId: string) => `/v1/events?related_object=${encodeURIComponent(relatedId)}`;

/** How many full pages a listing's first page says the filter holds. */
async function fullPages(p: PoolContext, filter: string): Promise<number> {
  const answer = await p.ask(filter);
  return Math.floor(Number(answer?.meta?.pagination?.total_items ?? 0) / PAGE);
}

const STOREFRONT = 'storefront';
const ADMIN = 'admin key';

const skuPool = (who: string): ColdPool => ({
  title: () => `GET /v1/skus/{id}, a different sku each request (${who})`,
  paths: ({ sample, size }) => sample.products.slice(0, size).map((p) => `/v1/skus/${p.skuId}`),
});

/** Any full page of the collection in any order; with `facets`, each page counting every facet too. */
const listingPool = (who: string, facets = false): ColdPool => ({
  title: (d) => `GET /v1/collections/{id}/products?per_page=20&page={any full page}[&sort_by={any}]${facets ? `&${FACETS}` : ''} (${short(d.products)}-product collection, ${who}): each request a page and an order (the collection's own or one of the six sort_by values)`,
  paths: async (p) => {
    const path = facets ? facetsPath(p.c) : listingPath(p.c);
    const pages = await fullPages(p, path);
    const sorts = [undefined, ...sortByValues];
    return distinctPaths(p.size, () => {
      const sortBy = p.pick.one(sorts);
      return `${path}&page=${p.pick.int(1, pages)}${sortBy ? `&sort_by=${sortBy}` : ''}`;
    });
  },
});

const commonWordPool: ColdPool = {
  title: (d) => `the same listing with q=product {N}, N any of 1–${COMMON_WORD_NUMBERS} (${short(d.products)}-product collection, storefront): "product" is in every product's permalink, N in a few to a few thousand of them; the first page of 20`,
  paths: (p) => distinctPaths(p.size, () => commonWordPath(p.c, p.pick.int(1, COMMON_WORD_NUMBERS))),
};

const shopProductPool: ColdPool = {
  title: () => 'the shop front\'s product page `/products/{permalink}`, a different product each page (pages/s)',
  paths: ({ sample, size }) => sample.products.slice(0, size).map((p) => productPagePath(p.permalink)),
};

const shopListingPool: ColdPool = {
  title: (d) => `the shop front's listing page \`/collections/{permalink}?page={any full page}\`, 24 of the ${short(d.products)}-product collection (pages/s)`,
  paths: async (p) => {
    const collection = await collectionListing(p.api, p.c.data.collectionId);
    if (collection.fullPages === 0) return [];
    return distinctPaths(p.size, () => collectionPagePath(collection.permalink, p.pick.int(1, collection.fullPages)));
  },
};

const searchPool = (who: string): ColdPool => ({
  title: () => `the same listing with q={a word of the names}, price[min]/price[max] {two products' prices}, sort_by={any} and page={any full page of what they find} (${who})`,
  paths: (p) => distinctPaths(p.size, async () => {
    const prices = [p.pick.one(p.sample.products).price, p.pick.one(p.sample.products).price].sort((a, b) => a - b);
    const filter = searchFilter(p.c, p.pick.one(p.sample.words), prices[0]!, prices[1]!, p.pick.one(sortByValues));
    const pages = await fullPages(p, filter);
    return pages === 0 ? undefined : `${filter}&page=${p.pick.int(1, pages)}`;
  }),
});

const orderNamePool: ColdPool = {
  title: (d) => `GET /v1/orders?q={a last name of the buyers}&per_page=20 (${short(d.parameters.orders)} orders), a different name each request`,
  paths: ({ sample, size }) => [...new Set(sample.orders.flatMap((o) => o.lastName ?? []))].slice(0, size).map(ordersByNamePath),
};

const orderNumberPool: ColdPool = {
  title: (d) => `GET /v1/orders?q={number} (${short(d.parameters.orders)} orders), a different order each request`,
  paths: ({ sample, size }) => sample.orders.slice(0, size).map((o) => ordersByNumberPath(o.number)),
};

const relatedPool: ColdPool = {
  title: (d) => `GET /v1/events?related_object={id} (${short(d.parameters.events)} events), a different order or product each request`,
  paths: ({ sample, size }) => sample.relatedIds.slice(0, size).map(eventsPath),
};

export const SCENARIOS: Scenario[] = [
  {
    name: 'sku',
    title: () => 'GET /v1/skus/{id} (storefront, channel key)',
    method: 'GET',
    route: '/v1/skus/:id',
    path: (c) => `/v1/skus/${c.data.skuId}`,
    headers: storefront,
    target: { kind: 'ratio', min: 0.5 },
    cold: skuPool(STOREFRONT),
  },
  {
    name: 'listing',
    title: (d) => `GET /v1/collections/{id}/products?per_page=20 (${short(d.products)}-product collection, storefront)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: listingPath,
    headers: storefront,
    target: { kind: 'ratio', min: 0.25 },
    cold: listingPool(STOREFRONT),
  },
  {
    name: 'listing-search',
    title: (d) => `the same listing with ${searchTitle(d)} (storefront)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: searchPath,
    headers: storefront,
    target: { kind: 'ratio', min: 0.15 },
    check: fullPage,
    cold: searchPool(STOREFRONT),
  },
  {
    name: 'search-common-word',
    title: (d) => `the same listing with q=product 12 (${short(d.products)}-product collection, storefront): "product" is in every product's permalink`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: (c) => commonWordPath(c, 12),
    headers: storefront,
    target: { kind: 'ratio', min: 0.05 },
    check: someRows,
    cold: commonWordPool,
  },
  {
    // The storefront's side of listing-facets-admin: the counts a shop's listing page shows beside its products.
    name: 'listing-facets',
    title: (d) => `GET /v1/collections/{id}/products?per_page=20&${FACETS} (${short(d.products)}-product collection, storefront)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: facetsPath,
    headers: storefront,
    check: countsFacets,
    cold: listingPool(STOREFRONT, true),
  },
  {
    name: 'sku-admin',
    title: () => 'GET /v1/skus/{id} (admin key: no cache)',
    method: 'GET',
    route: '/v1/skus/:id',
    path: (c) => `/v1/skus/${c.data.skuId}`,
    headers: admin,
    cold: skuPool(ADMIN),
  },
  {
    name: 'listing-admin',
    title: (d) => `GET /v1/collections/{id}/products?per_page=20 (${short(d.products)}-product collection, admin key: no cache)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: listingPath,
    headers: admin,
    cold: listingPool(ADMIN),
  },
  {
    name: 'listing-search-admin',
    title: (d) => `the same listing with ${searchTitle(d)} (admin key: no cache)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: searchPath,
    headers: admin,
    check: fullPage,
    cold: searchPool(ADMIN),
  },
  {
    // Issue 39's bound: within 3× listing-admin, the same listing without facets.
    name: 'listing-facets-admin',
    title: (d) => `GET /v1/collections/{id}/products?per_page=20&${FACETS} (${short(d.products)}-product collection, admin key: no cache)`,
    method: 'GET',
    route: '/v1/collections/:id/products',
    path: facetsPath,
    headers: admin,
    check: countsFacets,
    cold: listingPool(ADMIN, true),
  },
  {
    name: 'orders-by-name',
    title: (d) => `GET /v1/orders?q={last name}&per_page=20 (${short(d.parameters.orders)} orders; "${d.lookups?.lastName}", the most common, finds ${d.lookups?.lastNameMatches})`,
    method: 'GET',
    route: '/v1/orders',
    path: (c) => ordersByNamePath(lookups(c).lastName),
    headers: admin,
    target: { kind: 'p99', maxMs: 20 },
    needsOrders: true,
    check: someRows,
    cold: orderNamePool,
  },
  {
    name: 'orders-by-number',
    title: (d) => `GET /v1/orders?q={number} (${short(d.parameters.orders)} orders; ${d.lookups?.number})`,
    method: 'GET',
    route: '/v1/orders',
    path: (c) => ordersByNumberPath(lookups(c).number),
    headers: admin,
    target: { kind: 'p99', maxMs: 20 },
    needsOrders: true,
    check: someRows,
    cold: orderNumberPool,
  },
  {
    name: 'events-related',
    title: (d) => `GET /v1/events?related_object={id} (${short(d.parameters.events)} events; the id has ${d.lookups?.relatedEvents})`,
    method: 'GET',
    route: '/v1/events',
    path: (c) => eventsPath(lookups(c).relatedId),
    headers: admin,
    target: { kind: 'p99', maxMs: 20 },
    needsOrders: true,
    check: someRows,
    cold: relatedPool,
  },
  {
    name: 'shop-product',
    title: (d) => `GET ${productPagePath(productPermalink(Math.floor(d.products / 2)))}, the shop front's product page (Next.js in the API's process, reading the API over loopback HTTP)`,
    method: 'GET',
    route: PRODUCT_PAGE_ROUTE,
    path: (c) => productPagePath(productPermalink(Math.floor(c.data.products / 2))),
    headers: () => ({}),
    check: (html: string, _c, path) => checkProductPage(path, html),
    cold: shopProductPool,
    page: true,
  },
  {
    name: 'shop-listing',
    title: () => `GET ${collectionPagePath(BENCH_COLLECTION_PERMALINK, 1)}, the shop front's listing page of 24 (Next.js in the API's process, reading the API over loopback HTTP)`,
    method: 'GET',
    route: COLLECTION_PAGE_ROUTE,
    path: () => collectionPagePath(BENCH_COLLECTION_PERMALINK, 1),
    headers: () => ({}),
    check: (html: string, _c, path) => checkListingPage(path, html),
    cold: shopListingPool,
    page: true,
  },
  {
    name: 'cart-update',
    title: () => 'PUT /v1/carts/{id} with 3 items (storefront, channel key)',
    method: 'PUT',
    route: '/v1/carts/:id',
    path: (c) => {
      if (!c.cartId) throw new Error('cart-update: the harness has not made its cart');
      return `/v1/carts/${c.cartId}`;
    },
    headers: (c) => ({ ...storefront(c), 'content-type': 'application/json' }),
    body: (c) => {
      const [a, b, d] = c.data.flowSkuIds;
      return JSON.stringify({ items: { [a!]: 1, [b!]: 2, [d!]: 1 } });
    },
    target: { kind: 'ratio', min: 0.25 },
    writes: true,
    check: (answer) => {
      if (answer?.data?.total_items !== 4) throw new Error(`the cart holds ${answer?.data?.total_items} items, not 4`);
    },
  },
];

/** A checkout flow measured (bench/checkout-flow.ts): its name, what it does, and the flows/s to reach on SQLite. */
export interface FlowScenario {
  name: string;
  title: string;
  /** Completed flows per second to reach on SQLite. */
  target: number;
}

/** The checkout flow (bench/checkout-flow.ts): five dependent requests per flow, on the real server alone. */
export const FLOW: FlowScenario = {
  name: 'checkout-flow',
  title: 'cart (3 skus) → checkout → buyer data → methods → payment (test card), channel key',
  target: 500,
};

/** The same flow buying with a discount code entered on the cart (10 % off every item, no usage limit). */
export const FLOW_CODE: FlowScenario = {
  name: 'checkout-flow-code',
  title: 'the checkout flow with a discount code entered on the cart (10 % off, counted at placement)',
  target: 500,
};

/** Webhook delivery (bench/webhooks.ts): events one `storefront worker` delivers per second, on its own SQLite file. */
export const WEBHOOKS = {
  name: 'webhooks',
  title: 'events delivered per second by one `storefront worker` (SQLite, local receiver answering 204)',
} as const;

/** The scenarios of the `--scale` curves: the catalogue's at each catalogue size, the orders' at each store size. */
export const CATALOGUE_CURVES = ['listing', 'listing-search', 'listing-admin', 'listing-search-admin'];
export const ORDER_CURVES = ['orders-by-name', 'orders-by-number', 'events-related'];

export function scenarioNamed(name: string): Scenario {
  const found = SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`Unknown scenario "${name}"; known: ${[...SCENARIOS.map((s) => s.name), FLOW.name, FLOW_CODE.name, WEBHOOKS.name].join(', ')}`);
  return found;
}

/** Whether a scenario met its target, from its median real round; undefined when it has none. */
export function targetMet(target: Target | undefined, ratio: number, p99: number): boolean | undefined {
  if (!target) return undefined;
  return target.kind === 'ratio' ? ratio >= target.min : p99 <= target.maxMs;
}

export function targetText(target: Target | undefined): string {
  if (!target) return '—';
  return target.kind === 'ratio' ? `ratio ≥ ${target.min.toFixed(2)}` : `p99 ≤ ${target.maxMs} ms`;
}
