/**
 * Checks of the store's data after a load, a kill or a shutdown: the invariants of
 * test/helpers/invariants.ts (read straight from the database), and what the clients were told:
 * every placement acknowledged with a 200 is in the database with its events, every refused one is
 * not.
 */
import { assertInvariants, stockBaseline, type StockBaseline } from '../test/helpers/invariants.js';
import { send, type Endpoint, type Traffic } from './client.js';
import type { Flow } from './checkout-flows.js';
import type { Store } from './harness.js';

export type { StockBaseline };

// The invariants read only `db` and `kind` of their context.
type InvariantContext = Parameters<typeof assertInvariants>[0];
const contextOf = (store: Store) => ({ db: store.database.db, kind: store.kind }) as unknown as InvariantContext;

export function takeBaseline(store: Store): Promise<StockBaseline> {
  return stockBaseline(contextOf(store));
}

/** The rules assertInvariants finds broken (one line each); [] when they all hold. */
export async function brokenInvariants(store: Store, baseline?: StockBaseline): Promise<string[]> {
  try {
    await assertInvariants(contextOf(store), baseline);
    return [];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const lines = message.split('\n').filter((line) => line.startsWith('  - ')).map((line) => line.slice(4));
    return lines.length > 0 ? lines : [message];
  }
}

const CLAIM_LEFT = /^order (\S+): a payment claim \(payment_claimed_at \d+\) was left behind$/;
const KEY_IN_FLIGHT = /^idempotency key (\S+) of \S+ is still in flight$/;

/**
 * Splits the broken rules found right after a kill: a payment claim on the order of a flow whose
 * payment was under way, and an idempotency key of a request that was under way, are what a kill
 * leaves by design (both expire: a claim after 120 s, a key after 60 s); anything else is a
 * violation.
 */
export function splitKillLeftovers(broken: string[], interrupted: Flow[]): { leftovers: string[]; violations: string[] } {
  const paying = new Set(interrupted.filter((f) => (f.next === 'payment' || f.next === 'decline') && f.orderId).map((f) => f.orderId!));
  const keys = new Set(interrupted.filter((f) => f.next === 'cart' || f.next === 'payment' || f.next === 'decline').map((f) => `${f.tag}-${f.next}`));
  const leftovers: string[] = [];
  const violations: string[] = [];
  for (const line of broken) {
    const claim = CLAIM_LEFT.exec(line);
    const key = KEY_IN_FLIGHT.exec(line);
    if ((claim && paying.has(claim[1]!)) || (key && keys.has(key[1]!))) leftovers.push(line);
    else violations.push(line);
  }
  return { leftovers, violations };
}

/**
 * Lets the time pass that the expiry of what a kill leaves needs, by moving its clock back 10
 * minutes: payment claims (held 120 s at most, orders.repo.ts) and idempotency keys still in flight
 * (taken for abandoned after 60 s, http/idempotency.ts). A client retrying that late finds them
 * expired; the script does not wait. Returns how many claims and keys it moved.
 */
export async function letKillLeftoversExpire(store: Store): Promise<{ claims: number; keys: number }> {
  const { db } = store.database;
  const claims = await db.updateTable('orders').set((eb) => ({ payment_claimed_at: eb('payment_claimed_at', '-', 600) }))
    .where('payment_claimed_at', 'is not', null).executeTakeFirst();
  const keys = await db.updateTable('idempotency_keys').set((eb) => ({ created_at: eb('created_at', '-', 600) }))
    .where('status_code', 'is', null).executeTakeFirst();
  return { claims: Number(claims.numUpdatedRows), keys: Number(keys.numUpdatedRows) };
}

/**
 * What the clients were told against the database: a flow answered placed (or found placed on a
 * retry) is placed with the financial status it was paid into, one order.placed event, and one
 * order.paid event when paid; a flow refused out of stock at payment holds an order never placed.
 */
