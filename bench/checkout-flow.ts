/**
 * The checkout flow under load: C virtual buyers (default 10) against the real server, each looping
 * over the five dependent requests a storefront makes to sell a cart, until stopped:
 *
 *   1. POST /v1/carts                    {items: {sku: 1, sku: 1, sku: 1}}   → 201, the cart
 *   2. POST /v1/carts/{id}/checkout      {}                                  → 200, the order (created)
 *   3. PUT  /v1/checkouts/{id}           {customer: {email}, shipping: {…}}  → 200
 *   4. POST /v1/checkouts/{id}/methods   {shipping: {method}, payment: {gateway}} → 200
 *   5. POST /v1/checkouts/{id}/payment   {payment: {method: card, card_number: 4242…}} → 200, placed
 *
 * Autocannon cannot chain requests, so this is a small driver of its own on node:http, with a
 * keep-alive agent of one connection per buyer. Not on fetch: the driver shares the machine's cores
 * with the server, and fetch cost it about 3.6 ms of CPU a flow, near what the server spends on the
 * flow, against 1.4 ms here. Every request carries the channel key; every answer must be 2xx, and
 * step 5 must answer a placed, paid order. Failures are counted and fail the window they are seen
 * in, with the first answers that failed.
 *
 * The buyers keep going from the warm-up through every round; a round is a window of time, and
 * measures the flows completed within it (flows/s over the window, the duration of each: p50, p99,
 * whenever it started), the answers received within it (requests/s) and each step's latency. So with
 * many buyers, whose flows take seconds, a round neither starts empty nor ends with flows cut off.
 * `pause` lets each buyer finish its flow and wait (while another server's buyers run, bench/measure.ts)
 * until `resume`. At `stop` no buyer starts another request; a flow in progress is abandoned after
 * its current request (each has a 10 s timeout). `captureFlow` makes one flow and keeps its five
 * answers, which the bare server then serves (bench/run.ts).
 *
 * Each buyer is a fresh guest (its own email), buying 3 of the dataset's flow skus, whose stock is
 * tracked but never runs out (bench/dataset.ts). With a `discountCode` in the dataset (the
 * `checkout-flow-code` variant), step 1 also enters that code on the cart, and step 5 must answer an
 * order it took something off.
 *
 * Standalone, against a server already serving a database of `npx tsx bench/dataset.ts` (run.ts
 * does all of this), one window from a standing start:
 *   npx tsx bench/checkout-flow.ts --base http://127.0.0.1:8080 [--dataset bench/.data/bench.db.json] [--duration 10] [--connections 10]
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buyerData, cardPayment } from '../test/helpers/buyer.js';
import { DEFAULT_DB_FILE, type Dataset } from './dataset.js';

const REQUEST_TIMEOUT_MS = 10_000;
/** How many failed answers are kept, to show at the end. */
const KEEP_FAILURES = 5;

export const STEPS = ['cart', 'checkout', 'update', 'methods', 'payment'] as const;
export type Step = (typeof STEPS)[number];

