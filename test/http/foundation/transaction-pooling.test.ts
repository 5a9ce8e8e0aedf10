import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { eventsOf, makeSku, orderRow, pay, readyCheckout, stockOf, transactionRows } from '../../helpers/checkout.js';
import { channelCaller, runCli, startServer, stop } from '../../helpers/server-process.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases, type Client, type TestContext } from '../../helpers/test-app.js';
import { startTransactionPooler, type TransactionPooler } from '../../helpers/transaction-pooler.js';

// Production runs many API processes through a transaction-pooling pooler (PgBouncer's
// pool_mode=transaction). These run the app through the test pooler of test/helpers/transaction-pooler.ts,
// which gives each transaction of a client another server connection than its last one had: anything
// kept in a session from one transaction to the next would be lost. What needs a session goes to
// DATABASE_DIRECT_URL, here the database itself.

type App = TestContext & { close(): Promise<void> };

/** Runs `query` on a connection of its own to `url`. */
async function queryOn<R extends pg.QueryResultRow>(url: string, query: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(query)).rows;
  } finally {
    await client.end();
  }
}

/** The backends listening for changes on the database of `url`, asked until there are `count` or 50 times. */
async function listeningBackends(url: string, count: number): Promise<number[]> {
  let pids: number[] = [];
  for (let attempt = 0; attempt < 50 && pids.length !== count; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const rows = await queryOn<{ pid: number }>(url, "select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'");
    pids = rows.map((row) => row.pid);
  }
  return pids;
}

/** A sku's price as the storefront of `app` answers it, asked until it is `expected` (the change notice comes a moment after the commit) or 50 times. */
async function storefrontPriceAfterChange(app: App, skuId: string, expected: number): Promise<number> {
  let price = 0;
  for (let attempt = 0; attempt < 50 && price !== expected; attempt += 1) {
    price = (await app.storefront.get(`/v1/skus/${skuId}`)).body.data.price;
    if (price !== expected) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return price;
}

describe.skipIf(!testDatabases().includes('postgres'))('behind a transaction-pooling connection pooler [postgres]', () => {
  let databaseUrl: string;
  let pooler: TransactionPooler;
  /** The process under test: DATABASE_URL on the pooler, DATABASE_DIRECT_URL on the database. */
  let t: App;
  /** Another API process configured the same way, where staff change the catalogue. */
  let other: App;
  let staff: Client;

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl('postgres', '');
    pooler = await startTransactionPooler(databaseUrl);
    const database = openDatabase(pooler.url, { directUrl: databaseUrl });
    await database.withDirectConnection(migrateToLatest);
    t = await createTestAppOn(database, { cacheTtlMs: 60_000 });
    other = await createTestAppOn(openDatabase(pooler.url, { directUrl: databaseUrl }));
    staff = other.as({ authorization: `Bearer ${t.adminKey}` });
  });

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await pooler?.close();
  });

  it('places and pays an order with every transaction on another server connection than its last: order, charge, stock and events as without a pooler', async () => {
    const from = pooler.transactions.length;
    const ready = await readyCheckout(t, { items: [{ price: 1200, quantity: 2, stock: 5 }], shippingPrice: 450 });
    const res = await pay(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({ id: ready.orderId, status: 'placed', financial_status: 'paid', total_price: 2 * 1200 + 450 });
    expect(order.number).toMatch(/^#\d+$/);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', number: order.number, financial_status: 'paid' });
    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', amount: order.total_price })]);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(3);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
    expect(await eventsOf(t, ready.orderId, 'order.paid')).toHaveLength(1);

    const served = pooler.transactions.slice(from);
    expect(new Set(served.map((served) => served.backendPid)).size).toBeGreaterThan(1);
    const lastOf = new Map<number, number>();
    for (const { client, backendPid } of served) {
      expect(lastOf.get(client)).not.toBe(backendPid);
      lastOf.set(client, backendPid);
    }
    // Some client connection served several of them, so "another than its last" was put to the test.
    expect(served.length).toBeGreaterThan(lastOf.size);
    expect(pooler.sessionStatements).toEqual([]);
  });

  it("shows the storefront a price staff change in another process: its change feed listens on the direct connection, not through the pooler", async () => {
    const sku = await makeSku(t, { price: 500 });
    await t.storefront.get(`/v1/skus/${sku.id}`);
    expect((await t.storefront.get(`/v1/skus/${sku.id}`)).headers['x-cache']).toBe('hit');

    const changed = await staff.post(`/v1/skus/${sku.id}`, { price: 990 });
    expect(changed.status, changed.text).toBe(200);

    expect(await storefrontPriceAfterChange(t, sku.id, 990)).toBe(990);
    expect(pooler.sessionStatements).toEqual([]);
    // Both processes listen, on connections of their own to the database.
    const listening = await listeningBackends(databaseUrl, 2);
    expect(listening).toHaveLength(2);
    const pooled = new Set(pooler.transactions.map((served) => served.backendPid));
    for (const pid of listening) expect(pooled.has(pid)).toBe(false);
  });

  it('without the direct URL, a process listens through the pooler and never hears of another process\'s change (what DATABASE_DIRECT_URL is for)', async () => {
    const from = pooler.sessionStatements.length;
    const blind = await createTestAppOn(openDatabase(pooler.url), { cacheTtlMs: 60_000 });
    try {
      expect(pooler.sessionStatements.slice(from)).toEqual([expect.stringMatching(/^LISTEN /)]);
      // The store is t's: its keys, not the ones createTestAppOn made up, are the valid ones.
      const storefront = blind.as({ 'channel-key': t.channelKey });
      const sku = await makeSku(t, { price: 500 });
      await storefront.get(`/v1/skus/${sku.id}`);
      expect((await storefront.get(`/v1/skus/${sku.id}`)).headers['x-cache']).toBe('hit');

      expect((await staff.post(`/v1/skus/${sku.id}`, { price: 990 })).status).toBe(200);
      // The process with the direct URL has heard of it: so has every listening session by now.
      expect(await storefrontPriceAfterChange(t, sku.id, 990)).toBe(990);

      const stale = await storefront.get(`/v1/skus/${sku.id}`);
      expect(stale.headers['x-cache']).toBe('hit');
      expect(stale.body.data.price).toBe(500);
    } finally {
      await blind.close();
    }
  });
});

