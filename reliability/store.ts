/**
 * The store under test and the checks of its data. A store is a fresh bench data set
 * (bench/dataset.ts: known keys, a US shipping rate, the `test` gateway, flow skus with plenty of
 * stock) in a SQLite file under reliability/.data/ or in a database of an embedded PostgreSQL: the
 * bench's cluster (bench/postgres.ts), or a throw-away one of the run's own that it can stop and start
 * again (`startThrowawayPostgres`). A few of its flow skus are scarce: their stock runs out under load.
 *
 * The checks, after a load, a kill, a shutdown or an outage: the invariants of
 * test/helpers/invariants.ts (read straight from the database), less what a cut request leaves by
 * design, and what the clients were told: every placement acknowledged with a 200 is in the database
 * with its events, every refused one is not.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset, type Dataset } from '../bench/dataset.js';
import { startCluster, startPostgres, type EmbeddedCluster } from '../bench/postgres.js';
import { onStop } from '../bench/servers.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../src/db/database.js';
import { assertInvariants, stockBaseline, type StockBaseline } from '../test/helpers/invariants.js';
import type { Flow } from './checkout-flows.js';
import { endpointsOf, send, Traffic, type Endpoint } from './client.js';
import { DATA_DIR, log } from './harness.js';

export type { StockBaseline };

export interface Store {
  kind: DatabaseKind;
  url: string;
  dataset: Dataset;
  /** Flow skus with plenty of stock. */
  plentySkuIds: string[];
  /** Flow skus whose stock is set low (`stock`, or restockScarce) so it runs out under load. */
  scarceSkuIds: string[];
  /** The script's own connection (two at most), for the checks and for simulating the passing of time. */
  database: DatabaseHandle;
}

/**
 * A throw-away PostgreSQL for one run: a new cluster in a temporary directory, removed when the run
 * ends (bench/servers.ts onStop: on success, error or SIGINT). Unlike the bench's cluster, kept between
 * runs, it can be stopped (PostgreSQL's fast shutdown: open transactions rolled back, connections
 * closed) and started again on the same data and port: the database outage of
 * reliability/db-trouble.ts. As root, postgres runs as the `postgres` user: every folder on the way to
 * the cluster must be open to it.
 */
export async function startThrowawayPostgres(): Promise<EmbeddedCluster> {
  const parent = mkdtempSync(join(tmpdir(), 'storefront-reliability-pg-'));
  chmodSync(parent, 0o755);
  const dir = join(parent, 'data');
  onStop(async () => rmSync(parent, { recursive: true, force: true }));
  const cluster = await startCluster({ dir, password: 'storefront-reliability', settings: ['max_connections=200'] }, log);
  onStop(() => cluster.stop().catch(() => {}));
  log(`PostgreSQL on 127.0.0.1:${cluster.port} (cluster ${dir}, removed at the end)`);
  return cluster;
}

let benchPostgres: EmbeddedCluster | undefined;

export interface StoreOptions {
  /** Products of the data set (2,000 unless told). */
  products?: number;
  /** How many flow skus are scarce (20 unless told). */
  scarce?: number;
  /** Units of each scarce sku, told at a low threshold so placements record `sku.low_stock` too; else restockScarce sets them. */
  stock?: number;
  /** The PostgreSQL cluster of a `postgres` store: the bench's unless given. */
  postgres?: EmbeddedCluster;
}

/**
 * A fresh data set in `name`: reliability/.data/NAME.db, or the PostgreSQL database NAME (recreated).
 * The last `scarce` flow skus are the scarce ones.
 */
export async function prepareStore(kind: DatabaseKind, name: string, options: StoreOptions = {}): Promise<Store> {
  mkdirSync(DATA_DIR, { recursive: true });
  let url: string;
  if (kind === 'sqlite') {
    url = `sqlite:${join(DATA_DIR, `${name}.db`)}`;
  } else {
    let postgres = options.postgres;
    if (!postgres) {
      if (!benchPostgres) {
        const started = await startPostgres(log);
        onStop(() => started.stop());
        benchPostgres = started;
      }
      postgres = benchPostgres;
    }
    await postgres.recreate(name);
    url = postgres.urlOf(name);
  }
  const dataset = await generateDataset({ products: options.products ?? 2_000, url });
  const scarce = options.scarce ?? 20;
  const flow = dataset.flowSkuIds;
  if (flow.length < scarce + 3) throw new Error(`the data set has ${flow.length} flow skus; ${scarce} scarce ones need ${scarce + 3}`);
  const database = openDatabase(url, { poolSize: 2 });
  onStop(() => database.close());
  const scarceSkuIds = flow.slice(flow.length - scarce);
  if (options.stock !== undefined && scarceSkuIds.length > 0) {
    await database.db.updateTable('skus')
      .set({ in_stock: options.stock, low_threshold: Math.max(1, Math.floor(options.stock / 3)), is_notify: 1 })
      .where('id', 'in', scarceSkuIds)
      .execute();
  }
  return { kind, url, dataset, plentySkuIds: flow.slice(0, flow.length - scarce), scarceSkuIds, database };
}

