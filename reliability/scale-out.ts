/**
 * Scale-out on PostgreSQL (`npm run scale-out`): the deployment DESIGN.md §1 describes, under one load.
 *
 * 1. An embedded PostgreSQL of the run's own (reliability/store.ts) with a bench data set; SCARCE
 *    of its flow skus get little stock (`--stock` units each, told at a low threshold so
 *    `sku.low_stock` events are recorded too).
 * 2. Two API processes (`storefront serve`, each on its own port) and two `storefront worker`
 *    processes on that one database, the servers with STOREFRONT_WORKER=external (only the workers
 *    deliver) and STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 (the receiver is on loopback).
 * 3. A webhook endpoint subscribed to every event (`["*"]`), pointing at a local receiver that
 *    answers 204 at once and verifies each signature (bench/webhook-receiver.ts).
 * 4. One load over both ports (reliability/storefront-load.ts): checkout flows buying two scarce skus
 *    (in either order) and a plentiful one, or plentiful skus only, and cart changes; for `--duration`
 *    seconds. Stock runs out during it: refusals are 409 `out_of_stock` (at the cart or the payment),
 *    never an oversell.
 * 5. Waits until every delivery is settled, then checks:
 *    - every answer was one its step expects (no 5xx, no hang, no other refusal);
 *    - the store's invariants (test/helpers/invariants.ts, with the stock baseline taken before the
 *      load): no sku below 0, stock moved by exactly what the placed orders took, order numbers
 *      unique, one order.placed per placed order…; and the scarce skus' own arithmetic;
 *    - every event recorded since the endpoint was made has exactly one delivery for it, succeeded
 *      in one attempt, and reached the receiver exactly once with a valid signature, and nothing
 *      else reached it. DESIGN.md §7 makes delivery at least once (`webhook-id` is there for
 *      de-duplication) — a repeat is allowed after an attempt that failed or whose answer was lost —
 *      but §1 says N workers never deliver the same attempt twice, and this receiver never fails an
 *      attempt, so here any repeat is a defect;
 *    - no delivery is left pending (`pending_webhooks` 0 on every event, no pending delivery row).
 * Prints a summary (JSON) and exits 1 on any violation.
 *
 *   npm run scale-out -- [--duration 30] [--connections 8] [--scarce 6] [--stock 10] [--products 200]
 */
import { parseArgs } from 'node:util';
import { startReceiver } from '../bench/webhook-receiver.js';
import { alive, log as print, positiveInteger, printSummary, runLogDir, runMain, sleep, spawnStorefront, startServer, Violations } from './harness.js';
import { adminCall, brokenInvariants, numberedOrders, prepareStore, startThrowawayPostgres, takeBaseline } from './store.js';
import { describeAnswer, startLoad, tally } from './storefront-load.js';

const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 120_000;

const log = (text: string) => print(`[scale-out] ${text}`);

