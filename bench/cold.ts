/**
 * The cold mode of the read scenarios (`npm run bench -- --mode cold|both`): the real server runs with
 * the storefront's response cache off (STOREFRONT_CACHE_TTL_MS=0), and each request asks something
 * else, as shoppers and staff do: a pool of distinct requests per scenario, drawn from the data set.
 *
 * 1. `drawColdSample`: rows of the data set picked by a seeded PRNG, so the same data set gives the
 *    same pools on every run: products by catalogue position (their default skus, names and prices),
 *    orders by number (their ids and last names), and, among those orders' and products' ids, the ids
 *    that have events.
 * 2. Each read scenario turns the sample into paths (its `cold.paths` in bench/scenarios.ts); the
 *    listings ask the real server once per filter how many items it holds, to ask only for full pages.
 * 3. `capturePool`: every path sent once to the real server, its answer checked as the scenario checks
 *    its one answer and kept. bench/bare.ts then serves each path's own bytes, and both servers are
 *    sent the pool in the same order (bench/measure.ts), so the ratio compares the same answers.
 */
import { openDatabase } from '../src/db/database.js';
import { findStore } from '../src/modules/store/stores.repo.js';
import type { BenchData } from './bench-data.js';
import { prng, productPermalink } from './dataset.js';
import { fetchAnswer, requestOf } from './measure.js';
import type { Scenario, ScenarioContext } from './scenarios.js';

/** The seed of every draw: the same data set gives the same pools. */
const SEED = 20261124;
/** Rows per `in (…)` list, well under either database's bound-parameter limit. */
const CHUNK = 500;
/** Orders drawn per pool entry: several orders share a last name, and the name pool wants distinct ones. */
const ORDERS_PER_ENTRY = 4;

export interface ColdSample {
  /** Products in the order drawn: each with its default sku and that sku's price. */
  products: Array<{ id: string; permalink: string; skuId: string; name: string; price: number }>;
  /** The distinct words of the drawn products' names (no numbers), lower case. */
  words: string[];
  /** Orders in the order drawn; empty when the data set has none. */
  orders: Array<{ id: string; number: string; lastName: string | null }>;
  /** Ids of the drawn orders and products that have events, in the order drawn. */
  relatedIds: string[];
}

/** A seeded picker: an integer in a range, or one item of a list. */
export interface Pick {
  int(min: number, max: number): number;
  one<T>(items: readonly T[]): T;
}

export function picker(seed = SEED): Pick {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  return { int, one: (items) => items[int(0, items.length - 1)]! };
}

/** `count` distinct integers of [min, max] (all of them when the range is smaller), in the order drawn. */
function distinctInts(pick: Pick, count: number, min: number, max: number): number[] {
  const wanted = Math.min(count, max - min + 1);
  const drawn = new Set<number>();
  while (drawn.size < wanted) drawn.add(pick.int(min, max));
  return [...drawn];
}

function chunks<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));
}

