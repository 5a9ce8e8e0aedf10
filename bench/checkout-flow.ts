/**
 * The checkout flow under load: C virtual buyers (default 10) against the real server, each looping
 * over the five dependent requests a storefront makes to sell a cart, until the deadline:
 *
 *   1. POST /v1/carts                    {items: {sku: 1, sku: 1, sku: 1}}   → 201, the cart
 *   2. POST /v1/carts/{id}/checkout      {}                                  → 200, the order (created)
 *   3. PUT  /v1/checkouts/{id}           {customer: {email}, shipping: {…}}  → 200
 *   4. POST /v1/checkouts/{id}/methods   {shipping: {method}, payment: {gateway}} → 200
 *   5. POST /v1/checkouts/{id}/payment   {payment: {method: card, card_number: 4242…}} → 200, placed
 *
 * Autocannon cannot chain requests, so this is a small driver of its own on Node's fetch (undici,
 * keep-alive: each buyer reuses a connection of the pool). Every request carries the channel key;
 * every answer must be 2xx, and step 5 must answer a placed, paid order. Failures are counted and
 * fail the run once the deadline has passed, with the first answers that failed.
 *
 * Measured: the flows completed before the deadline (flows/s over the whole window), the duration of
 * each (p50, p99), the answers received before the deadline (requests/s), and each step's latency.
 * At the deadline no buyer starts another request; a flow still in progress is abandoned after its
 * current request (each has a 10 s timeout), so a run ends within seconds of its deadline.
 *
 * Each buyer is a fresh guest (its own email), buying 3 of the dataset's flow skus, whose stock is
 * tracked but never runs out (bench/dataset.ts).
 *
 * Standalone, against a server already serving bench/.data/bench.db (run.ts does all of this):
 *   npx tsx bench/checkout-flow.ts --base http://127.0.0.1:8080 [--duration 10] [--connections 10]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_DB_FILE, type Dataset } from './dataset.js';

const REQUEST_TIMEOUT_MS = 10_000;
/** How many failed answers are kept, to show at the end. */
const KEEP_FAILURES = 5;

