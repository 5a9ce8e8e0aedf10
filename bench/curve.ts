/**
 * `npm run bench -- --scale`: how the cost of a request grows with the store. For each catalogue size
 * (`--scale-products`, 1k, 10k, 100k) the listing and the search, storefront (its response cache
 * off) and admin; for each store size (`--scale-orders`, 10k, 100k, 1M orders, with 5 events an
 * order) the order searches and the events of one object. Each size is a data set of
 * bench/bench-data.ts (generated once, then kept), served by a real server of its own; each request
 * is measured on the real server alone (short: by default a 2 s warm-up and one round of 5 s). The
 * aim is a flat curve: time per request the same at every size.
 *
 * At each size a request is its cold pool (bench/cold.ts), drawn from that size's data set: up to
 * `--pool` distinct requests (another page, sort, search word and price range; another buyer, order
 * or object), each connection walking the pool as the cold mode does, so no size is measured on one
 * lucky or unlucky request. `--scale-fixed` measures the scenario's one request instead.
 */
import type { BenchData, DatabaseKind } from './bench-data.js';
import { prepareData } from './bench-data.js';
import type { BenchPostgres } from './postgres.js';
import { capturePool, drawColdSample, type Pool } from './cold.js';
import { fetchBody, measure, type LoadOptions } from './measure.js';
import { curveTable, type CurvePoint } from './report.js';
import { CATALOGUE_CURVES, ORDER_CURVES, scenarioNamed, short } from './scenarios.js';
import { startRealServer, stop } from './servers.js';

export interface CurveOptions extends LoadOptions {
  db: DatabaseKind;
  workers: number;
  fresh: boolean;
  /** The catalogue of the order steps. */
  products: number;
  scaleProducts: number[];
  scaleOrders: number[];
  /** Events per order at each store size. */
  eventsPerOrder: number;
  postgres?: BenchPostgres;
  /** The most distinct requests of a cold pool. */
  pool: number;
  /** The scenario's one request at each size instead of its cold pool. */
  fixed: boolean;
  /** The curves to measure (of CATALOGUE_CURVES and ORDER_CURVES); a kind of size none of them needs is skipped. */
  curves: string[];
}

export interface Curve {
  scenario: string;
  title: string;
  points: CurvePoint[];
}

/** Each curve's one request (`--scale-fixed`), whatever the scale. */
const TITLES: Record<string, string> = {
  listing: 'GET /v1/collections/{id}/products?per_page=20, the collection of every product (storefront: products on sale; response cache off)',
  'listing-admin': 'GET /v1/collections/{id}/products?per_page=20, the collection of every product (admin key: no cache)',
  'listing-search': 'the same listing with q, a price range and sort_by=price-ascending (storefront; response cache off)',
  'listing-search-admin': 'the same listing with q, a price range and sort_by=price-ascending (admin key: no cache)',
  'orders-by-name': 'GET /v1/orders?q={the most common last name}',
  'orders-by-number': 'GET /v1/orders?q={the number of the order in the middle}',
  'events-related': 'GET /v1/events?related_object={the related id of the event in the middle}',
};

const LISTING_POOL = 'GET /v1/collections/{id}/products?per_page=20&page={any full page}[&sort_by={any}], the collection of every product: each request a page and an order';
const SEARCH_POOL = 'the same listing with q={a word of the names}, price[min]/price[max] {two products\' prices}, sort_by={any} and page={any full page of what they find}: each request another';

/** Each curve's cold pool, whatever the scale (bench/scenarios.ts draws it). */
const POOL_TITLES: Record<string, string> = {
  listing: `${LISTING_POOL} (storefront: products on sale; response cache off)`,
  'listing-admin': `${LISTING_POOL} (admin key: no cache)`,
  'listing-search': `${SEARCH_POOL} (storefront; response cache off)`,
  'listing-search-admin': `${SEARCH_POOL} (admin key: no cache)`,
  'orders-by-name': 'GET /v1/orders?q={a last name of the buyers}&per_page=20, a different name each request',
  'orders-by-number': 'GET /v1/orders?q={number}, a different order each request',
  'events-related': 'GET /v1/events?related_object={id}, a different order or product with events each request',
};

/** What each curve's one request finds at a scale, so a growing count is seen beside a growing time. */
const FOUND: Record<string, (d: BenchData) => string> = {
  listing: (d) => `${d.products} products`,
  'listing-admin': (d) => `${d.products} products`,
  'listing-search': (d) => `${d.search.matches} products`,
  'listing-search-admin': (d) => `${d.search.matches} products`,
  'orders-by-name': (d) => `${d.lookups?.lastNameMatches} orders`,
  'orders-by-number': () => '1 order',
  'events-related': (d) => `${d.lookups?.relatedEvents} events`,
};