async function main(): Promise<boolean> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      scarce: { type: 'string' },
      stock: { type: 'string' },
      products: { type: 'string' },
    },
  });
  const seconds = positiveInteger('--duration', values.duration, 30);
  const connections = positiveInteger('--connections', values.connections, 8);
  const scarceCount = positiveInteger('--scarce', values.scarce, 6);
  const scarceStock = positiveInteger('--stock', values.stock, 10);
  const products = positiveInteger('--products', values.products, 200);
  if (scarceCount < 2) throw new Error('--scarce must be at least 2 (a cart buys two scarce skus)');

  const postgres = await startThrowawayPostgres();
  const store = await prepareStore('postgres', 'scale_out', { postgres, products, scarce: scarceCount, stock: scarceStock });
  const { scarceSkuIds: scarce, plentySkuIds: plenty } = store;
  const checker = store.database;
  log(`data set: ${products} products; ${scarceCount} scarce skus with ${scarceStock} units each; logs in ${runLogDir()}`);

  const receiver = await startReceiver({ verify: true });
  const options = {
    logFile: true,
    env: {
      STOREFRONT_WORKER: 'external',
      STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1',
      // A failed attempt (there should be none) is retried within seconds, not a minute.
      STOREFRONT_WEBHOOK_RETRY_BASE_MS: '1000',
    },
  };
  const [apiA, apiB] = await Promise.all([startServer(store, { ...options, label: 'api-1' }), startServer(store, { ...options, label: 'api-2' })]);
  const workers = [spawnStorefront(store, 'worker-1', 'worker', options), spawnStorefront(store, 'worker-2', 'worker', options)];
  log(`API processes on ${apiA.base} and ${apiB.base}; two webhook workers`);

  const webhook = await adminCall(apiA.base, store, 'POST', '/v1/webhooks', { url: receiver.url, events: ['*'] }, 201) as { data?: { id: string; secret: string } };
  if (!webhook.data?.secret) throw new Error(`creating the webhook answered no secret: ${JSON.stringify(webhook).slice(0, 300)}`);
  receiver.setSecret(webhook.data.secret);
  const webhookId = webhook.data.id;

  const baseline = await takeBaseline(store);
  const lastEvent = await checker.db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const eventsBefore = lastEvent?.id ?? '';

  const load = startLoad({
    bases: [apiA.base, apiB.base],
    store,
    connections,
    timeoutMs: REQUEST_TIMEOUT_MS,
    mix: { flow: 6, cart: 3, read: 1 },
    flowItems: (random) => {
      const pick = (list: string[]) => list[Math.floor(random() * list.length)]!;
      const items: Record<string, number> = {};
      if (random() < 0.7) {
        // Two distinct scarce skus in a random order: placements lock them in opposite orders too.
        const first = pick(scarce);
        let second = pick(scarce);
        while (second === first) second = pick(scarce);
        items[first] = 1;
        items[second] = 1 + Math.floor(random() * 2);
      }
      items[pick(plenty)] = 1;
      return items;
    },
    thinkMs: 20,
  });
  log(`load: ${connections} users over both API processes for ${seconds} s`);
  await sleep(seconds * 1000);
  await load.stop();
  const answers = load.answers;
  log(`load stopped: ${answers.length} requests, ${load.placed()} orders placed by the load`);

  // Drain: every delivery of the events made so far settled, and the receiver has them all.
  const pendingNow = async () => {
    const events = await checker.db.selectFrom('events').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pending_webhooks'), eb.lit(0)).as('n')).executeTakeFirstOrThrow();
    const deliveries = await checker.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    return { events: Number(events.n), deliveries: Number(deliveries.n) };
  };
  const drainStarted = performance.now();
  let pending = await pendingNow();
  while ((pending.events > 0 || pending.deliveries > 0) && performance.now() - drainStarted < DRAIN_TIMEOUT_MS) {
    if (!workers.every(alive)) break;
    await sleep(200);
    pending = await pendingNow();
  }
  // A delivery settles after its answer: give a late duplicate a moment to show.
  await sleep(2_000);
  pending = await pendingNow();
  const drainSeconds = (performance.now() - drainStarted) / 1000;

  const violations = new Violations();

  // The answers.
  const unexpected = answers.filter((a) => !a.expected);
  violations.cases('unexpected answers (5xx, hangs, refusals other than out_of_stock)', unexpected.map(describeAnswer));
  for (const spawned of [apiA, apiB, ...workers]) if (!alive(spawned)) violations.add(`${spawned.label} exited (${spawned.child.exitCode ?? spawned.child.signalCode}); see ${spawned.logFile}`);

  // The store.
  const broken = await brokenInvariants(store, baseline);
  violations.cases('store invariants broken', broken);
  const scarceRows = await checker.db.selectFrom('skus').select(['id', 'in_stock']).where('id', 'in', scarce).execute();
  const sold = await checker.db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['order_items.sku_id', (eb) => eb.fn.sum<number>('order_items.quantity').as('n')])
    .where('order_items.sku_id', 'in', scarce)
    .where('orders.status', 'in', ['placed', 'archived'])
    .groupBy('order_items.sku_id')
    .execute();
  const soldBySku = new Map(sold.map((row) => [row.sku_id, Number(row.n)]));
  const oversold = scarceRows.flatMap((row) => {
    const units = soldBySku.get(row.id) ?? 0;
    return units > scarceStock || (row.in_stock ?? 0) !== scarceStock - units ? [`${row.id}: ${units} sold of ${scarceStock}, ${row.in_stock} left`] : [];
  });
  violations.cases('scarce skus oversold or miscounted', oversold);

  // The events and their deliveries.
  const events = await checker.db.selectFrom('events').select(['id', 'kind', 'pending_webhooks']).where('id', '>', eventsBefore).execute();
  const deliveries = await checker.db.selectFrom('webhook_deliveries').select(['id', 'event_id', 'status', 'attempts']).where('webhook_id', '=', webhookId).execute();
  const attempts = await checker.db.selectFrom('webhook_attempts').select(['delivery_id', 'succeeded']).where('webhook_id', '=', webhookId).execute();
  const deliveriesByEvent = new Map<string, typeof deliveries>();
  for (const d of deliveries) deliveriesByEvent.set(d.event_id, [...(deliveriesByEvent.get(d.event_id) ?? []), d]);
  const attemptsByDelivery = new Map<string, number>();
  for (const a of attempts) attemptsByDelivery.set(a.delivery_id, (attemptsByDelivery.get(a.delivery_id) ?? 0) + 1);
  const eventIds = new Set(events.map((e) => e.id));
  violations.cases('events without exactly one delivery to the endpoint', events.filter((e) => (deliveriesByEvent.get(e.id)?.length ?? 0) !== 1)
    .map((e) => `${e.id} ${e.kind}: ${deliveriesByEvent.get(e.id)?.length ?? 0} deliveries`));
  violations.cases('deliveries not succeeded in exactly one attempt', deliveries.filter((d) => d.status !== 'succeeded' || d.attempts !== 1 || attemptsByDelivery.get(d.id) !== 1)
    .map((d) => `${d.id} of ${d.event_id}: ${d.status}, attempts ${d.attempts}, ${attemptsByDelivery.get(d.id) ?? 0} attempt rows`));
  violations.cases('events not received', events.filter((e) => !receiver.counts.has(e.id)).map((e) => `${e.id} ${e.kind}`));
  violations.cases('events received more than once', [...receiver.counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ${receiver.kinds.get(id)}: ${n} times`));
  violations.cases('deliveries of unknown events', [...receiver.counts.keys()].filter((id) => !eventIds.has(id)));
  violations.cases('bad signatures', receiver.badSignatures);
  if (pending.events > 0 || pending.deliveries > 0) {
    violations.add(`pending after ${Math.round(drainSeconds)} s: pending_webhooks sum ${pending.events}, pending delivery rows ${pending.deliveries}`);
  }

  const byBase = Object.fromEntries([apiA, apiB].map((api) => [api.base, answers.filter((a) => a.base === api.base).length]));
  const kinds: Record<string, number> = {};
  for (const e of events) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
  const summary = {
    scenario: 'scale-out',
    processes: { api: 2, workers: 2, database: 'embedded PostgreSQL' },
    duration_seconds: seconds,
    connections,
    requests: answers.length,
    requests_by_api_process: byBase,
    hangs: answers.filter((a) => a.failure === 'timeout').length,
    server_errors: answers.filter((a) => (a.status ?? 0) >= 500).length,
    out_of_stock_refusals: answers.filter((a) => a.code === 'out_of_stock').length,
    orders_placed: await numberedOrders(store),
    scarce: { skus: scarceCount, units_each: scarceStock, units_sold: [...soldBySku.values()].reduce((s, n) => s + n, 0), sold_out: scarceRows.filter((r) => r.in_stock === 0).length },
    faults_injected: 0,
    events: events.length,
    events_by_kind: kinds,
    deliveries_received: receiver.total(),
    distinct_events_received: receiver.counts.size,
    drain_seconds: Math.round(drainSeconds * 10) / 10,
    pending_after_drain: pending,
    invariant_violations: broken.length,
    violations: violations.count,
    answers: tally(answers),
  };
  const passed = printSummary('scale-out', summary, violations);
  await receiver.close();
  return passed;
}

runMain(main);
