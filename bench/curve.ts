/**
 * `npm run bench -- --scale`: how the cost of a request grows with the store. For each catalogue size
 * (`--scale-products`, 1k, 10k, 100k) the listing and the search, storefront (its response cache
 * off) and admin; for each store size (`--scale-orders`, 10k, 100k, 1M orders, with 5 events an
 * order) the order searches and the events of one object. Each size is a data set of
 * bench/bench-data.ts (generated once, then kept), served by a real server of its own; each request
 * is measured on the real server alone (short: by default a 2 s warm-up and one round of 5 s). The
 * aim is a flat curve: time per request the same at every size.
 */
import type { BenchData, DatabaseKind } from './bench-data.js';
import { prepareData } from './bench-data.js';
import type { BenchPostgres } from './postgres.js';
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
}

export interface Curve {
  scenario: string;
  title: string;
  points: CurvePoint[];
}

/** Each curve's request, whatever the scale. */
const TITLES: Record<string, string> = {
  listing: 'GET /v1/collections/{id}/products?per_page=20, the collection of every product (storefront: products on sale; response cache off)',
  'listing-admin': 'GET /v1/collections/{id}/products?per_page=20, the collection of every product (admin key: no cache)',
  'listing-search': 'the same listing with q, a price range and sort_by=price-ascending (storefront; response cache off)',
  'listing-search-admin': 'the same listing with q, a price range and sort_by=price-ascending (admin key: no cache)',
  'orders-by-name': 'GET /v1/orders?q={the most common last name}',
  'orders-by-number': 'GET /v1/orders?q={the number of the order in the middle}',
  'events-related': 'GET /v1/events?related_object={the related id of the event in the middle}',
};

/** What each curve's request finds at a scale, so a growing count is seen beside a growing time. */
const FOUND: Record<string, (d: BenchData) => string> = {
  listing: (d) => `${d.products} products`,
  'listing-admin': (d) => `${d.products} products`,
  'listing-search': (d) => `${d.search.matches} products`,
  'listing-search-admin': (d) => `${d.search.matches} products`,
  'orders-by-name': (d) => `${d.lookups?.lastNameMatches} orders`,
  'orders-by-number': () => '1 order',
  'events-related': (d) => `${d.lookups?.relatedEvents} events`,
};

const log = (text: string) => process.stderr.write(`${text}\n`);

async function measureAt(opts: CurveOptions, data: BenchData, scale: string, names: string[], curves: Map<string, Curve>): Promise<void> {
  // The storefront's response cache off: a cached answer costs the same at every size, and says nothing of the queries.
  const server = await startRealServer({ url: data.url, adminKey: data.adminKey, channelKey: data.channelKey, workers: opts.workers, cacheTtlMs: 0 });
  try {
    log(`Measuring at ${scale} (real server only, ${opts.connections} connections, ${opts.rounds} × ${opts.duration} s after ${opts.warmup} s)…`);
    for (const name of names) {
      const scenario = scenarioNamed(name);
      const c = { data };
      const body = await fetchBody(server.base, c, scenario);
      const row = await measure(opts, c, scenario, { realBase: server.base, realPid: server.child.pid }, body.length, 'cold');
      const curve = curves.get(name) ?? { scenario: name, title: TITLES[name] ?? name, points: [] };
      curve.points.push({ scale, found: FOUND[name]?.(data), row });
      curves.set(name, curve);
    }
  } finally {
    await stop(server.child);
  }
}

/** Measures every curve; returns them in the order of the scenarios. */
export async function runCurves(opts: CurveOptions): Promise<Curve[]> {
  const curves = new Map<string, Curve>();
  for (const products of opts.scaleProducts) {
    const data = await prepareData({ db: opts.db, products, orders: 0, events: 0 }, { fresh: opts.fresh, postgres: opts.postgres, log: (t) => log(`  ${t}`) });
    await measureAt(opts, data, `${short(products)} products`, CATALOGUE_CURVES, curves);
  }
  for (const orders of opts.scaleOrders) {
    const events = orders * opts.eventsPerOrder;
    const data = await prepareData({ db: opts.db, products: opts.products, orders, events }, { fresh: opts.fresh, postgres: opts.postgres, log: (t) => log(`  ${t}`) });
    await measureAt(opts, data, `${short(orders)} orders, ${short(events)} events`, ORDER_CURVES, curves);
  }
  return [...CATALOGUE_CURVES, ...ORDER_CURVES].flatMap((name) => curves.get(name) ?? []);
}

export function curvesReport(curves: Curve[]): string {
  return curves.map((curve) => `\`${curve.scenario}\`: ${curve.title}\n\n${curveTable(curve.points)}`).join('\n\n');
}