export interface FlowOptions {
  /** `http://127.0.0.1:PORT` */
  base: string;
  dataset: FlowDataset;
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
  /** Flows completed within the window. */
  flows: number;
  /** The window, in seconds. */
  seconds: number;
  flowsPerSecond: number;
  /** Answers (2xx) received within the window, every step counted. */
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

/** A request of the flow: what a storefront sends at that step. */
export interface FlowRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

/** The flow's requests, step by step, as a storefront sends them (reliability/checkout-flows.ts sends them too). */
export const flowRequests = {
  cart: (items: Record<string, number>, discountCode?: string): FlowRequest => ({
    method: 'POST',
    path: '/v1/carts',
    body: discountCode === undefined ? { items } : { items, discount_codes: [discountCode] },
  }),
  checkout: (cartId: string): FlowRequest => ({ method: 'POST', path: `/v1/carts/${cartId}/checkout`, body: {} }),
  /** The buyer data: a guest by `email`, shipping to the test address. */
  update: (orderId: string, email: string): FlowRequest => ({ method: 'PUT', path: `/v1/checkouts/${orderId}`, body: buyerData(email) }),
  methods: (orderId: string, shippingRateId: string, gatewayId: string): FlowRequest => ({
    method: 'POST',
    path: `/v1/checkouts/${orderId}/methods`,
    body: { shipping: { method: shippingRateId }, payment: { gateway: gatewayId } },
  }),
  /** A card payment, with the good test card unless told. */
  payment: (orderId: string, card?: string): FlowRequest => ({ method: 'POST', path: `/v1/checkouts/${orderId}/payment`, body: cardPayment(card) }),
};

/** Each step's route pattern and the status its answer must have (the bare server serves them so). */
export const FLOW_ROUTES: Record<Step, { method: FlowRequest['method']; route: string; status: number }> = {
  cart: { method: 'POST', route: '/v1/carts', status: 201 },
  checkout: { method: 'POST', route: '/v1/carts/:id/checkout', status: 200 },
  update: { method: 'PUT', route: '/v1/checkouts/:id', status: 200 },
  methods: { method: 'POST', route: '/v1/checkouts/:id/methods', status: 200 },
  payment: { method: 'POST', route: '/v1/checkouts/:id/payment', status: 200 },
};

/** The dataset's part the flow uses; `discountCode`: a code every cart enters (the checkout-flow-code variant). */
type FlowDataset = Pick<Dataset, 'channelKey' | 'flowSkuIds' | 'shippingRateId' | 'gatewayId'> & { discountCode?: string };

/** Sends one step's request; answers the answer's JSON, or throws a FlowFailure. */
type Call = (step: Step, request: FlowRequest) => Promise<any>;

/**
 * One flow: each request made from the answers before it, as a storefront makes them; true once the
 * order is paid. Stops early (false) when `stopped` says so; a payment that does not place and pay
 * the order is a failure.
 */
async function sellCart(call: Call, dataset: FlowDataset, items: Record<string, number>, email: string, stopped: () => boolean): Promise<boolean> {
  const cart = await call('cart', flowRequests.cart(items, dataset.discountCode));
  const cartId: string = cart.data.id;
  if (stopped()) return false;
  const checkout = await call('checkout', flowRequests.checkout(cartId));
  const orderId: string = checkout.data.id;
  if (stopped()) return false;
  await call('update', flowRequests.update(orderId, email));
  if (stopped()) return false;
  await call('methods', flowRequests.methods(orderId, dataset.shippingRateId, dataset.gatewayId));
  if (stopped()) return false;
  const paid = await call('payment', flowRequests.payment(orderId));
  const order = paid.data;
  if (order?.status !== 'placed' || order?.financial_status !== 'paid') {
    throw new FlowFailure(`payment: order ${orderId} is ${order?.status} / ${order?.financial_status}, not placed / paid`);
  }
  if (dataset.discountCode !== undefined && !(order.total_discount > 0)) {
    throw new FlowFailure(`payment: order ${orderId} took nothing off with the code ${dataset.discountCode}`);
  }
  return true;
}

/**
 * One flow from a new guest, its answers kept byte for byte: what the bare server serves in the
 * real server's place. Throws on an answer of another status than its step's.
 */
export async function captureFlow(base: string, dataset: FlowDataset): Promise<Record<Step, Buffer>> {
  const answers: Partial<Record<Step, Buffer>> = {};
  const call: Call = async (step, { method, path, body }) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'channel-key': dataset.channelKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== FLOW_ROUTES[step].status) {
      throw new FlowFailure(`${step}: ${method} ${path} answered ${response.status} (expected ${FLOW_ROUTES[step].status}): ${bytes.toString().slice(0, 400)}`);
    }
    answers[step] = bytes;
    return JSON.parse(bytes.toString());
  };
  const items = Object.fromEntries(dataset.flowSkuIds.slice(0, 3).map((sku) => [sku, 1]));
  await sellCart(call, dataset, items, `capture-${process.pid}-${Date.now().toString(36)}@bench.example.com`, () => false);
  return answers as Record<Step, Buffer>;
}

export interface FlowDriverOptions {
  /** `http://127.0.0.1:PORT` */
  base: string;
  dataset: FlowDataset;
  connections: number;
  /** Names the run in errors. */
  label: string;
  /** The buyers wait for `resume` before their first flow. */
  paused?: boolean;
}

/** Buyers looping over the flow until stopped; `measure` counts what completes within a window. */
export interface FlowDriver {
  /** Lets the buyers run for `seconds` (a warm-up); throws when any answer failed. */
  warmUp(seconds: number): Promise<void>;
  /** Records the flows and answers that end within the next `seconds`. Throws when any answer failed (or no flow completed). */
  measure(seconds: number, label: string): Promise<FlowResult>;
  /** No buyer starts another flow; waits for the flows under way to end. */
  pause(): Promise<void>;
  /** The buyers go on after a pause. */
  resume(): void;
  /** No buyer starts another request; waits for the ones under way. */
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  text: string;
}

interface Window {
  start: number;
  end: number;
  flowMillis: number[];
  stepMillis: Record<Step, number[]>;
  requests: number;
}

/**
 * Starts the buyers. They run until `stop`, through every window: a window (a warm-up, a round)
 * counts the flows completing in it, whenever they started, so with many buyers and long flows a
 * round does not begin empty and end with flows cut off.
 */
