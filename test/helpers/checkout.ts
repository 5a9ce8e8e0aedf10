import { expect } from 'vitest';
import { ADDRESS, CARDS, cardPayment } from './buyer.js';
import { uniqueWord } from './expect.js';
import type { Client, TestContext, TestResponse } from './test-app.js';

export { ADDRESS, CARDS } from './buyer.js';

/** One line of the cart: a new product with its default sku, or an existing sku. */
export interface ItemSpec {
  /** An existing sku to put in the cart instead of making a product. */
  skuId?: string;
  price?: number;
  quantity?: number;
  /** `overall` tracks `stock` (the default); `none` keeps no stock. */
  stockPolicy?: 'overall' | 'none';
  stock?: number;
  vendor?: string;
  code?: string;
  isShippingRequired?: boolean;
}

export interface ReadyCheckoutOptions {
  items?: ItemSpec[];
  /** The gateway to make (`test` with no settings by default), or the id of one to reuse. */
  gateway?: { driver: 'test' | 'manual'; settings?: Record<string, unknown> } | string;
  /** A shipping rate id to reuse instead of making a zone for the buyer's country. */
  rateId?: string;
  shippingPrice?: number;
  /** The storefront client that checks out (a customer's, for a signed-in buyer). */
  client?: Client;
  customer?: { email?: string; first_name?: string; last_name?: string };
  /** Stop before sending buyer data (`'checkout'`) or before choosing methods (`'data'`). */
  until?: 'checkout' | 'data' | 'methods';
}

export interface ReadySku {
  id: string;
  productId: string;
  permalink: string;
  code: string | null;
  vendor: string | null;
}

export interface ReadyCheckout {
  orderId: string;
  cartId: string;
  gatewayId: string;
  gatewaySource: string;
  rateId: string;
  email: string;
  firstName: string;
  lastName: string;
  skus: ReadySku[];
  /** The last checkout envelope answered. */
  checkout: any;
}

