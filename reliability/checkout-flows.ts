/**
 * The checkout flow of every reliability script: the requests of bench/checkout-flow.ts (`flowRequests`),
 * made to survive a server or a database that goes away under them. Each flow is a small state
 * machine (cart → checkout → address → methods → [a declined payment] → payment) that stops at the
 * step whose request got no answer (or a 503) and can resume from it later, as a storefront retrying
 * after a restart would.
 *
 * Unlike the benchmark's buyers, these run into every expected failure: some carts hold a scarce sku
 * (409 out_of_stock when creating the cart, or at the payment: before the charge, or at placement
 * after it, when the payment is given back), some pay with a declined card first (402, then a good
 * one), some pay through a gateway that only authorizes. With `idempotencyKeys`, the cart and the
 * payments carry an Idempotency-Key, so a retry after a lost answer replays it rather than running it
 * twice.
 *
 * The buyers of the crash, shutdown and soak runs (`startBuyers`) stop at the first request without
 * an answer; the users of reliability/storefront-load.ts run a flow as one of their actions.
 */
import { flowRequests, type FlowRequest } from '../bench/checkout-flow.js';
import { CARDS } from '../test/helpers/buyer.js';
import { expectStatus, NetworkError, problemCode, send, throwIfUnavailable, type Endpoint, type Traffic } from './client.js';
import type { Store } from './store.js';

export type StepName = 'cart' | 'checkout' | 'address' | 'methods' | 'decline' | 'payment';

/**
 * What each step answers when it succeeds, whether it may refuse out_of_stock (the server checks the
 * stock when a cart is made and when an order is paid), and whether it carries an Idempotency-Key.
 */
const STEPS: Record<StepName, { status: number; outOfStock: boolean; keyed: boolean }> = {
  cart: { status: 201, outOfStock: true, keyed: true },
  checkout: { status: 200, outOfStock: false, keyed: false },
  address: { status: 200, outOfStock: false, keyed: false },
  methods: { status: 200, outOfStock: false, keyed: false },
  decline: { status: 402, outOfStock: true, keyed: true },
  payment: { status: 200, outOfStock: true, keyed: true },
};

export interface Flow {
  tag: string;
  items: Record<string, number>;
  gatewayId: string;
  /** Financial status the placed order must have: paid (charge) or authorized (authorize only). */
  expectedFinancial: 'paid' | 'authorized';
  declineFirst: boolean;
  /** Whether the cart and the payments carry an Idempotency-Key. */
  idempotencyKeys: boolean;
  next: StepName | 'done';
  cartId?: string;
  orderId?: string;
  outcome?: 'placed' | 'out_of_stock' | 'failed';
  /** The step that answered out_of_stock. */
  outOfStockAt?: StepName;
  /** A request of the flow ran but its answer was lost: its retry was a replay, or found the order placed. */
  answerLost?: boolean;
  /** Requests of this flow that got no answer. */
  interrupted: number;
}

export interface FlowMix {
  /** The charging gateway (the data set's) and one that only authorizes. */
  chargeGatewayId: string;
  authorizeGatewayId?: string;
  /** Share of carts holding one scarce sku. */
  scarceShare: number;
  /** Share of flows paying with a declined card first. */
  declineShare: number;
  /** Share of flows paying through the authorizing gateway. */
  authorizeShare: number;
  /** The cart's items; by default a scarce sku (`scarceShare` of the carts) and plentiful ones, three lines. */
  items?: (random: () => number) => Record<string, number>;
  /** Whether the cart and the payments carry an Idempotency-Key (for flows resumed after a lost answer). */
  idempotencyKeys: boolean;
}

/**
 * The buyers of the crash, shutdown and soak runs: `scarceShare` of the carts hold a scarce sku, 10 %
 * pay with a declined card first, 25 % through the authorizing gateway; flows are resumed after a
 * lost answer, so they carry idempotency keys.
 */
export function resumableMix(store: Store, authorizeGatewayId: string, scarceShare: number): FlowMix {
  return { chargeGatewayId: store.dataset.gatewayId, authorizeGatewayId, scarceShare, declineShare: 0.1, authorizeShare: 0.25, idempotencyKeys: true };
}