const FOUND_UNIT: Record<string, string> = {
  listing: 'products',
  'listing-admin': 'products',
  'listing-search': 'products',
  'listing-search-admin': 'products',
  'orders-by-name': 'orders',
  'orders-by-number': 'orders',
  'events-related': 'events',
};

/** What a pool's requests find: the mean `total_items` of its answers (the rows answered when a list has no pagination block). */
export function poolFound(name: string, pool: Pool): string {
  const counts = pool.bodies.map((body) => {
    const answer = JSON.parse(body.toString()) as { data?: unknown[]; meta?: { pagination?: { total_items?: number } } };
    return Number(answer.meta?.pagination?.total_items ?? answer.data?.length ?? 0);
  });
  const mean = counts.reduce((sum, n) => sum + n, 0) / counts.length;
  return `${mean < 10 ? mean.toFixed(1) : Math.round(mean)} ${FOUND_UNIT[name] ?? 'rows'} (mean of ${counts.length})`;
}

const log = (text: string) => process.stderr.write(`${text}\n`);

async function measureAt(opts: CurveOptions, data: BenchData, scale: string, names: string[], curves: Map<string, Curve>): Promise<void> {
  // The storefront's response cache off: a cached answer costs the same at every size, and says nothing of the queries.
  const server = await startRealServer({ url: data.url, adminKey: data.adminKey, channelKey: data.channelKey, workers: opts.workers, cacheTtlMs: 0 });
  try {
    const c = { data };
    const sample = opts.fixed ? undefined : await drawColdSample(data, opts.pool);
    // Every pool drawn before any is measured, as the cold mode does: a pool is drawn on an idle server.
    const pools = new Map<string, { paths?: string[]; meanBytes: number; found?: string }>();
    for (const name of names) {
      const scenario = scenarioNamed(name);
      if (sample) {
        const pool = await capturePool(server.base, c, scenario, sample, opts.pool);
        const found = poolFound(name, pool);
        log(`  ${name}: a cold pool of ${pool.paths.length} requests, finding ${found}`);
        pools.set(name, { paths: pool.paths, meanBytes: pool.bodies.reduce((sum, body) => sum + body.length, 0) / pool.bodies.length, found });
      } else {
        pools.set(name, { meanBytes: (await fetchBody(server.base, c, scenario)).length, found: FOUND[name]?.(data) });
      }
    }
    log(`Measuring at ${scale} (real server only, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s after ${opts.warmup} s)…`);
    for (const name of names) {
      const { paths, meanBytes, found } = pools.get(name)!;
      const row = await measure(opts, c, scenarioNamed(name), { realBase: server.base, realPid: server.child.pid }, meanBytes, 'cold', paths);
      const curve = curves.get(name) ?? { scenario: name, title: (opts.fixed ? TITLES : POOL_TITLES)[name] ?? name, points: [] };
      curve.points.push({ scale, found, row });
      curves.set(name, curve);
    }
  } finally {
    await stop(server.child);
  }
}

/** Measures every chosen curve; returns them in the order of the scenarios. */
export async function runCurves(opts: CurveOptions): Promise<Curve[]> {
  const curves = new Map<string, Curve>();
  const catalogue = CATALOGUE_CURVES.filter((name) => opts.curves.includes(name));
  const orderCurves = ORDER_CURVES.filter((name) => opts.curves.includes(name));
  for (const products of catalogue.length > 0 ? opts.scaleProducts : []) {
    const data = await prepareData({ db: opts.db, products, orders: 0, events: 0 }, { fresh: opts.fresh, postgres: opts.postgres, log: (t) => log(`  ${t}`) });
    await measureAt(opts, data, `${short(products)} products`, catalogue, curves);
  }
  for (const orders of orderCurves.length > 0 ? opts.scaleOrders : []) {
    const events = orders * opts.eventsPerOrder;
    const data = await prepareData({ db: opts.db, products: opts.products, orders, events }, { fresh: opts.fresh, postgres: opts.postgres, log: (t) => log(`  ${t}`) });
    await measureAt(opts, data, `${short(orders)} orders, ${short(events)} events`, orderCurves, curves);
  }
  return [...catalogue, ...orderCurves].flatMap((name) => curves.get(name) ?? []);
}

export function curvesReport(curves: Curve[]): string {
  return curves.map((curve) => `\`${curve.scenario}\`: ${curve.title}\n\n${curveTable(curve.points)}`).join('\n\n');
}
