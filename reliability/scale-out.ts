/**
 * Scale-out on PostgreSQL (`npm run scale-out`): the deployment DESIGN.md §1 describes, under one load.
 *
 * 1. An embedded PostgreSQL (reliability/embedded-pg.ts) with a bench data set; SCARCE of its flow
 *    skus get little stock (`--stock` units each, told at a low threshold so `sku.low_stock` events
 *    are recorded too).
 * 2. Two API processes (`storefront serve`, each on its own port) and two `storefront worker`
 *    processes on that one database, the servers with STOREFRONT_WORKER=external (only the workers
 *    deliver) and STOREFRONT_WEBHOOKS_ALLOW_PRIVATE=1 (the receiver is on loopback).
 * 3. A webhook endpoint subscribed to every event (`["*"]`), pointing at a local receiver that
 *    answers 204 at once and verifies each signature (reliability/webhook-receiver.ts).
 * 4. One load over both ports (reliability/storefront-load.ts): checkout flows buying two scarce skus
 *    (in either order) and a plentiful one, or plentiful skus only, and cart changes; for `--duration`
 *    seconds. Stock runs out during it: refusals are 409 `out_of_stock`, never an oversell.
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
import { stopAll } from '../bench/servers.js';
import { startReliabilityPostgres } from './embedded-pg.js';
import { duplicateOrderNumbers, numberedOrders, preparePgStore } from './pg-store.js';
import { brokenInvariants, takeBaseline } from './store-checks.js';
import { describeAnswer, startLoad, tally } from './storefront-load.js';
import { alive, baseEnv, runLogDir, spawnStorefront, startApi } from './storefront-processes.js';
import { startReceiver } from './webhook-receiver.js';

const REQUEST_TIMEOUT_MS = 10_000;
const DRAIN_TIMEOUT_MS = 120_000;
const SHOWN = 10;

const log = (text: string) => process.stderr.write(`[scale-out] ${text}\n`);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '30' },
      connections: { type: 'string', default: '8' },
      scarce: { type: 'string', default: '6' },
      stock: { type: 'string', default: '10' },
      products: { type: 'string', default: '200' },
    },
  });
  const seconds = Number(values.duration);
  const connections = Number(values.connections);
  const scarceCount = Number(values.scarce);
  const scarceStock = Number(values.stock);
  const products = Number(values.products);
  for (const [name, value] of Object.entries({ seconds, connections, scarceCount, scarceStock, products })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got ${value}`);
  }
  if (scarceCount < 2) throw new Error('--scarce must be at least 2 (a cart buys two scarce skus)');

  const postgres = await startReliabilityPostgres(log);
  const store = await preparePgStore(postgres, 'scale_out', { products, scarce: scarceCount, stock: scarceStock });
  const { dataset, scarceSkuIds: scarce, plentySkuIds: plenty } = store;
  const checker = store.database;
  log(`data set: ${products} products; ${scarceCount} scarce skus with ${scarceStock} units each; logs in ${runLogDir()}`);

  const receiver = await startReceiver();
  const env = {
    ...baseEnv({ url: dataset.url, adminKey: dataset.adminKey, channelKey: dataset.channelKey }),
    STOREFRONT_WORKER: 'external',
    STOREFRONT_WEBHOOKS_ALLOW_PRIVATE: '1',
    // A failed attempt (there should be none) is retried within seconds, not a minute.
    STOREFRONT_WEBHOOK_RETRY_BASE_MS: '1000',
  };
  const [apiA, apiB] = await Promise.all([startApi('api-1', env), startApi('api-2', env)]);
  const workers = [spawnStorefront('worker-1', 'worker', [], env), spawnStorefront('worker-2', 'worker', [], env)];
  log(`API processes on ${apiA!.base} and ${apiB!.base}; two webhook workers`);

  const created = await fetch(`${apiA!.base}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${dataset.adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['*'] }),
  });
  const webhook = (await created.json()) as { data?: { id: string; secret: string } };
  if (created.status !== 201 || !webhook.data?.secret) throw new Error(`creating the webhook answered ${created.status}: ${JSON.stringify(webhook).slice(0, 300)}`);
  receiver.setSecret(webhook.data.secret);
  const webhookId = webhook.data.id;

  const baseline = await takeBaseline(store);
  const lastEvent = await checker.db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const eventsBefore = lastEvent?.id ?? '';

  const load = startLoad({
    bases: [apiA!.base, apiB!.base],
    channelKey: dataset.channelKey,
    adminKey: dataset.adminKey,
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
    plentySkus: plenty,
    shippingRateId: dataset.shippingRateId,
    gatewayId: dataset.gatewayId,
    thinkMs: 20,
  });
  log(`load: ${connections} users over both API processes for ${seconds} s`);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
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
    await new Promise((resolve) => setTimeout(resolve, 200));
    pending = await pendingNow();
  }
  // A delivery settles after its answer: give a late duplicate a moment to show.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  pending = await pendingNow();
  const drainSeconds = (performance.now() - drainStarted) / 1000;

  const violations: string[] = [];
  const say = (what: string, lines: string[]) => {
    if (lines.length === 0) return;
    violations.push(`${what}: ${lines.length}`);
    for (const line of lines.slice(0, SHOWN)) violations.push(`  - ${line}`);
    if (lines.length > SHOWN) violations.push(`  - … ${lines.length - SHOWN} more`);
  };

  // The answers.
  const unexpected = answers.filter((a) => !a.expected);
  say('unexpected answers (5xx, hangs, refusals other than out_of_stock)', unexpected.map(describeAnswer));
  for (const spawned of [apiA!, apiB!, ...workers]) if (!alive(spawned)) violations.push(`${spawned.label} exited (${spawned.child.exitCode ?? spawned.child.signalCode}); see ${spawned.logFile}`);

  // The store.
  const broken = await brokenInvariants(store, baseline);
  say('store invariants broken', broken);
  const duplicates = await duplicateOrderNumbers(checker);
  say('order numbers given twice', duplicates);
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
  say('scarce skus oversold or miscounted', oversold);

  // The events and their deliveries.
  const events = await checker.db.selectFrom('events').select(['id', 'kind', 'pending_webhooks']).where('id', '>', eventsBefore).execute();
  const deliveries = await checker.db.selectFrom('webhook_deliveries').select(['id', 'event_id', 'status', 'attempts']).where('webhook_id', '=', webhookId).execute();
  const attempts = await checker.db.selectFrom('webhook_attempts').select(['delivery_id', 'succeeded']).where('webhook_id', '=', webhookId).execute();
  const deliveriesByEvent = new Map<string, typeof deliveries>();
  for (const d of deliveries) deliveriesByEvent.set(d.event_id, [...(deliveriesByEvent.get(d.event_id) ?? []), d]);
  const attemptsByDelivery = new Map<string, number>();
  for (const a of attempts) attemptsByDelivery.set(a.delivery_id, (attemptsByDelivery.get(a.delivery_id) ?? 0) + 1);
  const eventIds = new Set(events.map((e) => e.id));
  say('events without exactly one delivery to the endpoint', events.filter((e) => (deliveriesByEvent.get(e.id)?.length ?? 0) !== 1)
    .map((e) => `${e.id} ${e.kind}: ${deliveriesByEvent.get(e.id)?.length ?? 0} deliveries`));
  say('deliveries not succeeded in exactly one attempt', deliveries.filter((d) => d.status !== 'succeeded' || d.attempts !== 1 || attemptsByDelivery.get(d.id) !== 1)
    .map((d) => `${d.id} of ${d.event_id}: ${d.status}, attempts ${d.attempts}, ${attemptsByDelivery.get(d.id) ?? 0} attempt rows`));
  say('events not received', events.filter((e) => !receiver.counts.has(e.id)).map((e) => `${e.id} ${e.kind}`));
  say('events received more than once', [...receiver.counts].filter(([, n]) => n > 1).map(([id, n]) => `${id} ${receiver.kinds.get(id)}: ${n} times`));
  say('deliveries of unknown events', [...receiver.counts.keys()].filter((id) => !eventIds.has(id)));
  say('bad signatures', receiver.badSignatures);
  if (pending.events > 0 || pending.deliveries > 0) {
    violations.push(`pending after ${Math.round(drainSeconds)} s: pending_webhooks sum ${pending.events}, pending delivery rows ${pending.deliveries}`);
  }

  const byBase = Object.fromEntries([apiA!, apiB!].map((api) => [api.base, answers.filter((a) => a.base === api.base).length]));
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
    orders_placed: await numberedOrders(checker),
    scarce: { skus: scarceCount, units_each: scarceStock, units_sold: [...soldBySku.values()].reduce((s, n) => s + n, 0), sold_out: scarceRows.filter((r) => r.in_stock === 0).length },
    faults_injected: 0,
    events: events.length,
    events_by_kind: kinds,
    deliveries_received: receiver.total(),
    distinct_events_received: receiver.counts.size,
    drain_seconds: Math.round(drainSeconds * 10) / 10,
    pending_after_drain: pending,
    invariant_violations: broken.length,
    violations: violations.filter((v) => !v.startsWith('  ')).length,
    answers: tally(answers),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  if (violations.length > 0) {
    process.stdout.write(`\nVIOLATIONS\n${violations.join('\n')}\n`);
    return 1;
  }
  process.stdout.write(`\nscale-out: OK (logs in ${runLogDir()})\n`);
  await receiver.close();
  return 0;
}

main()
  .then(async (code) => {
    await stopAll();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    await stopAll();
    process.exit(2);
  });
