import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { orderRow, placedOrder, transactionRows } from '../../helpers/checkout.js';
import { startServer, stop, type Running } from '../../helpers/server-process.js';
import { createTestAppOn, freshDatabaseUrl, testDatabases, type TestContext } from '../../helpers/test-app.js';

const MOVE_ROUTE = '/v1/orders/:id/transactions';

/**
 * A staff money move whose process is killed (SIGKILL) after the move committed and before its
 * answer was kept, retried with the same Idempotency-Key: the money moves once.
 */
for (const kind of testDatabases()) {
  describe(`a money move retried after a crash [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-crash-'));
    let url: string;
    /** An in-process app on the same database: it makes the orders and reads the rows. */
    let t: TestContext & { close(): Promise<void> };
    const running: Running[] = [];

    beforeAll(async () => {
      url = await freshDatabaseUrl(kind, `sqlite:${join(folder, 'store.db')}`);
      const handle = openDatabase(url);
      await migrateToLatest(handle.db);
      t = await createTestAppOn(handle);
    });

    afterAll(async () => {
      for (const server of running) await stop(server.child, 'SIGKILL');
      await t?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    async function server(env: Record<string, string> = {}): Promise<Running> {
      const started = await startServer({ DATABASE_URL: url, STOREFRONT_WORKER: 'external', STOREFRONT_RATE_LIMIT: '0', ...env });
      running.push(started);
      return started;
    }

    function move(base: string, orderId: string, body: unknown, key: string): Promise<Response> {
      return fetch(`${base}/v1/orders/${orderId}/transactions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
    }

    /** Sends the move to a server that dies between its commit and its answer; resolves once it is dead. */
    async function moveAndCrash(orderId: string, body: unknown, key: string): Promise<void> {
      const doomed = await server({ STOREFRONT_TEST_CRASH_BEFORE_ANSWER: MOVE_ROUTE });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
      await expect(move(doomed.base, orderId, body, key)).rejects.toThrow();
      expect(await exited).toBe('SIGKILL');
    }

    /** The retry a client makes a minute later: the dead request's claim on the key has lapsed by then. */
    async function aMinuteLater(): Promise<void> {
      await t.db.updateTable('idempotency_keys').set((eb) => ({ created_at: eb('created_at', '-', 61) })).where('status_code', 'is', null).execute();
    }

    it('captures part of an authorization once, and answers the retry with that capture', async () => {
      const { orderId, order } = await placedOrder(t, { gateway: { driver: 'test', settings: { capture: 'manual' } } });
      expect(order.financial_status).toBe('authorized');
      const key = randomUUID();

      await moveAndCrash(orderId, { kind: 'capture', amount: 600 }, key);
      const captured = (await transactionRows(t, orderId)).filter((row) => row.kind === 'capture');
      expect(captured.map((row) => [row.status, Number(row.amount)])).toEqual([['succeeded', 600]]);
      expect((await orderRow(t, orderId)).financial_status).toBe('partially_paid');

      const next = await server();
      // At once, the dead request still holds the key: refused, nothing moved.
      const early = await move(next.base, orderId, { kind: 'capture', amount: 600 }, key);
      expect(early.status).toBe(409);
      expect(((await early.json()) as any).code).toBe('idempotency_conflict');

      await aMinuteLater();
      const retried = await move(next.base, orderId, { kind: 'capture', amount: 600 }, key);
      const body = (await retried.json()) as any;
      expect(retried.status, JSON.stringify(body)).toBe(201);
      expect(body.data).toMatchObject({ id: captured[0]!.id, kind: 'capture', amount: 600, status: 'succeeded' });

      const after = (await transactionRows(t, orderId)).filter((row) => row.kind === 'capture');
      expect(after.map((row) => row.id)).toEqual([captured[0]!.id]);
      expect((await orderRow(t, orderId)).financial_status).toBe('partially_paid');

      // The answer is kept now: a third try replays it.
      const replayed = await move(next.base, orderId, { kind: 'capture', amount: 600 }, key);
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(((await replayed.json()) as any).data.id).toBe(captured[0]!.id);
      await stop(next.child);
    });

    it('refunds part of a payment once when the refund is retried after a crash', async () => {
      const { orderId, order } = await placedOrder(t);
      expect(order.financial_status).toBe('paid');
      const key = randomUUID();

      await moveAndCrash(orderId, { kind: 'refund', amount: 300 }, key);
      const next = await server();
      await aMinuteLater();
      const retried = await move(next.base, orderId, { kind: 'refund', amount: 300 }, key);
      const body = (await retried.json()) as any;
      expect(retried.status, JSON.stringify(body)).toBe(201);

      const refunds = (await transactionRows(t, orderId)).filter((row) => row.kind === 'refund');
      expect(refunds.map((row) => [row.id, row.status, Number(row.amount)])).toEqual([[body.data.id, 'succeeded', 300]]);
      expect((await orderRow(t, orderId)).financial_status).toBe('partially_refunded');

      // Another key is another refund: the key, not the amount, tells a retry from a new move.
      const another = await move(next.base, orderId, { kind: 'refund', amount: 300 }, randomUUID());
      expect(another.status).toBe(201);
      expect((await transactionRows(t, orderId)).filter((row) => row.kind === 'refund')).toHaveLength(2);
      await stop(next.child);
    });
  });
}