export const STEPS = ['cart', 'checkout', 'update', 'methods', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export interface FlowOptions {
  /** `http://127.0.0.1:PORT` */
  base: string;
  dataset: Pick<Dataset, 'channelKey' | 'flowSkuIds' | 'shippingRateId' | 'gatewayId'>;
  connections: number;
  seconds: number;
  /** Names the run in errors. */
  label: string;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface FlowResult {
  /** Flows completed before the deadline. */
  flows: number;
  /** The measured window, in seconds (start to deadline). */
  seconds: number;
  flowsPerSecond: number;
  /** Answers (2xx) received before the deadline, every step counted. */
  requests: number;
  requestsPerSecond: number;
  /** Duration of a whole flow, in milliseconds. */
  flow: Percentiles;
  /** Latency of each step, in milliseconds. */
  steps: Record<Step, Percentiles>;
}

class FlowFailure extends Error {}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

function percentiles(values: number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return { p50: percentile(list, 50), p90: percentile(list, 90), p99: percentile(list, 99), max: list[list.length - 1] ?? Number.NaN };
}

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main Street',
  city: 'New York',
  postcode: '10001',
  country_code: 'US',
  state_code: 'NY',
  phone: '+1 555 0100',
} as const;

/** Runs the buyers until the deadline. Throws when any answer was not 2xx (or no flow completed). */
export async function runCheckoutFlow(options: FlowOptions): Promise<FlowResult> {
  const { base, dataset, connections, seconds, label } = options;
  const skus = dataset.flowSkuIds;
  if (skus.length < 3) throw new Error(`${label}: the dataset has ${skus.length} flow skus; a cart needs 3`);
  const headers = { 'channel-key': dataset.channelKey, 'content-type': 'application/json', accept: 'application/json' };

  const flowMillis: number[] = [];
  const stepMillis: Record<Step, number[]> = { cart: [], checkout: [], update: [], methods: [], payment: [] };
  let requests = 0;
  let failures = 0;
  const failed: string[] = [];
  const failedBy = new Map<string, number>();
  // Unique per process and run: every flow's buyer is a new guest, so no two buyers race for one email.
  const runTag = `${process.pid}-${Date.now().toString(36)}`;

  const started = performance.now();
  const deadline = started + seconds * 1000;
  const before = () => performance.now() < deadline;

  /** One request; its answer's JSON, or a FlowFailure. Counted and timed when it ends before the deadline. */
  async function call(step: Step, method: string, path: string, body: unknown, expected: number): Promise<any> {
    const at = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(base + path, { method, headers, body: JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      text = await response.text();
    } catch (error) {
      throw new FlowFailure(`${step}: ${method} ${path}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
    const end = performance.now();
    if (response.status !== expected) {
      throw new FlowFailure(`${step}: ${method} ${path} answered ${response.status} (expected ${expected}): ${text.slice(0, 400)}`);
    }
    if (end < deadline) {
      requests++;
      stepMillis[step].push(end - at);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new FlowFailure(`${step}: ${method} ${path}: not JSON: ${text.slice(0, 200)}`);
    }
  }

  async function flow(buyer: number, n: number): Promise<void> {
    const at = performance.now();
    // Three distinct skus, moving through the list so the buyers spread over all of them.
    const first = (buyer * 7 + n * 3) % skus.length;
    const items: Record<string, number> = {};
    for (let j = 0; j < 3; j++) items[skus[(first + j) % skus.length]!] = 1;

    const cart = await call('cart', 'POST', '/v1/carts', { items }, 201);
    const cartId: string = cart.data.id;
    if (!before()) return;
    const checkout = await call('checkout', 'POST', `/v1/carts/${cartId}/checkout`, {}, 200);
    const orderId: string = checkout.data.id;
    if (!before()) return;
    await call('update', 'PUT', `/v1/checkouts/${orderId}`, {
      customer: { email: `buyer-${runTag}-${buyer}-${n}@bench.example.com`, first_name: 'Ada', last_name: 'Lovelace' },
      shipping: ADDRESS,
    }, 200);
    if (!before()) return;
    await call('methods', 'POST', `/v1/checkouts/${orderId}/methods`, {
      shipping: { method: dataset.shippingRateId },
      payment: { gateway: dataset.gatewayId },
    }, 200);
    if (!before()) return;
    const paid = await call('payment', 'POST', `/v1/checkouts/${orderId}/payment`, {
      payment: { method: 'card', card_number: '4242424242424242' },
    }, 200);
    const order = paid.data;
    if (order?.status !== 'placed' || order?.financial_status !== 'paid') {
      throw new FlowFailure(`payment: order ${orderId} is ${order?.status} / ${order?.financial_status}, not placed / paid`);
    }
    const end = performance.now();
    if (end < deadline) flowMillis.push(end - at);
  }

  async function buyer(index: number): Promise<void> {
    for (let n = 0; before(); n++) {
      try {
        await flow(index, n);
      } catch (error) {
        if (!(error instanceof FlowFailure)) throw error;
        failures++;
        const kind = error.message.replace(/ \/v1\/\S+/, '').slice(0, 60);
        failedBy.set(kind, (failedBy.get(kind) ?? 0) + 1);
        if (failed.length < KEEP_FAILURES) failed.push(error.message);
      }
    }
  }

  await Promise.all(Array.from({ length: connections }, (_, i) => buyer(i)));
  const window = (Math.min(performance.now(), deadline) - started) / 1000;

  if (failures > 0) {
    const kinds = [...failedBy].map(([kind, count]) => `  ${count} × ${kind}`).join('\n');
    throw new Error(`${label}: ${failures} flow(s) failed (${flowMillis.length} completed):\n${kinds}\nFirst failures:\n${failed.map((f) => `  - ${f}`).join('\n')}`);
  }
  if (flowMillis.length === 0) throw new Error(`${label}: no flow completed within ${seconds} s`);

  const steps = Object.fromEntries(STEPS.map((s) => [s, percentiles(stepMillis[s])])) as Record<Step, Percentiles>;
  return {
    flows: flowMillis.length,
    seconds: window,
    flowsPerSecond: flowMillis.length / window,
    requests,
    requestsPerSecond: requests / window,
    flow: percentiles(flowMillis),
    steps,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string' },
      dataset: { type: 'string', default: `${DEFAULT_DB_FILE}.json` },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10' },
    },
  });
  if (!values.base) throw new Error('--base http://127.0.0.1:PORT is required (a server on the bench database)');
  const dataset = JSON.parse(readFileSync(values.dataset, 'utf8')) as Dataset;
  const result = await runCheckoutFlow({
    base: values.base,
    dataset,
    connections: Number(values.connections),
    seconds: Number(values.duration),
    label: 'checkout-flow',
  });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