export function startCheckoutFlow(options: FlowDriverOptions): FlowDriver {
  const { base, dataset, connections, label } = options;
  const skus = dataset.flowSkuIds;
  if (skus.length < 3) throw new Error(`${label}: the dataset has ${skus.length} flow skus; a cart needs 3`);
  const headers = { 'channel-key': dataset.channelKey, 'content-type': 'application/json', accept: 'application/json' };

  const agent = new Agent({ keepAlive: true, maxSockets: connections });

  /** One request and its whole answer, failing after REQUEST_TIMEOUT_MS. */
  function send(method: string, path: string, body: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const outgoing = request(base + path, { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) }, timeout: REQUEST_TIMEOUT_MS }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, text }));
        incoming.on('error', reject);
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  let window: Window | undefined;
  let stopped = false;
  let failures = 0;
  let completed = 0;
  const failed: string[] = [];
  const failedBy = new Map<string, number>();
  // Unique per process and run: every flow's buyer is a new guest, so no two buyers race for one email.
  const runTag = `${process.pid}-${Date.now().toString(36)}`;

  const within = (at: number) => window !== undefined && at >= window.start && at < window.end;

  /** One request; its answer's JSON, or a FlowFailure. Counted and timed when it ends within the window. */
  async function call(step: Step, { method, path, body }: FlowRequest): Promise<any> {
    const expected = FLOW_ROUTES[step].status;
    const at = performance.now();
    let response: Answer;
    try {
      response = await send(method, path, JSON.stringify(body));
    } catch (error) {
      throw new FlowFailure(`${step}: ${method} ${path}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
    const { status, text } = response;
    const end = performance.now();
    if (status !== expected) {
      throw new FlowFailure(`${step}: ${method} ${path} answered ${status} (expected ${expected}): ${text.slice(0, 400)}`);
    }
    if (within(end)) {
      window!.requests++;
      window!.stepMillis[step].push(end - at);
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

    if (!(await sellCart(call, dataset, items, `buyer-${runTag}-${buyer}-${n}@bench.example.com`, () => stopped))) return;
    const end = performance.now();
    completed++;
    if (within(end)) window!.flowMillis.push(end - at);
  }

  // While paused, each buyer waits at the gate between two flows; the last one to arrive says so.
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  let waiting = 0;
  let allWaiting: (() => void) | undefined;
  const closeGate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    gate = { opened, open };
  };
  if (options.paused) closeGate();

  async function buyer(index: number): Promise<void> {
    for (let n = 0; !stopped; n++) {
      while (gate && !stopped) {
        waiting++;
        if (waiting === connections) allWaiting?.();
        await gate.opened;
        waiting--;
      }
      if (stopped) break;
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

  let crash: unknown;
  const buyers = Promise.all(Array.from({ length: connections }, (_, i) => buyer(i))).then(
    () => undefined,
    (error: unknown) => {
      crash = error;
      stopped = true;
    },
  );

  function throwFailures(name: string): void {
    if (crash !== undefined) throw crash;
    if (failures > 0) {
      const kinds = [...failedBy].map(([kind, count]) => `  ${count} × ${kind}`).join('\n');
      throw new Error(`${name}: ${failures} flow(s) failed (${completed} completed since the start):\n${kinds}\nFirst failures:\n${failed.map((f) => `  - ${f}`).join('\n')}`);
    }
  }

  return {
    async warmUp(seconds) {
      await new Promise((r) => setTimeout(r, seconds * 1000));
      throwFailures(`${label} warm-up`);
    },
    async measure(seconds, windowLabel) {
      const start = performance.now();
      const current: Window = {
        start,
        end: start + seconds * 1000,
        flowMillis: [],
        stepMillis: { cart: [], checkout: [], update: [], methods: [], payment: [] },
        requests: 0,
      };
      window = current;
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const name = `${label} ${windowLabel}`;
      throwFailures(name);
      if (current.flowMillis.length === 0) {
        throw new Error(`${name}: no flow completed within ${seconds} s (${current.requests} answers): with ${connections} buyers a flow takes longer; try a longer --duration`);
      }
      const steps = Object.fromEntries(STEPS.map((s) => [s, percentiles(current.stepMillis[s])])) as Record<Step, Percentiles>;
      return {
        flows: current.flowMillis.length,
        seconds,
        flowsPerSecond: current.flowMillis.length / seconds,
        requests: current.requests,
        requestsPerSecond: current.requests / seconds,
        flow: percentiles(current.flowMillis),
        steps,
      };
    },
    async pause() {
      if (!gate) closeGate();
      if (waiting < connections) await Promise.race([new Promise<void>((resolve) => (allWaiting = resolve)), buyers]);
      allWaiting = undefined;
      throwFailures(`${label} pause`);
    },
    resume() {
      const closed = gate;
      gate = undefined;
      closed?.open();
    },
    async stop() {
      stopped = true;
      window = undefined;
      gate?.open();
      await buyers;
      agent.destroy();
    },
  };
}

/** Runs the buyers for one window of `seconds`, from a standing start. Throws when any answer was not 2xx (or no flow completed). */
export async function runCheckoutFlow(options: FlowOptions): Promise<FlowResult> {
  const driver = startCheckoutFlow(options);
  try {
    return await driver.measure(options.seconds, 'run');
  } finally {
    await driver.stop();
  }
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
