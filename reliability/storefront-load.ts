/**
 * A small, moderate load for the reliability runs: C virtual users against one or more API
 * processes (each user takes the next base in turn for each action), every answer recorded for the
 * run to judge afterwards. Unlike bench/checkout-flow.ts (which measures throughput and fails on any
 * non-2xx), the answers a run expects are part of each step: a checkout flow on scarce stock may be
 * refused with 409 `out_of_stock` at the cart, the checkout or the payment, and then ends there.
 *
 * Actions, picked by weight:
 * - `flow`: the five requests of a guest checkout (cart → checkout → address → methods → payment),
 *   items chosen by the run (`flowItems`); the payment must answer a placed, paid order;
 * - `cart`: a cart on plentiful skus changed twice (`PUT /v1/carts/{id}`: a quantity set, an item
 *   added and one removed), then read;
 * - `read`: the storefront's catalogue reads (a sku, a page of products);
 * - `admin`: staff reads (the latest orders).
 *
 * Every request has a client timeout: an answer that does not come within it is recorded as a hang.
 * A flow stops at the first answer that is not a success (a 503 while the database is away leaves
 * the rest of it undone, as a shopper's browser would).
 */

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

/** One request and what became of it. Times are `performance.now()` milliseconds. */
export interface Answer {
  action: Action;
  step: string;
  /** What the run's `tag` said when the request was sent (the phase of the run). */
  tag: string;
  method: string;
  path: string;
  base: string;
  startedAt: number;
  endedAt: number;
  /** The HTTP status; null when no answer came (see `failure`). */
  status: number | null;
  /** `timeout`: no answer within the client timeout (a hang); `network`: the connection failed. */
  failure?: 'timeout' | 'network';
  error?: string;
  contentType: string;
  /** A problem body's `code`. */
  code?: string;
  /** Whether the answer is one this step expects while everything is up (a success, or out_of_stock where stock may run out). */
  expected: boolean;
  /** The start of the body of an answer that was not expected, for the report. */
  sample?: string;
}

export type Action = 'flow' | 'cart' | 'read' | 'admin';

export interface LoadOptions {
  bases: string[];
  channelKey: string;
  adminKey: string;
  connections: number;
  /** Client timeout of every request: longer is a hang. */
  timeoutMs: number;
  /** Relative weights of the actions. */
  mix: Partial<Record<Action, number>>;
  /** The items of a checkout flow's cart (sku id → quantity). */
  flowItems: (random: () => number) => Record<string, number>;
  /** Skus whose stock never runs out: carts that are changed, catalogue reads. */
  plentySkus: string[];
  shippingRateId: string;
  gatewayId: string;
  /** A pause between a user's actions, so the load stays moderate on a shared machine. */
  thinkMs?: number;
  /** Tags every answer (the phase of the run it started in); `''` by default. */
  tag?: () => string;
}

export interface Load {
  /** Every answer so far, in the order they ended. */
  answers: Answer[];
  /** Flows that ended with a placed, paid order. */
  placed(): number;
  /** Users start no new request; resolves once the ones under way have answered (or timed out). */
  stop(): Promise<void>;
}

class StepFailed extends Error {}

