import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import type { App } from '../../../src/http/types.js';
import { LocalStorage } from '../../../src/modules/files/local-storage.js';
import { freePort } from '../../helpers/ports.js';
import { createTestAppOn, freshDatabaseUrl, TEST_FILES_URL, testDatabases, type TestContext } from '../../helpers/test-app.js';

// What a server does when its PostgreSQL goes away: it answers 503 problems promptly (never a 500,
// never a hang), does not die, and serves again by itself once the database is back
// (reliability/db-trouble.ts runs the same against a PostgreSQL it stops and starts). The shared test
// server cannot be stopped, so these point an app at a port where nothing listens, at one that
// never answers, and cut an app's connections with pg_terminate_backend.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const channelKey = `ck_${randomBytes(16).toString('hex')}`;

/** The app on a database URL, without preparing any store in it (it may not be reachable). */
async function appOn(url: string): Promise<{ app: App; close(): Promise<void> }> {
  const handle = openDatabase(url);
  const directory = mkdtempSync(join(tmpdir(), 'storefront-files-'));
  const app = await buildApp({
    database: handle,
    files: { storage: new LocalStorage(directory), maxBytes: 1024, types: ['image/*'], inline: ['image/*'], baseUrl: TEST_FILES_URL },
    config: { rateLimit: 0, logLevel: 'silent', bodyLimit: 1024 * 1024, cacheTtlMs: 2000, webhooksAllowPrivate: true, checkoutTtlHours: 72 },
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status: 503, code: 'unavailable' });
  // Nothing of the cause leaks (DESIGN.md §3: no SQL, no addresses).
  expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminat/i);
}

describe.skipIf(!testDatabases().includes('postgres'))('the database unavailable [postgres]', () => {
  it('answers 503 unavailable problems, not 500, while the database refuses connections', async () => {
    const port = await freePort();
    const { app, close } = await appOn(`postgres://postgres:nothing@127.0.0.1:${port}/nothing`);
    try {
      expectUnavailable(await app.inject({ method: 'GET', url: '/ready' }));
      expectUnavailable(await app.inject({ method: 'GET', url: '/v1/skus', headers: { 'channel-key': channelKey } }));
      expectUnavailable(await app.inject({ method: 'POST', url: '/v1/carts', headers: { 'channel-key': channelKey }, payload: { items: {} } }));
      expectUnavailable(await app.inject({ method: 'GET', url: '/v1/orders', headers: { authorization: `Bearer sk_${randomBytes(16).toString('hex')}` } }));
    } finally {
      await close();
    }
  });

  describe('when the database accepts connections but never answers', () => {
    let silent: Server;
    const sockets: Socket[] = [];
    let app: App;
    let close: () => Promise<void>;
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.push(socket);
        socket.on('error', () => {});
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
      const address = silent.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      ({ app, close } = await appOn(`postgres://postgres:nothing@127.0.0.1:${port}/nothing`));
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await close?.();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    it('keeps trying to open its change feed (which keeps the caches of the process off until it works)', async () => {
      // No request has been made: every connection so far is the feed's. One that was never answered
      // is given up and made again, rather than waited on for good.
      await vi.waitFor(() => expect(sockets.length).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 200 });
    });

    it('answers 503 within seconds instead of holding the request', async () => {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/v1/skus', headers: { 'channel-key': channelKey } });
      expectUnavailable(response);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });

  describe('when its connections are cut', () => {
    const t = {} as TestContext & { close(): Promise<void> };
    let admin: pg.Client;
    let database: string;
    beforeAll(async () => {
      const url = await freshDatabaseUrl('postgres', '');
      database = new URL(url).pathname.slice(1);
      const handle = openDatabase(url);
      await migrateToLatest(handle.db);
      Object.assign(t, await createTestAppOn(handle));
      admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await t.close?.();
    });

    /** Ends every connection of the app's database (pg_terminate_backend), as a database restart does. */
    async function cutConnections(): Promise<number> {
      const result = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      return result.rowCount ?? 0;
    }

    it('survives a connection ended while a transaction holds it between two queries', async () => {
      // A connection checked out of the pool and idle between two queries has no listener of pg-pool's
      // for its 'error' event: unheard, that event used to end the process.
      const failure = await t.db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await sleep(300);
        await sql`select 1`.execute(tx);
      }).then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);

      const ready = await t.anonymous.get('/ready');
      expect(ready.status).toBe(200);
    });

    it('answers 503 (never 500) while they are gone, and serves again by itself', async () => {
      // Fill the pool with connections, then end them all.
      await Promise.all(Array.from({ length: 8 }, () => t.admin.get('/v1/orders')));
      expect(await cutConnections()).toBeGreaterThan(0);

      const statuses: number[] = [];
      for (let attempt = 0; attempt < 40; attempt++) {
        const orders = await t.admin.get('/v1/orders');
        statuses.push(orders.status);
        if (orders.status === 200) break;
        expect(orders.status).toBe(503);
        expect(orders.body).toMatchObject({ code: 'unavailable' });
        await sleep(50);
      }
      expect(statuses.at(-1)).toBe(200);

      expect((await t.anonymous.get('/ready')).status).toBe(200);
      const cart = await t.storefront.post('/v1/carts', { items: {} });
      expect(cart.status).toBe(201);
    });
  });
});