export async function checkAcknowledged(store: Store, flows: Flow[]): Promise<string[]> {
  const broken: string[] = [];
  const withOrders = flows.filter((f) => f.orderId && (f.outcome === 'placed' || (f.outcome === 'out_of_stock' && (f.outOfStockAt === 'payment' || f.outOfStockAt === 'decline'))));
  const { db } = store.database;
  for (let i = 0; i < withOrders.length; i += 500) {
    const chunk = withOrders.slice(i, i + 500);
    const ids = chunk.map((f) => f.orderId!);
    const orders = new Map((await db.selectFrom('orders').select(['id', 'status', 'financial_status', 'placed_at']).where('id', 'in', ids).execute()).map((o) => [o.id, o]));
    const events = await db.selectFrom('events').select(['kind', 'related_id']).where('related_id', 'in', ids).where('kind', 'in', ['order.placed', 'order.paid']).execute();
    const count = (kind: string, id: string) => events.filter((e) => e.kind === kind && e.related_id === id).length;
    for (const flow of chunk) {
      const id = flow.orderId!;
      const order = orders.get(id);
      if (!order) {
        broken.push(`order ${id} of flow ${flow.tag} (${flow.outcome}) is not in the database`);
        continue;
      }
      if (flow.outcome === 'placed') {
        const lost = flow.answerLost ? ' (its answer was lost in the kill)' : '';
        if (order.status !== 'placed') broken.push(`order ${id} was answered placed${lost} but is ${order.status}`);
        // Staff may have captured an authorization since (reliability/mixed-load.ts).
        const reachable = flow.expectedFinancial === 'authorized' ? ['authorized', 'partially_paid', 'paid'] : ['paid'];
        if (!reachable.includes(order.financial_status)) broken.push(`order ${id} was paid into ${flow.expectedFinancial}${lost} but is ${order.financial_status}`);
        if (count('order.placed', id) !== 1) broken.push(`order ${id} was answered placed${lost} but has ${count('order.placed', id)} order.placed events`);
        const paid = order.financial_status === 'paid' ? 1 : 0;
        if (count('order.paid', id) !== paid) broken.push(`order ${id} (${order.financial_status}) has ${count('order.paid', id)} order.paid events, expected ${paid}`);
      } else if (order.placed_at !== null || order.status !== 'created') {
        broken.push(`order ${id} was refused out of stock at ${flow.outOfStockAt} but is ${order.status} (placed_at ${order.placed_at})`);
      }
    }
  }
  return broken;
}

/**
 * The same through the API after a restart, for a few placed orders: the admin reads the order
 * placed, and its events list order.placed (and order.paid when paid).
 */
export async function checkThroughApi(traffic: Traffic, admin: Endpoint, flows: Flow[], sample: number): Promise<string[]> {
  const broken: string[] = [];
  const placed = flows.filter((f) => f.outcome === 'placed');
  const chosen = placed.sort(() => Math.random() - 0.5).slice(0, sample);
  for (const flow of chosen) {
    const order = await send(traffic, admin, 'GET', `/v1/orders/${flow.orderId}`, undefined, {}, 'GET /v1/orders/{id}');
    if (order.status !== 200 || order.body.data.status !== 'placed') {
      broken.push(`GET /v1/orders/${flow.orderId} answered ${order.status} ${order.body?.data?.status ?? order.text.slice(0, 200)}`);
    }
    const events = await send(traffic, admin, 'GET', `/v1/events?related_object=${flow.orderId}`, undefined, {}, 'GET /v1/events');
    const kinds: string[] = events.status === 200 ? events.body.data.map((e: { kind: string }) => e.kind) : [];
    const wanted = order.body?.data?.financial_status === 'paid' ? ['order.placed', 'order.paid'] : ['order.placed'];
    for (const kind of wanted) {
      if (kinds.filter((k) => k === kind).length !== 1) broken.push(`GET /v1/events?related_object=${flow.orderId} lists ${kinds.join(', ') || 'nothing'} (answered ${events.status}); expected one ${kind}`);
    }
  }
  return broken;
}
