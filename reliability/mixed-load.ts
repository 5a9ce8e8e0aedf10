/**
 * A storefront's and a back office's day in miniature, against one server: buyers on the checkout
 * flow (reliability/checkout-flows.ts), browsers reading the catalogue and its filtered listings,
 * cart editors adding, changing and removing items, and staff reading and searching orders and
 * events (and capturing the authorized orders the buyers leave). Every worker sends one request
 * after another, without pause; every answer must be the one its request expects (a finding
 * otherwise). A worker whose request gets no answer, or a 503, stops: the server is going away.
 */
import { buyerEmail, startBuyers, type Buyers, type Flow, type FlowMix } from './checkout-flows.js';
import { expectStatus, NetworkError, send, throwIfUnavailable, type Endpoint, type Traffic } from './client.js';
import type { Store } from './store.js';

export interface MixedLoadOptions {
  buyers: number;
  browsers: number;
  cartEditors: number;
  staff: number;
}

/** Ids the readers pick from: a sample of the catalogue. */
export interface Catalogue {
  productIds: string[];
  skuIds: string[];
}

/** A random sample of products and their default skus, read from the store's database. */
export async function sampleCatalogue(store: Store, size = 200): Promise<Catalogue> {
  const rows = await store.database.db.selectFrom('products').select(['id', 'default_sku_id']).orderBy('id').execute();
  const chosen = rows.sort(() => Math.random() - 0.5).slice(0, size);
  return { productIds: chosen.map((r) => r.id), skuIds: chosen.map((r) => r.default_sku_id!).filter((id) => id !== null) };
}

export interface MixedLoad {
  buyers: Buyers;
  /** Requests sent by kind of worker. */
  readonly requestsByWorker: Record<keyof MixedLoadOptions, number>;
  /** Requests without an answer (or a 503), each of which stopped its worker; the buyers' included. */
  readonly cut: NetworkError[];
  /** Stops every worker, waits for the requests under way; the buyers' unfinished flows. */
  stop(): Promise<Flow[]>;
  /** Resolves once every worker has stopped by itself. */
  readonly ended: Promise<void>;
}

class Stop extends Error {}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const WORDS = ['mug', 'kettle', 'lamp', 'scarf', 'candle', 'bottle', 'chair', 'organic', 'vintage'];