/** Rows of the data set for pools of `size` requests each (see the file's comment). */
export async function drawColdSample(data: BenchData, size: number): Promise<ColdSample> {
  const pick = picker();
  const handle = openDatabase(data.url);
  try {
    const { db } = handle;
    const permalinks = distinctInts(pick, size, 0, data.products - 1).map(productPermalink);
    const byPermalink = new Map<string, ColdSample['products'][number]>();
    for (const list of chunks(permalinks)) {
      const rows = await db.selectFrom('products').innerJoin('skus', 'skus.id', 'products.default_sku_id')
        .select(['products.id', 'products.permalink', 'products.name', 'skus.id as sku_id', 'skus.price'])
        .where('products.permalink', 'in', list).execute();
      for (const row of rows) byPermalink.set(row.permalink, { id: row.id, permalink: row.permalink, skuId: row.sku_id, name: row.name, price: Number(row.price) });
    }
    const products = permalinks.flatMap((permalink) => byPermalink.get(permalink) ?? []);
    const words = [...new Set(products.flatMap((p) => p.name.toLowerCase().split(/\s+/).filter((word) => /^[a-z]+$/.test(word))))];

    const orders: ColdSample['orders'] = [];
    const orderCount = data.lookups ? data.parameters.orders : 0;
    if (orderCount > 0) {
      const store = await findStore(db);
      const numbers = distinctInts(pick, size * ORDERS_PER_ENTRY, 1, orderCount).map((k) => `${store?.order_prefix ?? ''}${k}${store?.order_suffix ?? ''}`);
      const byNumber = new Map<string, ColdSample['orders'][number]>();
      for (const list of chunks(numbers)) {
        const rows = await db.selectFrom('orders').select(['id', 'number', 'customer_last_name']).where('number', 'in', list).execute();
        for (const row of rows) if (row.number) byNumber.set(row.number, { id: row.id, number: row.number, lastName: row.customer_last_name });
      }
      orders.push(...numbers.flatMap((number) => byNumber.get(number) ?? []));
    }

    const candidates = [...orders.map((o) => o.id), ...products.map((p) => p.id)];
    const withEvents = new Set<string>();
    for (const list of chunks(candidates)) {
      const rows = await db.selectFrom('events').select('related_id').distinct().where('related_id', 'in', list).execute();
      for (const row of rows) if (row.related_id) withEvents.add(row.related_id);
    }
    return { products, words, orders, relatedIds: candidates.filter((id) => withEvents.has(id)) };
  } finally {
    await handle.close();
  }
}

/** What a scenario's pool is drawn from: the sample, its size, a picker and the real server's answers. */
export interface PoolContext {
  c: ScenarioContext;
  sample: ColdSample;
  size: number;
  pick: Pick;
  /** The real server's answer to a path of this scenario, parsed (a 200 JSON answer, else it throws). */
  ask: (path: string) => Promise<any>;
  /** The real server's answer to a storefront read of the API (channel key), parsed: what a page of the shop front shows. */
  api: (path: string) => Promise<any>;
}

/** A read scenario's cold mode: what varies, and the distinct paths of its pool. */
export interface ColdPool {
  /** The requests of the pool, as a scenario's title says its one request. */
  title: (data: BenchData) => string;
  paths: (p: PoolContext) => Promise<string[]> | string[];
}

/**
 * Up to `size` distinct paths from `draw` (which answers undefined for a draw to throw away), giving
 * up after 20 draws a path on average: a small data set may hold fewer distinct requests.
 */
export async function distinctPaths(size: number, draw: () => Promise<string | undefined> | string | undefined): Promise<string[]> {
  const paths = new Set<string>();
  for (let attempt = 0; paths.size < size && attempt < size * 20; attempt++) {
    const path = await draw();
    if (path !== undefined) paths.add(path);
  }
  return [...paths];
}

/** A scenario's pool: each distinct path and the real server's bytes for it, in the order sent. */
export interface Pool {
  paths: string[];
  bodies: Buffer[];
}

/** Draws the scenario's pool and sends each path once to the real server (its answers must pass the scenario's check). */
export async function capturePool(base: string, c: ScenarioContext, scenario: Scenario, sample: ColdSample, size: number): Promise<Pool> {
  if (!scenario.cold) throw new Error(`${scenario.name} has no cold mode`);
  const fetchPath = (path: string, checked = scenario) => fetchAnswer(base, { ...requestOf(scenario, c), path }, checked, c);
  // Unchecked: a filter is asked about to learn whether it holds a full page.
  const ask = async (path: string) => JSON.parse((await fetchPath(path, { ...scenario, check: undefined })).toString()) as unknown;
  const api = async (path: string) => {
    const read = { method: 'GET' as const, path, headers: { 'channel-key': c.data.channelKey } };
    return JSON.parse((await fetchAnswer(base, read, { ...scenario, page: false, check: undefined }, c)).toString()) as unknown;
  };
  const paths = await scenario.cold.paths({ c, sample, size, pick: picker(), ask, api });
  if (paths.length === 0) throw new Error(`${scenario.name}: the data set gives no request for the cold pool`);
  const bodies: Buffer[] = [];
  for (const path of paths) bodies.push(await fetchPath(path));
  return { paths, bodies };
}
