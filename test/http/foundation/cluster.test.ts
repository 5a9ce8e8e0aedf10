import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { channelCaller, startServer, stop } from '../../helpers/server-process.js';
import { freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';

/** The pids of a process's children (pgrep, on Linux and macOS alike). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
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
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_CHANNEL_KEY: channelKey }, ['--workers', '2']);
      const call = channelCaller(server.base, channelKey);
      try {
        // /health answers once one process listens; killing it before the other listens would close the port.
        const listening = () => server.output().match(/an API process is listening/g)?.length ?? 0;
        await waitFor(() => childrenOf(server.child.pid!).length === 2 && listening() === 2, 'two API processes listening');
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

        const [victim] = childrenOf(server.child.pid!);
        process.kill(victim!, 'SIGKILL');
        await waitFor(() => {
          const now = childrenOf(server.child.pid!);
          return now.length === 2 && !now.includes(victim!) && listening() === 3;
        }, 'a replacement API process listening');
        expect((await call('GET', `/v1/skus/${sku.id}`)).status).toBe(200);
      } finally {
        const children = childrenOf(server.child.pid!);
        expect(await stop(server.child)).toBe(0);
        for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
      }
    }, 240_000);
  });
}
