import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/db/database.js';
import { WAIT_LIMIT_MS } from '../../../src/db/sqlite-write-lock.js';
import { buyerData, cardPayment } from '../../helpers/buyer.js';
import { channelCaller, startServer, stop, type Running } from '../../helpers/server-process.js';
import { freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

// A server on an SQLite file shares its write lock with the other processes on the file (`serve
// --workers N`, `worker`). Here the test's own connection is that other process: it takes the lock,
// and the server must wait for it without stopping its event loop or its reads, then write, or answer
// 503 once it has waited too long, with nothing half-written.
describe.runIf(testDatabases().includes('sqlite'))('SQLite: waiting for the write lock another process holds', () => {
  const folder = mkdtempSync(join(tmpdir(), 'storefront-lock-'));
  const file = join(folder, 'store.db');
  const channelKey = `ck_${randomBytes(16).toString('hex')}`;
  let server: Running;
  let other: SQLite.Database;
  let skuId: string;

  let call: ReturnType<typeof channelCaller>;
  const countCarts = () => (other.prepare('select count(*) as n from carts').get() as { n: number }).n;

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl('sqlite', `sqlite:${file}`), STOREFRONT_CHANNEL_KEY: channelKey });
    call = channelCaller(server.base, channelKey);
    other = new SQLite(file);
    const skus = await call('GET', '/v1/skus?listable=true');
    skuId = skus.body.data.find((s: { in_stock: number | null }) => (s.in_stock ?? 0) > 2).id;
  });
  afterAll(async () => {
    other?.close();
    if (server) expect(await stop(server.child)).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  });

  type Answer = Awaited<ReturnType<typeof call>>;

  /** Sends `write` while the other connection holds the lock: `read` is answered meanwhile, the write not; then frees the lock. */
  async function writeWhileLocked(write: () => Promise<Answer>, read: () => Promise<Answer>): Promise<Answer> {
    other.exec('begin immediate');
    let settled = false;
    const writing = write().finally(() => (settled = true));
    try {
      // The write has reached the lock; meanwhile the server still reads the database for others.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await read()).status).toBe(200);
      expect(settled).toBe(false);
    } finally {
      other.exec('commit');
    }
    return writing;
  }

  it('keeps answering while a write waits for the lock, then writes once it is free', async () => {
    const before = countCarts();
    const created = await writeWhileLocked(() => call('POST', '/v1/carts', { items: { [skuId]: 1 } }), () => call('GET', `/v1/skus/${skuId}`));
    expect(created.status).toBe(201);
    expect(countCarts()).toBe(before + 1);
    expect((await call('GET', `/v1/carts/${created.body.data.id}`)).body.data.total_items).toBe(1);
  });

  it('keeps answering while a payment waits for the lock to claim its order (a write outside a transaction), then places it', async () => {
    const cart = await call('POST', '/v1/carts', { items: { [skuId]: 1 } });
    const checkout = await call('POST', `/v1/carts/${cart.body.data.id}/checkout`, buyerData('lock@example.com'));
    expect(checkout.status).toBe(200);
    const orderId = checkout.body.data.id;
    const gateway = checkout.body.meta.payment_gateways.find((g: { source: string }) => g.source === 'test');
    const methods = await call('POST', `/v1/checkouts/${orderId}/methods`, {
      shipping: { method: checkout.body.meta.shipping_methods[0].id },
      payment: { gateway: gateway.id },
    });
    expect(methods.status).toBe(200);
    const paid = await writeWhileLocked(() => call('POST', `/v1/checkouts/${orderId}/payment`, cardPayment()), () => call('GET', `/v1/checkouts/${orderId}`));
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
  });

  it('tries again quietly while the lock is taken, and leaves error stack traces as they were', async () => {
    const handle = openDatabase(`sqlite:${file}`);
    const limit = Error.stackTraceLimit;
    other.exec('begin immediate');
    let settled = false;
    const writing = sql`update counters set value = value where name = 'none'`.execute(handle.db).finally(() => (settled = true));
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settled).toBe(false);
      // Between its tries the stack trace limit is the process's own.
      expect(Error.stackTraceLimit).toBe(limit);
    } finally {
      other.exec('commit');
      await writing;
      await handle.close();
    }
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('traced').stack!.split('\n').length).toBeGreaterThan(1);
  });

  it(`answers 503 unavailable, writing nothing, when the lock stays taken beyond ${WAIT_LIMIT_MS / 1000} s`, async () => {
    const before = countCarts();
    other.exec('begin immediate');
    let answer: Answer;
    try {
      answer = await call('POST', '/v1/carts', { items: { [skuId]: 1 } });
    } finally {
      other.exec('commit');
    }
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 503, code: 'unavailable' });
    expect(countCarts()).toBe(before);
    // And the server goes on writing once the lock is free.
    expect((await call('POST', '/v1/carts', { items: { [skuId]: 1 } })).status).toBe(201);
    expect(countCarts()).toBe(before + 1);
  }, WAIT_LIMIT_MS + 15_000);
});