/** The next value of a small seeded PRNG (mulberry32), so each user's choices are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Starts the users; they run until `stop`. */
export function startLoad(options: LoadOptions): Load {
  const answers: Answer[] = [];
  let stopped = false;
  let placed = 0;
  let turn = 0;
  const runTag = `${process.pid}-${Date.now().toString(36)}`;
  const weights = Object.entries(options.mix).filter(([, weight]) => (weight ?? 0) > 0) as Array<[Action, number]>;
  const totalWeight = weights.reduce((sum, [, weight]) => sum + weight, 0);
  if (totalWeight === 0) throw new Error('the load mix has no action');

  /** One request. Returns the parsed body when the status is one of `ok`; throws StepFailed otherwise. */
  async function call(
    action: Action,
    step: string,
    base: string,
    method: string,
    path: string,
    body: unknown,
    credential: 'channel' | 'admin',
    ok: number[],
    alsoExpected: string[] = [],
  ): Promise<any> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (credential === 'channel') headers['channel-key'] = options.channelKey;
    else headers.authorization = `Bearer ${options.adminKey}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const startedAt = performance.now();
    const answer: Answer = { action, step, tag: options.tag?.() ?? '', method, path, base, startedAt, endedAt: startedAt, status: null, contentType: '', expected: false };
    let text = '';
    try {
      const response = await fetch(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
      answer.status = response.status;
      answer.contentType = response.headers.get('content-type') ?? '';
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      answer.failure = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network';
      answer.error = error instanceof Error ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
    }
    answer.endedAt = performance.now();
    let parsed: any;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (answer.status !== null && answer.status >= 400 && typeof parsed?.code === 'string') answer.code = parsed.code;
    const success = answer.status !== null && ok.includes(answer.status);
    const tolerated = answer.status === 409 && answer.code !== undefined && alsoExpected.includes(answer.code);
    answer.expected = success || tolerated;
    if (!answer.expected) answer.sample = (answer.error ?? text).slice(0, 300);
    answers.push(answer);
    // A server that refuses connections, or says to retry later, is not hammered: its user waits a little.
    if (answer.failure === 'network') await new Promise((resolve) => setTimeout(resolve, 250));
    else if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
    if (!success) throw new StepFailed(step);
    return parsed;
  }

  const nextBase = () => options.bases[turn++ % options.bases.length]!;

  async function flow(user: number, n: number, random: () => number): Promise<void> {
    const base = nextBase();
    const items = options.flowItems(random);
    const scarce = ['out_of_stock'];
    const cart = await call('flow', 'cart', base, 'POST', '/v1/carts', { items }, 'channel', [201], scarce);
    if (stopped) return;
    const checkout = await call('flow', 'checkout', base, 'POST', `/v1/carts/${cart.data.id}/checkout`, {}, 'channel', [200], scarce);
    const orderId: string = checkout.data.id;
    if (stopped) return;
    await call('flow', 'address', base, 'PUT', `/v1/checkouts/${orderId}`, {
      customer: { email: `buyer-${runTag}-${user}-${n}@reliability.example.com`, first_name: 'Ada', last_name: 'Lovelace' },
      shipping: ADDRESS,
    }, 'channel', [200]);
    if (stopped) return;
    await call('flow', 'methods', base, 'POST', `/v1/checkouts/${orderId}/methods`, {
      shipping: { method: options.shippingRateId },
      payment: { gateway: options.gatewayId },
    }, 'channel', [200], scarce);
    if (stopped) return;
    const paid = await call('flow', 'payment', base, 'POST', `/v1/checkouts/${orderId}/payment`, {
      payment: { method: 'card', card_number: '4242424242424242' },
    }, 'channel', [200], scarce);
    if (paid.data?.status !== 'placed' || paid.data?.financial_status !== 'paid') {
      const last = answers[answers.length - 1]!;
      last.expected = false;
      last.sample = `order ${orderId} is ${paid.data?.status} / ${paid.data?.financial_status}, not placed / paid`;
      return;
    }
    placed++;
  }

  const plenty = (random: () => number) => options.plentySkus[Math.floor(random() * options.plentySkus.length)]!;

  async function changeCart(random: () => number): Promise<void> {
    const base = nextBase();
    const [a, b, c] = [plenty(random), plenty(random), plenty(random)];
    const cart = await call('cart', 'cart', base, 'POST', '/v1/carts', { items: { [a]: 1 } }, 'channel', [201]);
    const id: string = cart.data.id;
    if (stopped) return;
    await call('cart', 'cart-update', base, 'PUT', `/v1/carts/${id}`, { items: { [a]: 3, [b]: 1 } }, 'channel', [200]);
    if (stopped) return;
    // An item removed (0) and another added in one change; `a` and `b` may be the same sku.
    await call('cart', 'cart-update', base, 'PUT', `/v1/carts/${id}`, { items: { [b]: 0, [c]: 2 } }, 'channel', [200]);
    if (stopped) return;
    await call('cart', 'cart-read', base, 'GET', `/v1/carts/${id}`, undefined, 'channel', [200]);
  }

  async function read(random: () => number): Promise<void> {
    const base = nextBase();
    await call('read', 'sku', base, 'GET', `/v1/skus/${plenty(random)}`, undefined, 'channel', [200]);
    if (stopped) return;
    await call('read', 'products', base, 'GET', `/v1/products?per_page=10&page=${1 + Math.floor(random() * 5)}`, undefined, 'channel', [200]);
  }

  async function adminRead(): Promise<void> {
    await call('admin', 'orders', nextBase(), 'GET', '/v1/orders?per_page=5', undefined, 'admin', [200]);
  }

  async function user(index: number): Promise<void> {
    const random = seeded(1_000 + index);
    for (let n = 0; !stopped; n++) {
      let pick = random() * totalWeight;
      const action = weights.find(([, weight]) => (pick -= weight) < 0)?.[0] ?? weights[0]![0];
      try {
        if (action === 'flow') await flow(index, n, random);
        else if (action === 'cart') await changeCart(random);
        else if (action === 'read') await read(random);
        else await adminRead();
      } catch (error) {
        if (!(error instanceof StepFailed)) throw error;
      }
      if (options.thinkMs) await new Promise((resolve) => setTimeout(resolve, options.thinkMs));
    }
  }

  const users = Promise.all(Array.from({ length: options.connections }, (_, i) => user(i)));
  return {
    answers,
    placed: () => placed,
    async stop() {
      stopped = true;
      await users;
    },
  };
}

/** Answers grouped `step status[ code]` → count, for a summary. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.action}/${a.step} ${a.failure ?? a.status}${a.code ? ` ${a.code}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([x], [y]) => x.localeCompare(y)));
}

/** A line for the report about one answer. */
export function describeAnswer(a: Answer): string {
  const what = a.failure ? `${a.failure} after ${Math.round(a.endedAt - a.startedAt)} ms` : `${a.status}${a.code ? ` ${a.code}` : ''} in ${Math.round(a.endedAt - a.startedAt)} ms`;
  return `${a.method} ${a.base}${a.path} (${a.action}/${a.step}): ${what}${a.sample ? `: ${a.sample.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`;
}
