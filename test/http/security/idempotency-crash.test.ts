import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { cardPayment } from '../../helpers/buyer.js';
import { orderRow, placedOrder, readyCheckout, transactionRows } from '../../helpers/checkout.js';
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

    /** The server that takes the retries (each crash kills its own): started once, for every test. */
    let survivor: Promise<Running> | undefined;
    const retryServer = () => (survivor ??= server());

    function move(base: string, orderId: string, body: unknown, key: string): Promise<Response> {
      return fetch(`${base}/v1/orders/${orderId}/transactions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.adminKey}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      });
    }

    function pay(base: string, orderId: string, key: string): Promise<Response> {
      return fetch(`${base}/v1/checkouts/${orderId}/payment`, {
        method: 'POST',
        headers: { 'channel-key': t.channelKey, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(cardPayment()),
      });
    }

    /** Sends a request to a server that dies between its commit and its answer; resolves once it is dead. */
    async function sendAndCrash(route: string, send: (base: string) => Promise<Response>): Promise<void> {
      const doomed = await server({ STOREFRONT_TEST_CRASH_BEFORE_ANSWER: route });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
      await expect(send(doomed.base)).rejects.toThrow();
      expect(await exited).toBe('SIGKILL');
    }

    const moveAndCrash = (orderId: string, body: unknown, key: string) => sendAndCrash(MOVE_ROUTE, (base) => move(base, orderId, body, key));

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

      const next = await retryServer();
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
    });

    it('refunds part of a payment once when the refund is retried after a crash', async () => {
      const { orderId, order } = await placedOrder(t);
      expect(order.financial_status).toBe('paid');
      const key = randomUUID();

      await moveAndCrash(orderId, { kind: 'refund', amount: 300 }, key);
      const next = await retryServer();
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
    });

    it('charges a checkout once when its payment is retried after a crash, and answers the placed order', async () => {
      const { orderId } = await readyCheckout(t);
      const key = randomUUID();

      await sendAndCrash('/v1/checkouts/:id/payment', (base) => pay(base, orderId, key));
      const charges = await transactionRows(t, orderId);
      expect(charges.map((row) => [row.kind, row.status])).toEqual([['charge', 'succeeded']]);
      const placed = await orderRow(t, orderId);
      expect(placed.status).toBe('placed');

      const next = await retryServer();
      await aMinuteLater();
      const retried = await pay(next.base, orderId, key);
      const body = (await retried.json()) as any;
      expect(retried.status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ id: orderId, status: 'placed', financial_status: 'paid', number: placed.number });
      expect((await transactionRows(t, orderId)).map((row) => row.id)).toEqual([charges[0]!.id]);

      // Another key asks for another payment of a placed order: refused, nothing charged.
      const another = await pay(next.base, orderId, randomUUID());
      expect(another.status).toBe(409);
      expect(await transactionRows(t, orderId)).toHaveLength(1);
    });
  });
}
