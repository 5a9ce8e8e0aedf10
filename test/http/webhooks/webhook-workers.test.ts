import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { unixNow } from '../../../src/lib/clock.js';
import { newId } from '../../../src/lib/ids.js';
import { recordEvent } from '../../../src/modules/events/record-event.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';
import { freePort } from '../../helpers/ports.js';
import { CLI } from '../../helpers/server-process.js';

// Black-box tests of delivery across processes: `storefront serve` restarted while the receiver is
// down, and two `storefront worker` processes sharing one PostgreSQL database.

interface Child {
  child: ChildProcess;
  output: () => string;
}

function spawnCli(command: 'serve' | 'worker', env: Record<string, string>): Child {
  const child = spawn(process.execPath, [CLI, command], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** `storefront serve` on a free port, once it answers /health. */
async function startServer(env: Record<string, string>): Promise<Child & { base: string }> {
  const port = await freePort();
  const server = spawnCli('serve', { HOST: '127.0.0.1', PORT: String(port), STOREFRONT_RATE_LIMIT: '0', ...env });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { ...server, base };
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await stop(server.child, 'SIGKILL');
  throw new Error(`server did not answer /health:\n${server.output()}`);
}

/** Sends the signal and resolves with the exit code; SIGKILL after 15 s (and then null) so no child outlives a test. */
function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill(signal);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns true, at most `ms`; returns whether it did. */
async function eventually(ms: number, check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

interface Receiver {
  url: string;
  /** How many times each webhook-id arrived. */
  counts: Map<string, number>;
  /** Deliveries whose signature did not verify with the secret (when one is given). */
  badSignatures: number;
  close(): Promise<void>;
}

/** A receiver on 127.0.0.1:port answering 204 to every POST, counting webhook-id values. */
function startReceiver(port: number, secret?: string): Promise<Receiver> {
  const verifier = secret ? new Webhook(secret) : undefined;
  const receiver: Receiver = { url: `http://127.0.0.1:${port}/hooks`, counts: new Map(), badSignatures: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      receiver.counts.set(id, (receiver.counts.get(id) ?? 0) + 1);
      if (verifier) {
        try {
          verifier.verify(Buffer.concat(chunks).toString(), request.headers as Record<string, string>);
        } catch {
          receiver.badSignatures += 1;
        }
      }
      response.writeHead(204).end();
    });
  });
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(receiver));
  });
}

interface EventSummary {
  id: string;
  kind: string;
  pending_webhooks: number;
}

