import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { channelCaller, startServer, stop } from '../../helpers/server-process.js';
import { freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

/**
 * The pids of the API processes that have started serving, in order, from the primary's log lines.
 * Not the primary's children: run under tsx, an esbuild process would be one of them too, outliving the
 * primary by a moment.
 */
function servingPids(output: string): number[] {
  return output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; worker_pid?: number };
      return entry.msg === 'an API process is listening' && entry.worker_pid ? [entry.worker_pid] : [];
    } catch {
      return [];
    }
  });
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const kind of testDatabases()) {
  describe(`storefront serve --workers [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-cluster-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('serves from several processes, writes from all of them without errors, replaces a dead one, and stops on SIGTERM', async () => {
      const channelKey = `ck_${randomBytes(16).toString('hex')}`;
      const url = await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`);
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_CHANNEL_KEY: channelKey, STOREFRONT_METRICS: '1' }, ['--workers', '2']);
      const call = channelCaller(server.base, channelKey);
      const serving = () => servingPids(server.output());
      try {
        // /health answers once one process listens; killing it before the other listens would close the port.
        await waitFor(() => serving().length === 2, 'two API processes listening');
        // The store was prepared once, by the primary.
        expect(server.output().match(/A new store was created/g)).toHaveLength(1);

        const skus = await call('GET', '/v1/skus?listable=true');
        const sku = skus.body.data.find((s: { in_stock: number | null }) => (s.in_stock ?? 0) > 2);
        // Concurrent writes land in both processes; on SQLite they wait for each other (no SQLITE_BUSY).
        const carts = await Promise.all(Array.from({ length: 40 }, () => call('POST', '/v1/carts', { items: { [sku.id]: 1 } })));
        expect(carts.map((c) => c.status)).toEqual(carts.map(() => 201));
        const updated = await Promise.all(carts.map((c) => call('PUT', `/v1/carts/${c.body.data.id}`, { items: { [sku.id]: 2 } })));
        expect(updated.map((u) => u.status)).toEqual(updated.map(() => 200));
        const reread = await Promise.all(carts.map((c) => call('GET', `/v1/carts/${c.body.data.id}`)));
        expect(reread.map((r) => r.body.data.total_items)).toEqual(reread.map(() => 2));
        // A scrape reaches one process, and answers for both: the primary adds their counts up.
        const metrics = await (await fetch(`${server.base}/metrics`)).text();
        expect(metrics).toContain('storefront_http_requests_total{method="POST",route="/v1/carts",status="201"} 40');

        const [victim, survivor] = serving();
        process.kill(victim!, 'SIGKILL');
        await waitFor(() => serving().length === 3, 'a replacement API process listening');
        const replacement = serving()[2]!;
        expect(new Set([victim, survivor, replacement]).size).toBe(3);
        expect(() => process.kill(victim!, 0)).toThrow();
        expect((await call('GET', `/v1/skus/${sku.id}`)).status).toBe(200);
      } finally {
        const apiProcesses = serving();
        expect(await stop(server.child)).toBe(0);
        // The primary exits only after its API processes have.
        for (const pid of apiProcesses) expect(() => process.kill(pid, 0)).toThrow();
      }
    }, 240_000);
  });
}
