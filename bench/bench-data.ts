/**
 * The database a benchmark run measures, made once per set of parameters and kept:
 *
 * - the catalogue of bench/dataset.ts (`products` products), then, when `orders` > 0, the orders,
 *   buyers, search terms and events of bench/scale.ts (`orders` orders, `events` events);
 * - on SQLite in bench/.data/bench-<products>-<orders>-<events>.db, on PostgreSQL in the database
 *   `bench_<products>_<orders>_<events>` of the cluster of bench/postgres.ts;
 * - described by a JSON file beside it (bench/.data/bench[-pg]-<products>-<orders>-<events>.json:
 *   the ids and keys the scenarios use, and what the order scenarios look for), written last, so a
 *   generation cut short is never reused.
 *
 * A later run with the same parameters reuses both unless `fresh`. The scenarios that write (the
 * cart update, the checkout flow) leave their carts and orders in it; the read scenarios look for
 * values chosen at generation, which stay valid.
 *
 * The order scenarios' values are read back from the database once generated: the most common last
 * name of the buyers (the search with the most matches), the number of the order in the middle, and
 * the related id of the event in the middle, each with how many rows it finds.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest, migrationNames } from '../src/db/migrate.js';
import { writeDueProductDocuments } from '../src/modules/catalog/product-documents.js';
import { DATA_DIR, generateDataset, type Dataset } from './dataset.js';
import type { BenchPostgres } from './postgres.js';
import { generateOrders } from './scale.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DataParameters {
  db: DatabaseKind;
  products: number;
  /** 0: no orders and no events. */
  orders: number;
  events: number;
}

/** What the order and event scenarios ask for, chosen from the generated rows. */
export interface OrderLookups {
  /** The most common last name of the buyers, and how many orders `q` finds by it. */
  lastName: string;
  lastNameMatches: number;
  /** The number of the order in the middle (as stored, with the store's prefix). */
  number: string;
  /** The related id of the event in the middle, and how many events it has. */
  relatedId: string;
  relatedEvents: number;
}

export interface BenchData extends Dataset {
  parameters: DataParameters;
  /** Null when the data set has no orders. */
  lookups: OrderLookups | null;
  /** Time to generate the catalogue, the orders and events, and to pick the lookups. */
  generatedMillis: number;
}

function nameOf(p: DataParameters): string {
  return `${p.products}-${p.orders}-${p.events}`;
}

function sqliteFile(p: DataParameters): string {
  return join(DATA_DIR, `bench-${nameOf(p)}.db`);
}

function descriptionFile(p: DataParameters): string {
  return p.db === 'sqlite' ? `${sqliteFile(p)}.json` : join(DATA_DIR, `bench-pg-${nameOf(p)}.json`);
}

function postgresDatabase(p: DataParameters): string {
  return `bench_${nameOf(p).replaceAll('-', '_')}`;
}

function sameParameters(a: DataParameters, b: DataParameters): boolean {
  return a.db === b.db && a.products === b.products && a.orders === b.orders && a.events === b.events;
}

function readDescription(p: DataParameters): BenchData | undefined {
  try {
    const data = JSON.parse(readFileSync(descriptionFile(p), 'utf8')) as BenchData;
    return data.parameters && sameParameters(data.parameters, p) && data.search ? data : undefined;
  } catch {
    return undefined;
  }
}

async function count(handle: DatabaseHandle, query: RawBuilder<{ n: number | string }>): Promise<number> {
  const { rows } = await query.execute(handle.db);
  return Number(rows[0]?.n ?? 0);
}

/** The values the order and event scenarios look for, read from the generated rows. */
async function pickLookups(handle: DatabaseHandle, p: DataParameters): Promise<OrderLookups> {
  const { db } = handle;
  const common = await sql<{ name: string; n: number }>`
    select customer_last_name as name, count(*) as n from orders
    where customer_last_name is not null group by customer_last_name order by n desc, name limit 1`.execute(db);
  const lastName = common.rows[0]?.name;
  if (!lastName || /\s/.test(lastName)) throw new Error(`no last name to search for among the generated orders (${lastName ?? 'none'})`);
  const lastNameMatches = await count(handle, sql`select count(*) as n from order_search_terms where term = ${lastName.toLowerCase()}`);

  const numbered = await count(handle, sql`select count(*) as n from orders where number is not null`);
  const middle = await sql<{ number: string }>`
    select number from orders where number is not null order by id limit 1 offset ${Math.floor(numbered / 2)}`.execute(db);
  const number = middle.rows[0]?.number;
  if (!number) throw new Error('no numbered order among the generated orders');

  let relatedId: string | undefined;
  if (p.events > 0) {
    const event = await sql<{ related_id: string }>`select related_id from events order by id limit 1 offset ${Math.floor(p.events / 2)}`.execute(db);
    relatedId = event.rows[0]?.related_id;
  }
  if (!relatedId) throw new Error('no event among the generated ones to look up by related_object');
  const relatedEvents = await count(handle, sql`select count(*) as n from events where related_id = ${relatedId}`);
  return { lastName, lastNameMatches, number, relatedId, relatedEvents };
}