describe.skipIf(!testDatabases().includes('postgres'))('starting and migrating behind a transaction-pooling connection pooler [postgres]', () => {
  it('storefront serve migrates and listens on DATABASE_DIRECT_URL, and serves through the pooler (its worker loops too)', async () => {
    const databaseUrl = await freshDatabaseUrl('postgres', '');
    const pooler = await startTransactionPooler(databaseUrl);
    const channelKey = `ck_${randomBytes(16).toString('hex')}`;
    const server = await startServer({ DATABASE_URL: pooler.url, DATABASE_DIRECT_URL: databaseUrl, STOREFRONT_CHANNEL_KEY: channelKey });
    try {
      const call = channelCaller(server.base, channelKey);
      const skus = await call('GET', '/v1/skus?listable=true');
      expect(skus.status).toBe(200);
      const cart = await call('POST', '/v1/carts', { items: { [skus.body.data[0].id]: 1 } });
      expect(cart.status).toBe(201);

      const listening = await listeningBackends(databaseUrl, 1);
      expect(listening).toHaveLength(1);
      expect(pooler.transactions.map((served) => served.backendPid)).not.toContain(listening[0]);
      expect(pooler.sessionStatements).toEqual([]);
    } finally {
      await stop(server.child);
      await pooler.close();
    }
  });

  it('storefront migrate takes its lock on DATABASE_DIRECT_URL: nothing of a session goes through the pooler', async () => {
    const databaseUrl = await freshDatabaseUrl('postgres', '');
    const pooler = await startTransactionPooler(databaseUrl);
    try {
      const run = await runCli(['migrate'], { DATABASE_URL: pooler.url, DATABASE_DIRECT_URL: databaseUrl });
      expect(run.code, run.output).toBe(0);
      expect(pooler.sessionStatements).toEqual([]);
      expect(await queryOn(databaseUrl, 'select name from kysely_migration')).not.toHaveLength(0);
    } finally {
      await pooler.close();
    }
  });

  it('through the pooler alone, the migrations\' session lock stays held on a server connection after they are done (why they take the direct URL)', async () => {
    const databaseUrl = await freshDatabaseUrl('postgres', '');
    const pooler = await startTransactionPooler(databaseUrl);
    const database = openDatabase(pooler.url);
    try {
      await migrateToLatest(database.db);
      expect(pooler.sessionStatements).toEqual([expect.stringMatching(/pg_advisory_lock\(/), expect.stringMatching(/pg_advisory_unlock\(/)]);
      const held = await queryOn(databaseUrl, "select pid from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())");
      expect(held).toHaveLength(1);
    } finally {
      await database.close();
      await pooler.close();
    }
  });
});
