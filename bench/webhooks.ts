/**
 * The `webhooks` scenario: how many events per second one `storefront worker` delivers.
 *
 * 1. Writes a fresh SQLite file, bench/.data/webhooks.db: migrations, the store, one endpoint
 *    (`["*"]`) pointing at a local receiver, then N events (`product.created`) through recordEvent
 *    in one transaction, so each is queued for delivery exactly as a write of the API queues it.
 * 2. Starts a receiver on a free 127.0.0.1 port answering 204 to every POST (bench/webhook-receiver.ts:
 *    it counts webhook-id values), then one worker: `node --import tsx src/cli.ts worker`.
 * 3. Measures from the first delivery the receiver gets to the moment no event is pending any more
 *    (pending_webhooks summed, polled every 20 ms on a second connection): delivered and settled.
 *    The worker's start (tsx, migrations) is outside the figure and printed beside it.
 *
 * Every wait has a deadline. The run fails unless every event arrived, each exactly once, and each
 * delivery has one successful attempt.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureStore } from '../src/bootstrap.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { unixNow } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { recordEvent } from '../src/modules/events/record-event.js';
import { createWebhook } from '../src/modules/webhooks/webhooks.service.js';
import { DATA_DIR } from './dataset.js';
import { startReceiver } from './webhook-receiver.js';

export const WEBHOOKS_DB_FILE = join(DATA_DIR, 'webhooks.db');
const DELIVERY_TIMEOUT_MS = 120_000;
const POLL_MS = 20;

export interface WebhookBenchResult {
  events: number;
  /** From the first delivery received to no event pending. */
  seconds: number;
  eventsPerSecond: number;
  /** From the worker's spawn to its first delivery (start-up, migrations, the first poll). */
  startSeconds: number;
}

/** Runs the scenario; `startWorker` spawns `storefront worker` with the env given (the harness owns the process). */
export async function runWebhookBench(options: {
  events: number;
  startWorker: (env: Record<string, string>) => ChildProcess;
  stopWorker: (child: ChildProcess) => Promise<void>;
  log: (text: string) => void;
}): Promise<WebhookBenchResult> {
  const receiver = await startReceiver({ verify: false });
  const { counts } = receiver;

  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(WEBHOOKS_DB_FILE + suffix, { force: true });
  const database = openDatabase(`sqlite:${WEBHOOKS_DB_FILE}`);
  let worker: ChildProcess | undefined;
  try {
    const generated = performance.now();
    await migrateToLatest(database.db);
    await ensureStore(database.db);
    const ctx = { db: database.db, dbKind: database.kind, actor: { kind: 'system' as const }, now: unixNow, log: console };
    await createWebhook(ctx, { url: receiver.url, events: ['*'] }, true);
    const ids = new Set(
      await database.db.transaction().execute(async (tx) => {
        const made: string[] = [];
        for (let i = 0; i < options.events; i++) made.push((await recordEvent(tx, unixNow(), 'product.created', { id: newId('prd') })).id);
        return made;
      }),
    );
    options.log(`${options.events} events with a pending delivery each in ${WEBHOOKS_DB_FILE} (${Math.round(performance.now() - generated)} ms)`);

    const pending = async () =>
      Number((await database.db.selectFrom('events').select((eb) => eb.fn.sum<number>('pending_webhooks').as('n')).executeTakeFirstOrThrow()).n ?? 0);
    const spawned = performance.now();
    worker = options.startWorker({
      DATABASE_URL: `sqlite:${WEBHOOKS_DB_FILE}`,
      STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'warn',
    });
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    let settledAt = 0;
    while (Date.now() < deadline) {
      if (worker.exitCode !== null || worker.signalCode !== null) throw new Error(`the worker exited (${worker.exitCode ?? worker.signalCode}) before delivering everything`);
      if (counts.size >= ids.size && (await pending()) === 0) {
        settledAt = performance.now();
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    if (settledAt === 0) throw new Error(`webhooks: ${counts.size} of ${ids.size} events delivered, ${await pending()} pending after ${DELIVERY_TIMEOUT_MS / 1000} s`);
    await options.stopWorker(worker);

    const strangers = [...counts.keys()].filter((id) => !ids.has(id));
    const repeated = [...counts.values()].filter((n) => n > 1).length;
    const attempts = await database.db.selectFrom('webhook_attempts').select(['succeeded']).execute();
    if (strangers.length > 0 || repeated > 0 || attempts.length !== ids.size || attempts.some((a) => a.succeeded !== 1)) {
      throw new Error(`webhooks: ${strangers.length} unknown ids, ${repeated} delivered more than once, ${attempts.length} attempts for ${ids.size} deliveries`);
    }
    const firstAt = receiver.firstAt();
    const seconds = (settledAt - firstAt) / 1000;
    return { events: ids.size, seconds, eventsPerSecond: ids.size / seconds, startSeconds: (firstAt - spawned) / 1000 };
  } finally {
    if (worker) await options.stopWorker(worker);
    await database.close();
    await receiver.close();
  }
}
