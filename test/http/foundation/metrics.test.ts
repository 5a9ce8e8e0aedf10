import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { CARDS, pay, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { signedUpCustomer } from '../../helpers/customers.js';
import { createTestAppOn, describeEachDatabase, testDatabases, type TestContext } from '../../helpers/test-app.js';

/** The value of one series in a Prometheus text exposition (0 when absent), found by its name and labels. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

async function scrape(t: TestContext): Promise<string> {
  const res = await t.admin.get('/metrics');
  expect(res.status, res.text).toBe(200);
  return res.text;
}

describeEachDatabase('GET /metrics behind the admin key (STOREFRONT_METRICS unset)', (t) => {
  it('refuses a request without a credential, as every admin route does', async () => {
    const res = await t.anonymous.get('/metrics');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('unauthorized');
    expect(res.text).not.toContain('storefront_');
  });

  it('refuses a channel key, a customer token and an unknown key', async () => {
    const channel = await t.storefront.get('/metrics');
    expect(channel.status).toBe(403);
    expect(channel.text).not.toContain('storefront_');
    const customer = await signedUpCustomer(t);
    const signedIn = await customer.client.get('/metrics');
    expect(signedIn.status).toBe(403);
    expect(signedIn.text).not.toContain('storefront_');
    const unknown = await t.as({ authorization: 'Bearer sk_not_a_key_of_this_store_0000' }).get('/metrics');
    expect(unknown.status).toBe(401);
  });

  it('answers the admin key and a read-only key in Prometheus text format', async () => {
    const res = await t.admin.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('# TYPE storefront_http_requests_total counter');
    const key = await t.admin.post('/v1/api_keys', { name: 'Prometheus', read_only: true });
    expect(key.status, key.text).toBe(201);
    const readOnly = await t.as({ authorization: `Bearer ${key.body.data.token}` }).get('/metrics');
    expect(readOnly.status).toBe(200);
    expect(readOnly.text).toContain('# TYPE storefront_http_requests_total counter');
  });

  it('counts requests by route pattern and status, never by the raw URL, with a latency histogram', async () => {
    const product = await t.admin.post('/v1/products', { name: 'Counted' });
    expect(product.status).toBe(201);
    const route = { method: 'GET', route: '/v1/products/:id' };
    const before = await scrape(t);
    for (let i = 0; i < 3; i++) expect((await t.admin.get(`/v1/products/${product.body.data.id}`)).status).toBe(200);
    expect((await t.admin.get('/v1/products/prod_00000000000000000000000000')).status).toBe(404);
    expect((await t.anonymous.get('/no/such/path/secret-looking-1234')).status).toBe(404);
    const after = await scrape(t);

    const count = (text: string, status: string) => valueOf(text, 'storefront_http_requests_total', { ...route, status });
    expect(count(after, '200') - count(before, '200')).toBe(3);
    expect(count(after, '404') - count(before, '404')).toBe(1);
    expect(valueOf(after, 'storefront_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })
      - valueOf(before, 'storefront_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(after).not.toContain(product.body.data.id);
    expect(after).not.toContain('secret-looking-1234');

    expect(after).toContain('# TYPE storefront_http_request_duration_seconds histogram');
    const observed = (text: string) => valueOf(text, 'storefront_http_request_duration_seconds_count', route);
    expect(observed(after) - observed(before)).toBe(4);
    expect(valueOf(after, 'storefront_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(observed(after));
    expect(valueOf(after, 'storefront_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
  });

  it("shows the process's event-loop lag and the database's connections", async () => {
    const text = await scrape(t);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge');
    if (t.kind === 'postgres') {
      expect(valueOf(text, 'storefront_db_pool_max_clients')).toBe(10);
      expect(valueOf(text, 'storefront_db_pool_clients')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('# TYPE storefront_db_pool_idle_clients gauge');
      expect(text).toContain('# TYPE storefront_db_pool_waiting_requests gauge');
    } else {
      expect(text).toContain('# TYPE storefront_sqlite_lock_wait_seconds histogram');
      expect(text).not.toContain('storefront_db_pool_');
    }
  });

  it('shows how many webhooks, mails and orders to index wait, and how long the oldest due one has waited', async () => {
    const hook = await t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['order.placed'] });
    expect(hook.status, hook.text).toBe(201);
    // The test app runs no delivery loop: the webhook delivery, the confirmation mail and the search indexing stay queued.
    const { orderId } = await placedOrder(t);
    const queued = await scrape(t);
    for (const outbox of ['webhooks', 'mail', 'search']) {
      expect(valueOf(queued, 'storefront_outbox_depth', { outbox }), outbox).toBeGreaterThanOrEqual(1);
    }
    await t.db.updateTable('webhook_deliveries').set({ next_attempt_at: Date.now() - 90_000 }).where('status', '=', 'pending').execute();
    await t.db.updateTable('notifications').set({ next_attempt_at: Date.now() - 30_000 }).where('order_id', '=', orderId).execute();
    const late = await scrape(t);
    expect(valueOf(late, 'storefront_outbox_age_seconds', { outbox: 'webhooks' })).toBeGreaterThanOrEqual(90);
    expect(valueOf(late, 'storefront_outbox_age_seconds', { outbox: 'mail' })).toBeGreaterThanOrEqual(30);

    // Delivered and sent, nothing waits: the depths and ages fall to 0.
    await t.db.updateTable('webhook_deliveries').set({ status: 'succeeded' }).where('status', '=', 'pending').execute();
    await t.db.updateTable('notifications').set({ status: 'sent' }).where('status', '=', 'pending').execute();
    await t.db.deleteFrom('order_search_queue').execute();
    const empty = await scrape(t);
    for (const outbox of ['webhooks', 'mail', 'search']) expect(valueOf(empty, 'storefront_outbox_depth', { outbox }), outbox).toBe(0);
    expect(valueOf(empty, 'storefront_outbox_age_seconds', { outbox: 'webhooks' })).toBe(0);
    await t.admin.delete(`/v1/webhooks/${hook.body.data.id}`);
  });

  it('counts payments by gateway, operation and outcome', async () => {
    const series = (outcome: string) => ({ gateway: 'test', operation: 'authorize', outcome });
    const before = await scrape(t);
    await placedOrder(t);
    const declined = await readyCheckout(t);
    expect((await pay(t, declined.orderId, CARDS.declined)).status).toBe(402);
    const after = await scrape(t);
    expect(valueOf(after, 'storefront_payments_total', series('succeeded')) - valueOf(before, 'storefront_payments_total', series('succeeded'))).toBe(1);
    expect(valueOf(after, 'storefront_payments_total', series('failed')) - valueOf(before, 'storefront_payments_total', series('failed'))).toBe(1);
  });
});

describeEachDatabase('GET /metrics with STOREFRONT_METRICS=1', (t) => {
  it('answers anyone, without a credential', async () => {
    const res = await t.anonymous.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('# TYPE storefront_http_requests_total counter');
  });
}, { metrics: true });

describe.runIf(testDatabases().includes('sqlite'))('GET /metrics on an SQLite file another process writes to', () => {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-metrics-'));
  const file = join(folder, 'store.db');
  const t = {} as TestContext & { close(): Promise<void> };
  let other: SQLite.Database;

  beforeAll(async () => {
    const handle = openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle.db);
    Object.assign(t, await createTestAppOn(handle));
    other = new SQLite(file);
  });
  afterAll(async () => {
    other?.close();
    await t.close?.();
    rmSync(folder, { recursive: true, force: true });
  });

  it('counts the waits for the write lock and their time', async () => {
    const before = await scrape(t);
    other.exec('begin immediate');
    const writing = t.admin.post('/v1/products', { name: 'Waited for' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    other.exec('commit');
    expect((await writing).status).toBe(201);
    const after = await scrape(t);
    const waits = (text: string) => valueOf(text, 'storefront_sqlite_lock_wait_seconds_count', { outcome: 'acquired' });
    const waited = (text: string) => valueOf(text, 'storefront_sqlite_lock_wait_seconds_sum', { outcome: 'acquired' });
    expect(waits(after) - waits(before)).toBeGreaterThanOrEqual(1);
    expect(waited(after) - waited(before)).toBeGreaterThanOrEqual(0.05);
  });
});