const pick = <T>(list: T[], random: () => number): T => list[Math.floor(random() * list.length)]!;

export function newFlow(store: Store, mix: FlowMix, tag: string, random: () => number = Math.random): Flow {
  let items = mix.items?.(random);
  if (!items) {
    items = {};
    const scarce = store.scarceSkuIds.length > 0 && random() < mix.scarceShare;
    if (scarce) items[pick(store.scarceSkuIds, random)] = 1 + Math.floor(random() * 2);
    while (Object.keys(items).length < 3) {
      const sku = pick(store.plentySkuIds, random);
      if (!(sku in items)) items[sku] = 1 + Math.floor(random() * 2);
    }
  }
  const authorize = mix.authorizeGatewayId !== undefined && random() < mix.authorizeShare;
  return {
    tag,
    items,
    gatewayId: authorize ? mix.authorizeGatewayId! : mix.chargeGatewayId,
    expectedFinancial: authorize ? 'authorized' : 'paid',
    declineFirst: mix.declineShare > 0 && random() < mix.declineShare,
    idempotencyKeys: mix.idempotencyKeys,
    next: 'cart',
    interrupted: 0,
  };
}

/** The buyer's email: staff search orders by it (reliability/mixed-load.ts). */
export const buyerEmail = (flow: Flow) => `${flow.tag}@reliability.example.com`;

function requestOf(store: Store, flow: Flow, step: StepName): FlowRequest {
  switch (step) {
    case 'cart': return flowRequests.cart(flow.items);
    case 'checkout': return flowRequests.checkout(flow.cartId!);
    case 'address': return flowRequests.update(flow.orderId!, buyerEmail(flow));
    case 'methods': return flowRequests.methods(flow.orderId!, store.dataset.shippingRateId, flow.gatewayId);
    case 'decline': return flowRequests.payment(flow.orderId!, CARDS.declined);
    case 'payment': return flowRequests.payment(flow.orderId!, CARDS.good);
  }
}

function end(flow: Flow, outcome: NonNullable<Flow['outcome']>): void {
  flow.outcome = outcome;
  flow.next = 'done';
}

/**
 * Runs the flow's next step and moves it on (or ends it). A request without an answer (or a 503)
 * throws a NetworkError and leaves the flow at that step, to be resumed. An answer the step does not
 * expect is a finding and ends the flow `failed`. `recovering`: the step may be a retry of one whose
 * answer was lost, so a payment refused because the order is already placed is that payment's own
 * success.
 */
export async function runStep(traffic: Traffic, endpoint: Endpoint, store: Store, flow: Flow, recovering = false): Promise<void> {
  const step = flow.next;
  if (step === 'done') return;
  const label = `${step} (${flow.tag})`;
  const expected = STEPS[step];
  const { method, path, body } = requestOf(store, flow, step);
  const key: Record<string, string> = flow.idempotencyKeys && expected.keyed ? { 'idempotency-key': `${flow.tag}-${step}` } : {};
  const answer = await send(traffic, endpoint, method, path, body, key, `flow/${step}`);
  throwIfUnavailable(answer, label);
  if (recovering && answer.headers.get('idempotent-replayed') === 'true') flow.answerLost = true;
  if (expected.outOfStock && answer.status === 409 && problemCode(answer) === 'out_of_stock') {
    flow.outOfStockAt = step;
    return end(flow, 'out_of_stock');
  }
  if (step === 'payment' && recovering && answer.status === 409 && problemCode(answer) === 'invalid_state') {
    // The payment ran before the kill and its answer was lost: the order must be placed.
    const order = await send(traffic, endpoint, 'GET', `/v1/checkouts/${flow.orderId}`, undefined, {}, 'checkout read');
    if (order.status === 200 && order.body.data.status === 'placed') {
      flow.answerLost = true;
      return end(flow, 'placed');
    }
    traffic.unexpected(answer, `${label}: the retried payment answered ${answer.text.slice(0, 200)}, but the order is ${order.body?.data?.status ?? order.status}`);
    return end(flow, 'failed');
  }
  if (!expectStatus(traffic, answer, label, [expected.status])) return end(flow, 'failed');

  switch (step) {
    case 'cart':
      flow.cartId = answer.body.data.id;
      flow.next = 'checkout';
      return;
    case 'checkout':
      flow.orderId = answer.body.data.id;
      flow.next = 'address';
      return;
    case 'address':
      flow.next = 'methods';
      return;
    case 'methods':
      flow.next = flow.declineFirst ? 'decline' : 'payment';
      return;
    case 'decline':
      flow.next = 'payment';
      return;
    case 'payment': {
      const placed = answer.body.data;
      if (placed?.status !== 'placed' || placed?.financial_status !== flow.expectedFinancial) {
        traffic.unexpected(answer, `${label}: the payment answered 200 but the order is ${placed?.status} / ${placed?.financial_status}, not placed / ${flow.expectedFinancial}`);
        return end(flow, 'failed');
      }
      return end(flow, 'placed');
    }
  }
}