export function startMixedLoad(
  traffic: Traffic,
  endpoints: { storefront: Endpoint; admin: Endpoint },
  store: Store,
  mix: FlowMix,
  catalogue: Catalogue,
  options: MixedLoadOptions,
): MixedLoad {
  const buyers = startBuyers(traffic, endpoints.storefront, store, mix, options.buyers);
  const requestsByWorker = { buyers: 0, browsers: 0, cartEditors: 0, staff: 0 };
  const cut: NetworkError[] = [];
  let stopped = false;
  const { dataset } = store;

  /** One request that must answer one of `expected`; its body. Throws Stop when the worker must stop. */
  async function call(worker: keyof MixedLoadOptions, endpoint: Endpoint, method: string, path: string, label: string, expected: number[], body?: unknown): Promise<any> {
    if (stopped) throw new Stop();
    requestsByWorker[worker]++;
    try {
      const answer = await send(traffic, endpoint, method, path, body, {}, label);
      throwIfUnavailable(answer, label);
      return expectStatus(traffic, answer, `${label} (${method} ${path})`, expected) ? answer.body : undefined;
    } catch (error) {
      if (error instanceof NetworkError) {
        cut.push(error);
        throw new Stop();
      }
      throw error;
    }
  }

  async function browse(): Promise<void> {
    const sf = endpoints.storefront;
    const { q, priceMin, priceMax } = dataset.search;
    const low = 500 + Math.floor(Math.random() * 4000);
    const requests: Array<[string, string]> = [
      [`/v1/products/${pick(catalogue.productIds)}`, 'product'],
      [`/v1/skus/${pick(catalogue.skuIds)}`, 'sku'],
      [`/v1/collections/${dataset.collectionId}/products?per_page=20&page=${1 + Math.floor(Math.random() * 50)}`, 'listing page'],
      [`/v1/collections/${dataset.collectionId}/products?per_page=20&q=${q}&price%5Bmin%5D=${priceMin}&price%5Bmax%5D=${priceMax}&sort_by=price-ascending`, 'listing search'],
      [`/v1/skus?per_page=20&price%5Bmin%5D=${low}&price%5Bmax%5D=${low + 1000}&sort_by=price-descending`, 'skus by price'],
      [`/v1/products?per_page=20&q=${pick(WORDS)}&page=${1 + Math.floor(Math.random() * 3)}`, 'product search'],
    ];
    const [path, label] = pick(requests);
    await call('browsers', sf, 'GET', path, label, [200]);
  }

  async function editCart(): Promise<void> {
    const sf = endpoints.storefront;
    const cart = await call('cartEditors', sf, 'POST', '/v1/carts', 'cart create', [201], { items: { [pick(store.plentySkuIds)]: 1 } });
    if (!cart) return;
    const id: string = cart.data.id;
    const held = new Set<string>(Object.keys(cart.data.items ?? {}));
    for (let i = 0; i < 4; i++) {
      const sku = pick(store.plentySkuIds);
      // Add, change, or (0) remove a line.
      const quantity = held.has(sku) && Math.random() < 0.4 ? 0 : 1 + Math.floor(Math.random() * 3);
      await call('cartEditors', sf, 'PUT', `/v1/carts/${id}`, 'cart update', [200], { items: { [sku]: quantity } });
      if (quantity === 0) held.delete(sku);
      else held.add(sku);
    }
    await call('cartEditors', sf, 'GET', `/v1/carts/${id}`, 'cart read', [200]);
  }

  const eventIds: string[] = [];
  const captured = new Set<string>();

  async function staff(): Promise<void> {
    const admin = endpoints.admin;
    const placed = buyers.finished.filter((f) => f.outcome === 'placed');
    const recent = placed.slice(-200);
    const order = recent.length > 0 ? pick(recent) : undefined;
    const choice = Math.floor(Math.random() * 9);
    if (choice === 0 || !order) {
      await call('staff', admin, 'GET', `/v1/orders?per_page=20&status=placed&page=${1 + Math.floor(Math.random() * 3)}`, 'orders placed', [200]);
    } else if (choice === 1) {
      await call('staff', admin, 'GET', '/v1/orders?per_page=20&financial_status=authorized', 'orders authorized', [200]);
    } else if (choice === 2) {
      await call('staff', admin, 'GET', `/v1/orders?per_page=20&q=${encodeURIComponent(buyerEmail(order))}`, 'order search', [200]);
    } else if (choice === 3) {
      await call('staff', admin, 'GET', `/v1/orders/${order.orderId}`, 'order', [200]);
    } else if (choice === 4) {
      await call('staff', admin, 'GET', `/v1/orders/${order.orderId}/transactions`, 'order transactions', [200]);
    } else if (choice === 5) {
      const list = await call('staff', admin, 'GET', '/v1/events?per_page=20&kind=order.placed', 'events by kind', [200]);
      for (const event of list?.data ?? []) if (eventIds.length < 500) eventIds.push(event.id);
    } else if (choice === 6) {
      await call('staff', admin, 'GET', `/v1/events?related_object=${order.orderId}`, 'events of an order', [200]);
    } else if (choice === 7 && eventIds.length > 0) {
      await call('staff', admin, 'GET', `/v1/events/${pick(eventIds)}`, 'event', [200]);
    } else {
      // Capture an authorized order once: the money move and its order.paid event.
      const authorized = placed.find((f) => f.expectedFinancial === 'authorized' && !captured.has(f.orderId!));
      if (!authorized) return;
      captured.add(authorized.orderId!);
      await call('staff', admin, 'POST', `/v1/orders/${authorized.orderId}/transactions`, 'capture', [201], { kind: 'capture' });
    }
  }

  async function loop(work: () => Promise<void>): Promise<void> {
    while (!stopped) {
      try {
        await work();
      } catch (error) {
        if (error instanceof Stop) return;
        throw error;
      }
    }
  }

  const workers = [
    ...Array.from({ length: options.browsers }, () => loop(browse)),
    ...Array.from({ length: options.cartEditors }, () => loop(editCart)),
    ...Array.from({ length: options.staff }, () => loop(staff)),
  ];
  const others = Promise.all(workers).then(() => undefined);
  const ended = Promise.all([others, buyers.ended]).then(() => undefined);
  const sentBefore = traffic.sent;
  return {
    buyers,
    get requestsByWorker() {
      // The buyers send through the same tally: theirs are the rest.
      const others = requestsByWorker.browsers + requestsByWorker.cartEditors + requestsByWorker.staff;
      return { ...requestsByWorker, buyers: traffic.sent - sentBefore - others };
    },
    get cut() {
      return [...buyers.cut, ...cut];
    },
    async stop() {
      stopped = true;
      const unfinished = await buyers.stop();
      await others;
      return unfinished;
    },
    ended,
  };
}
