/**
 * Buyers on the checkout flow of bench/checkout-flow.ts, made to survive a server that dies under
 * them: each flow is a small state machine (cart → checkout → update → methods → [a declined
 * payment] → payment) that stops at the step whose request got no answer and resumes from it later,
 * as a storefront retrying after a restart would.
 *
 * Unlike the benchmark's buyers, these run into every expected failure: some carts hold a scarce
 * sku (409 out_of_stock when creating the cart, before the charge, or at placement after it, when
 * the payment is given back), some pay with a declined card first (402, then a good one), some pay
 * through a gateway that only authorizes. The cart and the payments carry an Idempotency-Key, so a
 * retry after a lost answer replays it rather than running it twice.
 */
import { expectStatus, NetworkError, problemCode, send, type Answer, type Endpoint, type Traffic } from './client.js';
import type { Store } from './harness.js';

export type StepName = 'cart' | 'checkout' | 'update' | 'methods' | 'decline' | 'payment';

const ADDRESS_FOR_FLOWS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '1 Main Street',
  city: 'New York',
  postcode: '10001',
  country_code: 'US',
  state_code: 'NY',
  phone: '+1 555 0100',
} as const;

const CARDS = { good: '4242424242424242', declined: '4000000000000002' } as const;

export interface Flow {
  tag: string;
  items: Record<string, number>;
  gatewayId: string;
  /** Financial status the placed order must have: paid (charge) or authorized (authorize only). */
  expectedFinancial: 'paid' | 'authorized';
  declineFirst: boolean;
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
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

export function newFlow(store: Store, mix: FlowMix, tag: string): Flow {
  const items: Record<string, number> = {};
  const scarce = store.scarceSkuIds.length > 0 && Math.random() < mix.scarceShare;
  if (scarce) items[pick(store.scarceSkuIds)] = 1 + Math.floor(Math.random() * 2);
  while (Object.keys(items).length < 3) {
    const sku = pick(store.plentySkuIds);
    if (!(sku in items)) items[sku] = 1 + Math.floor(Math.random() * 2);
  }
  const authorize = mix.authorizeGatewayId !== undefined && Math.random() < mix.authorizeShare;
  return {
    tag,
    items,
    gatewayId: authorize ? mix.authorizeGatewayId! : mix.chargeGatewayId,
    expectedFinancial: authorize ? 'authorized' : 'paid',
    declineFirst: Math.random() < mix.declineShare,
    next: 'cart',
    interrupted: 0,
  };
}

/** A 503 (a server shutting down) stops the flow like a refused connection: the step is to be retried. */
export class ServiceUnavailable extends NetworkError {}

function unavailable(answer: Answer, label: string): void {
  if (answer.status === 503) throw new ServiceUnavailable('503', `${label}: 503 ${answer.text.slice(0, 100)}`, answer.startedAt, answer.endedAt);
}

/**
 * Runs the flow's next step and moves it on (or ends it). A request without an answer (or a 503)
 * throws a NetworkError and leaves the flow at that step, to be resumed. `recovering`: the step may
 * be a retry of one whose answer was lost, so a payment refused because the order is already placed
 * is that payment's own success.
 */
export async function runStep(traffic: Traffic, endpoint: Endpoint, store: Store, flow: Flow, recovering = false): Promise<void> {
  const step = flow.next;
  if (step === 'done') return;
  const label = `${step} (${flow.tag})`;
  const fail = () => {
    flow.outcome = 'failed';
    flow.next = 'done';
  };
  const outOfStock = () => {
    flow.outcome = 'out_of_stock';
    flow.outOfStockAt = step;
    flow.next = 'done';
  };
  const key = (name: string) => ({ 'idempotency-key': `${flow.tag}-${name}` });

  switch (step) {
    case 'cart': {
      const answer = await send(traffic, endpoint, 'POST', '/v1/carts', { items: flow.items }, key('cart'), 'cart');
      unavailable(answer, label);
      if (recovering && answer.headers.get('idempotent-replayed') === 'true') flow.answerLost = true;
      if (answer.status === 409 && problemCode(answer) === 'out_of_stock') return outOfStock();
      if (!expectStatus(traffic, answer, label, [201])) return fail();
      flow.cartId = answer.body.data.id;
      flow.next = 'checkout';
      return;
    }
    case 'checkout': {
      const answer = await send(traffic, endpoint, 'POST', `/v1/carts/${flow.cartId}/checkout`, {}, {}, 'checkout');
      unavailable(answer, label);
      if (!expectStatus(traffic, answer, label, [200])) return fail();
      flow.orderId = answer.body.data.id;
      flow.next = 'update';
      return;
    }
    case 'update': {
      const answer = await send(traffic, endpoint, 'PUT', `/v1/checkouts/${flow.orderId}`, {
        customer: { email: `${flow.tag}@reliability.example.com`, first_name: 'Ada', last_name: 'Lovelace' },
        shipping: ADDRESS_FOR_FLOWS,
      }, {}, 'update');
      unavailable(answer, label);
      if (!expectStatus(traffic, answer, label, [200])) return fail();
      flow.next = 'methods';
      return;
    }
    case 'methods': {
      const answer = await send(traffic, endpoint, 'POST', `/v1/checkouts/${flow.orderId}/methods`, {
        shipping: { method: store.dataset.shippingRateId },
        payment: { gateway: flow.gatewayId },
      }, {}, 'methods');
      unavailable(answer, label);
      if (!expectStatus(traffic, answer, label, [200])) return fail();
      flow.next = flow.declineFirst ? 'decline' : 'payment';
      return;
    }
    case 'decline': {
      const answer = await send(traffic, endpoint, 'POST', `/v1/checkouts/${flow.orderId}/payment`, {
        payment: { method: 'card', card_number: CARDS.declined },
      }, key('decline'), 'decline');
      unavailable(answer, label);
      if (recovering && answer.headers.get('idempotent-replayed') === 'true') flow.answerLost = true;
      if (answer.status === 409 && problemCode(answer) === 'out_of_stock') return outOfStock();
      if (!expectStatus(traffic, answer, label, [402])) return fail();
      flow.next = 'payment';
      return;
    }
    case 'payment': {
      const answer = await send(traffic, endpoint, 'POST', `/v1/checkouts/${flow.orderId}/payment`, {
        payment: { method: 'card', card_number: CARDS.good },
      }, key('payment'), 'payment');
      unavailable(answer, label);
      if (recovering && answer.headers.get('idempotent-replayed') === 'true') flow.answerLost = true;
      if (answer.status === 409 && problemCode(answer) === 'out_of_stock') return outOfStock();
      if (recovering && answer.status === 409 && problemCode(answer) === 'invalid_state') {
        // The payment ran before the kill and its answer was lost: the order must be placed.
        const order = await send(traffic, endpoint, 'GET', `/v1/checkouts/${flow.orderId}`, undefined, {}, 'checkout read');
        if (order.status === 200 && order.body.data.status === 'placed') {
          flow.outcome = 'placed';
          flow.answerLost = true;
          flow.next = 'done';
          return;
        }
        traffic.finding(`${label}: the retried payment answered ${answer.text.slice(0, 200)}, but the order is ${order.body?.data?.status ?? order.status}`);
        return fail();
      }
      if (!expectStatus(traffic, answer, label, [200])) return fail();
      const placed = answer.body.data;
      if (placed?.status !== 'placed' || placed?.financial_status !== flow.expectedFinancial) {
        traffic.finding(`${label}: the payment answered 200 but the order is ${placed?.status} / ${placed?.financial_status}, not placed / ${flow.expectedFinancial}`);
        return fail();
      }
      flow.outcome = 'placed';
      flow.next = 'done';
      return;
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
          flow.outcome = 'failed';
          flow.next = 'done';
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