/** Whether a kept data set still holds what its lookups look for (a server with the default event retention prunes old events). */
async function stillHolds(url: string, lookups: OrderLookups | null): Promise<boolean> {
  if (!lookups) return true;
  const handle = openDatabase(url);
  try {
    const events = await count(handle, sql`select count(*) as n from events where related_id = ${lookups.relatedId}`);
    const orders = await count(handle, sql`select count(*) as n from order_search_terms where term = ${lookups.lastName.toLowerCase()}`);
    return events >= lookups.relatedEvents && orders >= lookups.lastNameMatches;
  } finally {
    await handle.close();
  }
}

/**
 * A kept data set brought to this release's schema before the server starts: the server would run the
 * missing migrations itself, but a backfill or an index over a million products takes longer than the
 * harness gives a server to answer /health, and its time is the data set's, not the server's.
 */
async function migrateKept(url: string, log: (text: string) => void): Promise<void> {
  const handle = openDatabase(url);
  try {
    const done = await count(handle, sql`select count(*) as n from kysely_migration`);
    const missing = migrationNames.length - done;
    if (missing <= 0) return;
    const at = performance.now();
    await migrateToLatest(handle.db);
    log(`  ${missing} migration(s) of this release run on it in ${Math.round(performance.now() - at)} ms`);
  } finally {
    await handle.close();
  }
}

/** The store as autovacuum leaves it once it has caught up: dead rows gone, planner statistics fresh. */
async function vacuumAnalyze(database: string | DatabaseHandle, log: (text: string) => void): Promise<void> {
  const handle = typeof database === 'string' ? openDatabase(database) : database;
  try {
    const at = performance.now();
    await sql`vacuum analyze`.execute(handle.db);
    log(`  vacuum analyze in ${Math.round(performance.now() - at)} ms`);
  } finally {
    if (handle !== database) await handle.close();
  }
}

/**
 * Writes the product documents still queued (catalog/product-documents.ts), as the worker would
 * within seconds of a bulk load or migration 050: a run measures the store as it serves once caught up.
 */
async function writeQueuedDocuments(url: string, log: (text: string) => void): Promise<void> {
  const handle = openDatabase(url);
  try {
    const at = performance.now();
    let written = 0;
    for (let batch = -1; batch !== 0; written += batch) batch = await handle.db.transaction().execute((tx) => writeDueProductDocuments(tx));
    if (written > 0) log(`  ${written} product documents written in ${Math.round(performance.now() - at)} ms`);
  } finally {
    await handle.close();
  }
}

/**
 * The data set of these parameters: the one kept from an earlier run when there is one (and not
 * `fresh`), else a new one. PostgreSQL must be started (bench/postgres.ts) for `db: 'postgres'`.
 */
export async function prepareData(
  p: DataParameters,
  options: { fresh: boolean; postgres?: BenchPostgres; log: (text: string) => void },
): Promise<BenchData> {
  const { log } = options;
  if (p.db === 'postgres' && !options.postgres) throw new Error('prepareData: PostgreSQL is not started');
  const database = postgresDatabase(p);
  const url = p.db === 'sqlite' ? `sqlite:${sqliteFile(p)}` : options.postgres!.urlOf(database);
  const where = p.db === 'sqlite' ? sqliteFile(p) : `PostgreSQL database ${database}`;

  const kept = options.fresh ? undefined : readDescription(p);
  if (kept && (p.db === 'sqlite' ? existsSync(sqliteFile(p)) : await options.postgres!.exists(database))) {
    if (await stillHolds(url, kept.lookups)) {
      log(`reusing ${where} (${p.products} products, ${p.orders} orders, ${p.events} events; --fresh to make it anew)`);
      await migrateKept(url, log);
      await writeQueuedDocuments(url, log);
      // Earlier runs' carts and checkouts left dead rows and stale statistics behind: without this, the
      // order and event reads of a full run on a reused database answered 20–30 % fewer requests a second
      // than those of the next full run, after it (orders-by-number p99 26 against 19 ms).
      if (p.db === 'postgres') await vacuumAnalyze(url, log);
      return { ...kept, url };
    }
    log(`${where} no longer holds the orders or events its lookups need: making it anew`);
  }

  rmSync(descriptionFile(p), { force: true });
  if (p.db === 'postgres') await options.postgres!.recreate(database);
  const started = performance.now();
  log(`generating ${p.products} products into ${where}…`);
  const dataset = await generateDataset({ products: p.products, url });
  log(`  catalogue in ${dataset.millis} ms`);
  await writeQueuedDocuments(url, log);

  let lookups: OrderLookups | null = null;
  if (p.orders > 0) {
    log(`generating ${p.orders} orders and ${p.events} events…`);
    const handle = openDatabase(url);
    try {
      const result = await generateOrders(handle, { orders: p.orders, events: p.events, log: (line) => log(`  ${line}`) });
      log(`  ${result.orders} orders, ${result.items} items, ${result.terms} search terms, ${result.customers} buyers, ${result.events} events in ${result.millis.total} ms`);
      // Fresh statistics, as autovacuum would leave them on a store that grew to this size.
      if (handle.kind === 'postgres') await vacuumAnalyze(handle, log);
      lookups = await pickLookups(handle, p);
      log(`  lookups: last name "${lookups.lastName}" (${lookups.lastNameMatches} orders), number ${lookups.number}, related_object ${lookups.relatedId} (${lookups.relatedEvents} events)`);
    } finally {
      await handle.close();
    }
  }

  const data: BenchData = { ...dataset, parameters: p, lookups, generatedMillis: Math.round(performance.now() - started) };
  writeFileSync(descriptionFile(p), `${JSON.stringify(data, null, 2)}\n`);
  return data;
}