/** Buyers looping over new flows until stopped. */
export interface Buyers {
  /** Flows that ended (placed, out of stock or failed). */
  readonly finished: Flow[];
  /** No buyer starts another request; waits for the ones under way; the flows left unfinished. */
  stop(): Promise<Flow[]>;
  /** Resolves when every buyer has stopped by itself (each after a request without an answer). */
  readonly ended: Promise<void>;
  /** The requests that got no answer (or a 503), each of which stopped its buyer. */
  readonly cut: NetworkError[];
}

let runCounter = 0;

/**
 * Starts `count` buyers. A buyer whose request gets no answer (or a 503) leaves its flow unfinished
 * and stops: there is no server to talk to. `stop` stops them all at once.
 */
export function startBuyers(traffic: Traffic, endpoint: Endpoint, store: Store, mix: FlowMix, count: number): Buyers {
  const runTag = `r${process.pid.toString(36)}${Date.now().toString(36)}${(runCounter++).toString(36)}`;
  const finished: Flow[] = [];
  const unfinished: Flow[] = [];
  const cut: NetworkError[] = [];
  let stopped = false;

  async function buyer(index: number): Promise<void> {
    for (let n = 0; !stopped; n++) {
      const flow = newFlow(store, mix, `${runTag}-${index}-${n}`);
      while (flow.next !== 'done') {
        if (stopped) {
          unfinished.push(flow);
          return;
        }
        try {
          await runStep(traffic, endpoint, store, flow);
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          flow.interrupted++;
          cut.push(error);
          unfinished.push(flow);
          return;
        }
      }
      finished.push(flow);
    }
  }

  const ended = Promise.all(Array.from({ length: count }, (_, i) => buyer(i))).then(() => undefined);
  return {
    finished,
    ended,
    cut,
    async stop() {
      stopped = true;
      await ended;
      return unfinished;
    },
  };
}

/**
 * Takes unfinished flows to their end against a server that must answer every request now,
 * `concurrency` at a time. A request without an answer is a finding.
 */
export async function resumeFlows(traffic: Traffic, endpoint: Endpoint, store: Store, flows: Flow[], concurrency = 4): Promise<void> {
  const queue = [...flows];
  async function worker(): Promise<void> {
    for (let flow = queue.shift(); flow; flow = queue.shift()) {
      while (flow.next !== 'done') {
        try {
          await runStep(traffic, endpoint, store, flow, true);
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          traffic.finding(`resuming ${flow.tag} at ${flow.next}: ${error.message}`);
          end(flow, 'failed');
        }
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
}

/** Flows by outcome: `placed 120 (lost answers 2) · out_of_stock 14 (cart 9, payment 5) · failed 0`. */
export function outcomes(flows: Flow[]): { placed: number; lostAnswers: number; outOfStock: Record<string, number>; failed: number } {
  const outOfStock: Record<string, number> = {};
  let placed = 0;
  let lostAnswers = 0;
  let failed = 0;
  for (const flow of flows) {
    if (flow.outcome === 'placed') {
      placed++;
      if (flow.answerLost) lostAnswers++;
    } else if (flow.outcome === 'out_of_stock') {
      outOfStock[flow.outOfStockAt!] = (outOfStock[flow.outOfStockAt!] ?? 0) + 1;
    } else if (flow.outcome === 'failed') {
      failed++;
    }
  }
  return { placed, lostAnswers, outOfStock, failed };
}