/** An admin request that must answer `expected` (setting up a run: any other answer throws); its parsed body. */
export async function adminCall(base: string, store: Store, method: string, path: string, body: unknown, expected: number): Promise<any> {
  const answer = await send(new Traffic(), { ...endpointsOf(base, store.dataset).admin, timeoutMs: 30_000 }, method, path, body);
  if (answer.status !== expected) throw new Error(`${method} ${path} answered ${answer.status} (expected ${expected}): ${answer.text.slice(0, 400)}`);
  return answer.body;
}

/** Sets the stock of the scarce skus through the admin API (so the server's caches hear of it). */
export async function restockScarce(base: string, store: Store, stock: number): Promise<void> {
  for (const id of store.scarceSkuIds) await adminCall(base, store, 'POST', `/v1/skus/${id}`, { in_stock: stock }, 200);
}

/** A second `test` gateway that only authorizes (capture: manual), so placed orders are `authorized` too. */
export async function addAuthorizingGateway(base: string, store: Store): Promise<string> {
  const answer = await adminCall(base, store, 'POST', '/v1/gateways', {
    name: 'Authorize only', source: 'test-authorize', driver: 'test', settings: { capture: 'manual' },
  }, 201);
  return answer.data.id as string;
}

/** Orders that were given a number (placed at some point). */
export async function numberedOrders(store: Store): Promise<number> {
  const row = await store.database.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('number', 'is not', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- the checks ------------------------------------------------------------------------------

export function takeBaseline(store: Store): Promise<StockBaseline> {
  return stockBaseline(store.database);
}

/** The rules assertInvariants finds broken (one line each); [] when they all hold. */
export async function brokenInvariants(store: Store, baseline?: StockBaseline): Promise<string[]> {
  try {
    await assertInvariants(store.database, baseline);
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = message.split('\n').filter((line) => line.startsWith('  - ')).map((line) => line.slice(4));
    return lines.length > 0 ? lines : [message];
  }
}

const CLAIM_LEFT = /^order (\S+): a payment claim \(payment_claimed_at \d+\) was left behind$/;
const KEY_IN_FLIGHT = /^idempotency key (\S+) of \S+ is still in flight$/;

/**
 * Splits broken rules into what a request cut by a kill or an outage leaves by design, and the
 * violations: a payment claim on an order whose payment was cut (`orderIds`), an idempotency key
 * of a cut request (`keys`). Both expire: a claim after 120 s (orders.repo.ts), a key after 60 s
 * (http/idempotency.ts).
 */
export function splitLeftovers(broken: string[], cut: { orderIds: Set<string>; keys?: Set<string> }): { leftovers: string[]; violations: string[] } {
  const leftovers: string[] = [];
  const violations: string[] = [];
  for (const line of broken) {
    const claim = CLAIM_LEFT.exec(line);
    const key = KEY_IN_FLIGHT.exec(line);
    if ((claim && cut.orderIds.has(claim[1]!)) || (key && cut.keys?.has(key[1]!))) leftovers.push(line);
    else violations.push(line);
  }
  return { leftovers, violations };
}

/** What the flows a kill interrupted may leave: claims on the orders they were paying, the keys of their cut requests. */
export function splitKillLeftovers(broken: string[], interrupted: Flow[]): { leftovers: string[]; violations: string[] } {
  const orderIds = new Set(interrupted.filter((f) => (f.next === 'payment' || f.next === 'decline') && f.orderId).map((f) => f.orderId!));
  const keys = new Set(interrupted.filter((f) => f.next === 'cart' || f.next === 'payment' || f.next === 'decline').map((f) => `${f.tag}-${f.next}`));
  return splitLeftovers(broken, { orderIds, keys });
}

/**
 * Lets the time pass that the expiry of what a kill leaves needs, by moving its clock back 10
 * minutes: payment claims (held 120 s at most, orders.repo.ts) and idempotency keys still in flight
 * (taken for abandoned after 60 s, http/idempotency.ts). A client retrying that late finds them
 * expired; the script does not wait. Returns how many claims and keys it moved.
 */
export async function letKillLeftoversExpire(store: Store): Promise<{ claims: number; keys: number }> {
  const { db } = store.database;
  const claims = await db.updateTable('orders').set((eb) => ({ payment_claimed_at: eb('payment_claimed_at', '-', 600) }))
    .where('payment_claimed_at', 'is not', null).executeTakeFirst();
  const keys = await db.updateTable('idempotency_keys').set((eb) => ({ created_at: eb('created_at', '-', 600) }))
    .where('status_code', 'is', null).executeTakeFirst();
  return { claims: Number(claims.numUpdatedRows), keys: Number(keys.numUpdatedRows) };
}

/**
 * What the clients were told against the database: a flow answered placed (or found placed on a
 * retry) is placed with the financial status it was paid into, one order.placed event, and one
 * order.paid event when paid; a flow refused out of stock at payment holds an order never placed.
 */
export async function checkAcknowledged(store: Store, flows: Flow[]): Promise<string[]> {
  const broken: string[] = [];
  const withOrders = flows.filter((f) => f.orderId && (f.outcome === 'placed' || (f.outcome === 'out_of_stock' && (f.outOfStockAt === 'payment' || f.outOfStockAt === 'decline'))));
  const { db } = store.database;
  for (let i = 0; i < withOrders.length; i += 500) {
    const chunk = withOrders.slice(i, i + 500);
    const ids = chunk.map((f) => f.orderId!);
    const orders = new Map((await db.selectFrom('orders').select(['id', 'status', 'financial_status', 'placed_at']).where('id', 'in', ids).execute()).map((o) => [o.id, o]));
    const events = await db.selectFrom('events').select(['kind', 'related_id']).where('related_id', 'in', ids).where('kind', 'in', ['order.placed', 'order.paid']).execute();
    const count = (kind: string, id: string) => events.filter((e) => e.kind === kind && e.related_id === id).length;
    for (const flow of chunk) {
      const id = flow.orderId!;
      const order = orders.get(id);
      if (!order) {
        broken.push(`order ${id} of flow ${flow.tag} (${flow.outcome}) is not in the database`);
        continue;
      }
      if (flow.outcome === 'placed') {
        const lost = flow.answerLost ? ' (its answer was lost in the kill)' : '';
        if (order.status !== 'placed') broken.push(`order ${id} was answered placed${lost} but is ${order.status}`);
        // Staff may have captured an authorization since (reliability/mixed-load.ts).
        const reachable = flow.expectedFinancial === 'authorized' ? ['authorized', 'partially_paid', 'paid'] : ['paid'];
        if (!reachable.includes(order.financial_status)) broken.push(`order ${id} was paid into ${flow.expectedFinancial}${lost} but is ${order.financial_status}`);
        if (count('order.placed', id) !== 1) broken.push(`order ${id} was answered placed${lost} but has ${count('order.placed', id)} order.placed events`);
        const paid = order.financial_status === 'paid' ? 1 : 0;
        if (count('order.paid', id) !== paid) broken.push(`order ${id} (${order.financial_status}) has ${count('order.paid', id)} order.paid events, expected ${paid}`);
      } else if (order.placed_at !== null || order.status !== 'created') {
        broken.push(`order ${id} was refused out of stock at ${flow.outOfStockAt} but is ${order.status} (placed_at ${order.placed_at})`);
      }
    }
  }
  return broken;
}

/**
 * The same through the API after a restart, for a few placed orders: the admin reads the order
 * placed, and its events list order.placed (and order.paid when paid).
 */
export async function checkThroughApi(traffic: Traffic, admin: Endpoint, flows: Flow[], sample: number): Promise<string[]> {
  const broken: string[] = [];
  const placed = flows.filter((f) => f.outcome === 'placed');
  const chosen = placed.sort(() => Math.random() - 0.5).slice(0, sample);
  for (const flow of chosen) {
    const order = await send(traffic, admin, 'GET', `/v1/orders/${flow.orderId}`, undefined, {}, 'GET /v1/orders/{id}');
    if (order.status !== 200 || order.body.data.status !== 'placed') {
      broken.push(`GET /v1/orders/${flow.orderId} answered ${order.status} ${order.body?.data?.status ?? order.text.slice(0, 200)}`);
    }
    const events = await send(traffic, admin, 'GET', `/v1/events?related_object=${flow.orderId}`, undefined, {}, 'GET /v1/events');
    const kinds: string[] = events.status === 200 ? events.body.data.map((e: { kind: string }) => e.kind) : [];
    const wanted = order.body?.data?.financial_status === 'paid' ? ['order.placed', 'order.paid'] : ['order.placed'];
    for (const kind of wanted) {
      if (kinds.filter((k) => k === kind).length !== 1) broken.push(`GET /v1/events?related_object=${flow.orderId} lists ${kinds.join(', ') || 'nothing'} (answered ${events.status}); expected one ${kind}`);
    }
  }
  return broken;
}