function ok<T = any>(res: TestResponse<T>, status = 200): T {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** A product (with its default sku priced and stocked as asked), made through the admin API. */
export async function makeSku(t: TestContext, spec: ItemSpec = {}): Promise<ReadySku> {
  const word = uniqueWord();
  const product = ok(await t.admin.post('/v1/products', {
    name: `Product ${word}`,
    permalink: `product-${word}`,
    ...(spec.vendor ? { vendor: spec.vendor } : {}),
  }), 201).data;
  const sku = ok(await t.admin.post(`/v1/skus/${product.sku_id}`, {
    price: spec.price ?? 1000,
    code: spec.code ?? `CODE-${word}`,
    stock_policy: spec.stockPolicy ?? 'overall',
    in_stock: spec.stock ?? 10,
    is_shipping_required: spec.isShippingRequired ?? true,
  })).data;
  return { id: sku.id, productId: product.id, permalink: product.permalink, code: sku.code, vendor: spec.vendor ?? null };
}

async function existingSku(t: TestContext, id: string): Promise<ReadySku> {
  const sku = ok(await t.admin.get(`/v1/skus/${id}`)).data;
  const product = ok(await t.admin.get(`/v1/products/${sku.product_id}`)).data;
  return { id, productId: product.id, permalink: product.permalink, code: sku.code, vendor: product.vendor?.name ?? null };
}

/** A gateway made through the admin API; answers its id and source. */
export async function makeGateway(
  t: TestContext,
  driver: 'test' | 'manual' | 'stripe' = 'test',
  settings: Record<string, unknown> = {},
): Promise<{ id: string; source: string }> {
  const source = `gw-${uniqueWord()}`;
  const gateway = ok(await t.admin.post('/v1/gateways', { name: `Gateway ${source}`, source, driver, settings }), 201).data;
  return { id: gateway.id, source };
}

/** A shipping zone for the buyer's country with one rate for any weight; answers the rate id. */
export async function makeRate(t: TestContext, price = 500): Promise<string> {
  const zone = ok(await t.admin.post('/v1/shipping_zones', {
    name: `Zone ${uniqueWord()}`,
    countries: [ADDRESS.country_code],
    rates: [{ name: 'Standard', kind: 'weight', from: 0, to: null, price }],
  }), 201).data;
  return zone.rates[0].id;
}

/**
 * An order ready to pay: products with stock, a shipping rate for the buyer's country, a gateway,
 * a cart, its checkout, the buyer's email and shipping address, and the chosen methods. Each step
 * goes through the API and must succeed.
 */
export async function readyCheckout(t: TestContext, options: ReadyCheckoutOptions = {}): Promise<ReadyCheckout> {
  const client = options.client ?? t.storefront;
  const specs = options.items ?? [{}];
  const skus: ReadySku[] = [];
  for (const spec of specs) {
    skus.push(spec.skuId ? await existingSku(t, spec.skuId) : await makeSku(t, spec));
  }
  const gateway = typeof options.gateway === 'string'
    ? { id: options.gateway, source: ok(await t.admin.get(`/v1/gateways/${options.gateway}`)).data.source as string }
    : await makeGateway(t, options.gateway?.driver ?? 'test', options.gateway?.settings ?? {});
  const rateId = options.rateId ?? (await makeRate(t, options.shippingPrice));

  const items = Object.fromEntries(specs.map((spec, i) => [skus[i]!.id, spec.quantity ?? 1]));
  const cartId: string = ok(await client.post('/v1/carts', { items }), 201).data.id;
  let checkout = ok(await client.post(`/v1/carts/${cartId}/checkout`, {}));
  const orderId: string = checkout.data.id;

  const email = options.customer?.email ?? `${uniqueWord()}@example.com`;
  const firstName = options.customer?.first_name ?? `First${uniqueWord()}`;
  const lastName = options.customer?.last_name ?? `Last${uniqueWord()}`;
  const ready: ReadyCheckout = {
    orderId, cartId, gatewayId: gateway.id, gatewaySource: gateway.source, rateId, email, firstName, lastName, skus, checkout,
  };
  if (options.until === 'checkout') return ready;

  const needsShipping = checkout.meta.is_shipping_required as boolean;
  checkout = ok(await client.put(`/v1/checkouts/${orderId}`, {
    customer: { email, first_name: firstName, last_name: lastName },
    ...(needsShipping ? { shipping: ADDRESS } : { same_address: false, billing: ADDRESS }),
  }));
  ready.checkout = checkout;
  if (options.until === 'data') return ready;

  ready.checkout = ok(await client.post(`/v1/checkouts/${orderId}/methods`, {
    ...(needsShipping ? { shipping: { method: rateId } } : {}),
    payment: { gateway: gateway.id },
  }));
  return ready;
}

/** Pays an order with the test gateway's card method (the good card unless told). */
export function pay(
  t: TestContext,
  orderId: string,
  card: string = CARDS.good,
  headers?: Record<string, string>,
  client: Client = t.storefront,
): Promise<TestResponse> {
  return client.post(`/v1/checkouts/${orderId}/payment`, cardPayment(card), headers ? { headers } : undefined);
}

/** Pays with any method (manual gateway: `transfer`, `cash`). */
export function payWith(t: TestContext, orderId: string, payment: Record<string, unknown>, client: Client = t.storefront): Promise<TestResponse> {
  return client.post(`/v1/checkouts/${orderId}/payment`, { payment });
}

/** A placed, paid order (test gateway, good card) ready for staff. */
export async function placedOrder(t: TestContext, options: ReadyCheckoutOptions = {}): Promise<ReadyCheckout & { order: any }> {
  const ready = await readyCheckout(t, options);
  const gateway = typeof options.gateway === 'object' ? options.gateway : undefined;
  const res = gateway?.driver === 'manual' ? await payWith(t, ready.orderId, { method: 'transfer' }, options.client) : await pay(t, ready.orderId, CARDS.good, undefined, options.client);
  return { ...ready, order: ok(res).data };
}

/** Events of one kind related to an object, newest first. */
export async function eventsOf(t: TestContext, relatedId: string, kind?: string): Promise<any[]> {
  const res = await t.admin.get(`/v1/events?related_object=${relatedId}${kind ? `&kind=${kind}` : ''}&per_page=250`);
  return ok(res).data;
}

/** A sku's stock as stored. */
export async function stockOf(t: TestContext, skuId: string): Promise<number | null> {
  const row = await t.db.selectFrom('skus').select('in_stock').where('id', '=', skuId).executeTakeFirstOrThrow();
  return row.in_stock;
}

export function orderRow(t: TestContext, id: string) {
  return t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function transactionRows(t: TestContext, orderId: string) {
  return t.db.selectFrom('transactions').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * An order a refused payment left payable: still created and unpaid, no number, no claim, never
 * placed, and every charge the gateway took given back by a refund of the same amount.
 */
export async function expectLeftPayable(t: TestContext, orderId: string): Promise<void> {
  expect(await orderRow(t, orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null, payment_claimed_at: null });
  const transactions = await transactionRows(t, orderId);
  const charges = transactions.filter((tr) => tr.kind === 'charge' && tr.status === 'succeeded');
  for (const charge of charges) {
    expect(transactions).toContainEqual(expect.objectContaining({ kind: 'refund', status: 'succeeded', parent_id: charge.id, amount: charge.amount }));
  }
  expect(transactions.filter((tr) => tr.kind === 'refund')).toHaveLength(charges.length);
  expect(await eventsOf(t, orderId, 'order.placed')).toEqual([]);
}