async function listEvents(base: string, adminKey: string): Promise<EventSummary[]> {
  const response = await fetch(`${base}/v1/events?per_page=250`, { headers: { authorization: `Bearer ${adminKey}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: EventSummary[] }).data;
}

for (const kind of testDatabases()) {
  describe(`webhook delivery across processes [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-webhook-workers-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('delivers every event written while the receiver was down, after a server restart, without holding up the writes', async () => {
      // Given a server whose only webhook points at a port nobody listens on yet
      const adminKey = `sk_${randomBytes(16).toString('hex')}`;
      const env = {
        DATABASE_URL: await freshDatabaseUrl(kind, `sqlite:${join(folder, 'restart.db')}`),
        STOREFRONT_ADMIN_KEY: adminKey,
        STOREFRONT_DEMO: '0',
        STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1',
        STOREFRONT_WEBHOOK_RETRY_BASE_MS: '50',
      };
      const receiverPort = await freePort();
      const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
      let receiver: Receiver | undefined;
      let server = await startServer(env);
      try {
        const before = new Set((await listEvents(server.base, adminKey)).map((e) => e.id));
        const registered = await fetch(`${server.base}/v1/webhooks`, {
          method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/hooks`, events: ['*'] }),
        });
        expect(registered.status).toBe(201);
        const webhook = ((await registered.json()) as { data: { id: string; secret: string } }).data;

        // When 20 products are created while the receiver is down
        for (let i = 0; i < 20; i += 1) {
          const created = await fetch(`${server.base}/v1/products`, { method: 'POST', headers, body: JSON.stringify({ name: `Restart ${i}`, price: 100 + i }) });
          expect(created.status).toBe(201);
        }

        // Then every write has been answered while its event still waits for delivery: nothing
        // could be delivered yet, and every attempt made so far failed.
        const written = (await listEvents(server.base, adminKey)).filter((e) => !before.has(e.id));
        expect(written.map((e) => e.kind)).toEqual(Array(20).fill('product.created'));
        expect(written.filter((e) => e.pending_webhooks !== 1)).toEqual([]);
        const attempts = await fetch(`${server.base}/v1/webhooks/${webhook.id}/deliveries?per_page=250`, { headers });
        expect(((await attempts.json()) as { data: Array<{ succeeded: boolean }> }).data.filter((a) => a.succeeded)).toEqual([]);
        const writtenIds = written.map((e) => e.id).sort();

        // When the server stops, the receiver comes up, and the server starts again on the same database
        expect(await stop(server.child)).toBe(0);
        const hooks = await startReceiver(receiverPort, webhook.secret);
        receiver = hooks;
        server = await startServer(env);

        // Then each event arrives (at least once, signed) and none is left pending
        let events: EventSummary[] = [];
        const delivered = await eventually(40_000, async () => {
          events = (await listEvents(server.base, adminKey)).filter((e) => !before.has(e.id));
          return writtenIds.every((id) => hooks.counts.has(id)) && events.every((e) => e.pending_webhooks === 0);
        });
        expect(delivered, `not all delivered; received ${hooks.counts.size} of ${writtenIds.length}\n${server.output()}`).toBe(true);
        expect(events.map((e) => e.id).sort()).toEqual(writtenIds);
        for (const id of writtenIds) expect(hooks.counts.get(id)).toBeGreaterThanOrEqual(1);
        expect([...hooks.counts.keys()].filter((id) => !writtenIds.includes(id))).toEqual([]);
        expect(hooks.badSignatures).toBe(0);
      } finally {
        expect(await stop(server.child)).toBe(0);
        await receiver?.close();
      }
    }, 60_000);

    it('serves writes while a separate worker process delivers from the same database', async () => {
      // Given a server that leaves delivery to a `storefront worker` process on the same database
      const adminKey = `sk_${randomBytes(16).toString('hex')}`;
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, `shared-${randomBytes(4).toString('hex')}.db`)}`);
      const common = { DATABASE_URL: url, STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1', STOREFRONT_WEBHOOK_RETRY_BASE_MS: '50' };
      const server = await startServer({ ...common, STOREFRONT_ADMIN_KEY: adminKey, STOREFRONT_DEMO: '0', STOREFRONT_WORKER: 'external' });
      const worker = spawnCli('worker', common);
      const receiver = await startReceiver(await freePort());
      try {
        const headers = { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
        const hook = await fetch(`${server.base}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: receiver.url, events: ['product.created'] }) });
        expect(hook.status).toBe(201);

        // When products are made while the worker delivers (both processes write the same file)
        const statuses: number[] = [];
        for (let i = 0; i < 30; i += 1) {
          const made = await fetch(`${server.base}/v1/products`, { method: 'POST', headers, body: JSON.stringify({ name: `Shared ${i}` }) });
          statuses.push(made.status);
        }

        // Then every write succeeded and every event reached the receiver
        expect(statuses.filter((status) => status !== 201)).toEqual([]);
        const settled = async () => (await listEvents(server.base, adminKey)).every((e) => e.pending_webhooks === 0);
        const delivered = await eventually(30_000, async () => receiver.counts.size >= 30 && (await settled()));
        expect(delivered, `received ${receiver.counts.size}\n${worker.output()}\n${server.output()}`).toBe(true);
        expect(worker.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
      } finally {
        expect(await stop(worker.child)).toBe(0);
        expect(await stop(server.child)).toBe(0);
        await receiver.close();
      }
    }, 60_000);

    if (kind === 'postgres') {
      it('delivers 1,000 events exactly once each with two workers on one PostgreSQL database', async () => {
        // Given a database with an endpoint and two workers polling it (told apart by application_name)
        const url = await freshDatabaseUrl('postgres', '');
        const handle = openDatabase(url);
        await migrateToLatest(handle.db);
        const t = await createTestAppOn(handle);
        const workers: Child[] = [];
        const admin = new pg.Client({ connectionString: url });
        let receiver: Receiver | undefined;
        try {
          await admin.connect();
          const hooks = await startReceiver(await freePort());
          receiver = hooks;
          const registered = await t.admin.post('/v1/webhooks', { url: hooks.url, events: ['product.created'] });
          expect(registered.status).toBe(201);
          const workerEnv = (name: string) => ({
            DATABASE_URL: `${url}?application_name=${name}`,
            STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1',
            STOREFRONT_WEBHOOK_RETRY_BASE_MS: '50',
          });
          workers.push(spawnCli('worker', workerEnv('storefront-worker-1')), spawnCli('worker', workerEnv('storefront-worker-2')));
          const bothPolling = await eventually(20_000, async () => {
            const { rows } = await admin.query<{ n: number }>(
              "SELECT count(DISTINCT application_name)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'storefront-worker-%'",
            );
            return rows[0]!.n === 2;
          });
          expect(bothPolling, workers.map((w) => w.output()).join('\n')).toBe(true);

          // When 1,000 events are committed at once
          const eventIds = await t.db.transaction().execute(async (tx) => {
            const ids: string[] = [];
            for (let i = 0; i < 1000; i += 1) ids.push((await recordEvent(tx, unixNow(), 'product.created', { id: newId('prd') })).id);
            return ids;
          });

          // Then the receiver gets each exactly once, and nothing is left pending
          const pending = async () => Number((await t.db.selectFrom('events').select((eb) => eb.fn.sum<number>('pending_webhooks').as('n')).executeTakeFirstOrThrow()).n);
          const delivered = await eventually(45_000, async () => hooks.counts.size >= 1000 && (await pending()) === 0);
          expect(delivered, `received ${hooks.counts.size}, pending ${await pending()}\n${workers.map((w) => w.output()).join('\n')}`).toBe(true);
          for (const worker of workers) expect(await stop(worker.child)).toBe(0);

          expect([...hooks.counts.keys()].sort()).toEqual([...eventIds].sort());
          expect([...hooks.counts].filter(([, n]) => n !== 1)).toEqual([]);
          const attempts = await t.db.selectFrom('webhook_attempts').select(['delivery_id', 'succeeded', 'attempt']).execute();
          expect(attempts).toHaveLength(1000);
          expect(new Set(attempts.map((a) => a.delivery_id)).size).toBe(1000);
          expect(attempts.filter((a) => a.succeeded !== 1 || a.attempt !== 1)).toEqual([]);
          const deliveries = await t.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
          expect(deliveries).toHaveLength(1000);
          expect(deliveries.filter((d) => d.status !== 'succeeded' || d.attempts !== 1)).toEqual([]);
        } finally {
          for (const worker of workers) await stop(worker.child);
          await admin.end();
          await receiver?.close();
          await t.close();
        }
      }, 60_000);
    }
  });
}
