/**
 * A small, moderate load for the scale-out and db-trouble runs: C virtual users against one or more
 * API processes (each user takes the next base in turn for each action), every request recorded
 * (reliability/client.ts) for the run to judge afterwards. Unlike bench/checkout-flow.ts (which
 * measures throughput and fails on any non-2xx), the answers a run expects are part of each step.
 *
 * Actions, picked by weight:
 * - `flow`: a guest checkout (reliability/checkout-flows.ts: cart → checkout → address → methods →
 *   payment) on the items the run chooses (`flowItems`), without idempotency keys; the payment must
 *   answer a placed, paid order; on scarce stock it may be refused with 409 `out_of_stock` at the
 *   cart or the payment, and then ends there;
 * - `cart`: a cart on plentiful skus changed twice (`PUT /v1/carts/{id}`: a quantity set, an item
 *   added and one removed), then read;
 * - `read`: the storefront's catalogue reads (a sku, a page of products);
 * - `admin`: staff reads (the latest orders).
 *
 * Every request has a client timeout: an answer that does not come within it is recorded as a hang.
 * An action stops at the first answer that is not a success (a 503 while the database is away leaves
 * the rest of it undone, as a shopper's browser would), and its user carries on with the next one.
 */
import { prng } from '../bench/dataset.js';
import { newFlow, runStep, type FlowMix } from './checkout-flows.js';
import { endpointsOf, expectStatus, NetworkError, send, ServiceUnavailable, throwIfUnavailable, Traffic, type Endpoint, type RequestRecord } from './client.js';
import { sleep } from './harness.js';
import type { Store } from './store.js';

export type Action = 'flow' | 'cart' | 'read' | 'admin';

export interface LoadOptions {
  bases: string[];
  store: Store;
  connections: number;
  /** Client timeout of every request: longer is a hang. */
  timeoutMs: number;
  /** Relative weights of the actions. */
  mix: Partial<Record<Action, number>>;
  /** The items of a checkout flow's cart (sku id → quantity). */
  flowItems: (random: () => number) => Record<string, number>;
  /** A pause between a user's actions, so the load stays moderate on a shared machine. */
  thinkMs?: number;
}

export interface Load {
  /** Every request so far, in the order they ended; labelled `action/step`. */
  answers: RequestRecord[];
  /** Flows that ended with a placed, paid order. */
  placed(): number;
  /** Users start no new request; resolves once the ones under way have answered (or timed out). */
  stop(): Promise<void>;
}

class StepFailed extends Error {}

/** Starts the users; they run until `stop`. */
export function startLoad(options: LoadOptions): Load {
  const { store } = options;
  const traffic = new Traffic({ keepRecords: true });
  const endpoints = options.bases.map((base) => endpointsOf(base, store.dataset, options.timeoutMs));
  const flowMix: FlowMix = {
    chargeGatewayId: store.dataset.gatewayId,
    scarceShare: 0,
    declineShare: 0,
    authorizeShare: 0,
    items: options.flowItems,
    idempotencyKeys: false,
  };
  let stopped = false;
  let placed = 0;
  let turn = 0;
  const runTag = `${process.pid}-${Date.now().toString(36)}`;
  const weights = Object.entries(options.mix).filter(([, weight]) => (weight ?? 0) > 0) as Array<[Action, number]>;
  const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
  if (totalWeight === 0) throw new Error('the load mix has no action');

  const next = () => endpoints[turn++ % endpoints.length]!;

  /** One request that must answer `ok`; its parsed body. Throws StepFailed on any other answer, a NetworkError on none (or a 503). */
  async function call(endpoint: Endpoint, label: string, method: string, path: string, body: unknown, ok: number): Promise<any> {
    const answer = await send(traffic, endpoint, method, path, body, {}, label);
    throwIfUnavailable(answer, label);
    if (!expectStatus(traffic, answer, label, [ok])) throw new StepFailed(label);
    return answer.body;
  }

  async function flow(user: number, n: number, random: () => number): Promise<void> {
    const { storefront } = next();
    const flow = newFlow(store, flowMix, `buyer-${runTag}-${user}-${n}`, random);
    while (flow.next !== 'done' && !stopped) await runStep(traffic, storefront, store, flow);
    if (flow.outcome === 'placed') placed++;
  }

  const plenty = (random: () => number) => store.plentySkuIds[Math.floor(random() * store.plentySkuIds.length)]!;

  async function changeCart(random: () => number): Promise<void> {
    const { storefront } = next();
    const [a, b, c] = [plenty(random), plenty(random), plenty(random)];
    const cart = await call(storefront, 'cart/cart', 'POST', '/v1/carts', { items: { [a]: 1 } }, 201);
    const id: string = cart.data.id;
    if (stopped) return;
    await call(storefront, 'cart/cart-update', 'PUT', `/v1/carts/${id}`, { items: { [a]: 3, [b]: 1 } }, 200);
    if (stopped) return;
    // An item removed (0) and another added in one change; `a` and `b` may be the same sku.
    await call(storefront, 'cart/cart-update', 'PUT', `/v1/carts/${id}`, { items: { [b]: 0, [c]: 2 } }, 200);
    if (stopped) return;
    await call(storefront, 'cart/cart-read', 'GET', `/v1/carts/${id}`, undefined, 200);
  }

  async function read(random: () => number): Promise<void> {
    const { storefront } = next();
    await call(storefront, 'read/sku', 'GET', `/v1/skus/${plenty(random)}`, undefined, 200);
    if (stopped) return;
    await call(storefront, 'read/products', 'GET', `/v1/products?per_page=10&page=${1 + Math.floor(random() * 5)}`, undefined, 200);
  }

  async function adminRead(): Promise<void> {
    await call(next().admin, 'admin/orders', 'GET', '/v1/orders?per_page=5', undefined, 200);
  }

  async function user(index: number): Promise<void> {
    const random = prng(1_000 + index);
    for (let n = 0; !stopped; n++) {
      let pick = random() * totalWeight;
      const action = weights.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? weights[0]![0];
      try {
        if (action === 'flow') await flow(index, n, random);
        else if (action === 'cart') await changeCart(random);
        else if (action === 'read') await read(random);
        else await adminRead();
      } catch (error) {
        // A server that refuses connections, or says to retry later, is not hammered: its user waits a little.
        if (error instanceof ServiceUnavailable) await sleep(100);
        else if (error instanceof NetworkError) await sleep(error.timedOut ? 0 : 250);
        else if (!(error instanceof StepFailed)) throw error;
      }
      if (options.thinkMs) await sleep(options.thinkMs);
    }
  }

  const users = Promise.all(Array.from({ length: options.connections }, (_, i) => user(i)));
  return {
    answers: traffic.records!,
    placed: () => placed,
    async stop() {
      stopped = true;
      await users;
    },
  };
}

/** Answers grouped `action/step status[ code]` → count, for a summary. */
export function tally(answers: RequestRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.label} ${a.failure ?? a.status}${a.code ? ` ${a.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([x], [y]) => x.localeCompare(y)));
}

/** A line for the report about one answer. */
export function describeAnswer(a: RequestRecord): string {
  const what = a.failure ? `${a.failure} after ${Math.round(a.endedAt - a.startedAt)} ms` : `${a.status}${a.code ? ` ${a.code}` : ''} in ${Math.round(a.endedAt - a.startedAt)} ms`;
  return `${a.method} ${a.base}${a.path} (${a.label}): ${what}${a.sample ? `: ${a.sample.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`;
}
