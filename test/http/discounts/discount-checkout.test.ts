import { expect, it } from 'vitest';
import {
  ADDRESS, eventsOf, makeGateway, makeRate, makeSku, orderRow, pay, readyCheckout, transactionRows, type ReadyCheckout,
} from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const now = () => Math.floor(Date.now() / 1000);

describeEachDatabase('discounts in carts, checkouts and orders', (t) => {
  /** A discount made through the admin API (a code unless `code: null`). */
  async function discount(body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post('/v1/discounts', { code: `C${uniqueWord().toUpperCase()}`, title: `Discount ${uniqueWord()}`, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function putCodes(ready: ReadyCheckout, codes: string[]) {
    return t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: codes });
  }

  /** A checkout with its buyer and methods chosen, the code entered on it. */
  async function withCode(code: string, options: Parameters<typeof readyCheckout>[1] = {}) {
    const ready = await readyCheckout(t, options);
    const res = await putCodes(ready, [code]);
    expect(res.status, res.text).toBe(200);
    return { ready, checkout: res.body.data };
  }

  function expectRefused(res: any, index: number, code: string) {
    expectInvalid(res, `discount_codes[${index}]`);
    expect(res.body.errors.find((e: any) => e.field === `discount_codes[${index}]`).code).toBe(code);
  }

  // ---------- carts ----------

  it('applies a code entered on a cart (any case): the cart shows it, each item its discount, and its checkout takes it over', async () => {
    const [a, b] = [await makeSku(t, { price: 1500 }), await makeSku(t, { price: 800 })];
    const code = await discount({ kind: 'percentage', value: 1000 });
    const created = await t.storefront.post('/v1/carts', { items: { [a.id]: 2, [b.id]: 1 }, discount_codes: [code.code.toLowerCase()] });
    expect(created.status, created.text).toBe(201);
    const cart = created.body.data;
    expect(cart.discount_codes).toEqual([{ code: code.code, discount_id: code.id, kind: 'percentage', amount: 380 }]);
    expect(cart.items.map((i: any) => [i.discount, i.total])).toEqual([[300, 2700], [80, 720]]);
    expect(cart).toMatchObject({ total_discount: 380, total_price: 3420 });
    expect((await t.storefront.get(`/v1/carts/${cart.id}`)).body.data).toEqual(cart);

    const checkout = await t.storefront.post(`/v1/carts/${cart.id}/checkout`, {});
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body.data).toMatchObject({
      discount_codes: cart.discount_codes, total_items_price: 3800, total_discount: 380, subtotal_price: 3420, total_price: 3420,
    });
    expect(checkout.body.data.items.map((i: any) => [i.subtotal, i.discount, i.total])).toEqual([[3000, 300, 2700], [800, 80, 720]]);
  });

  it('removes a code from the cart with discount_codes [] and checks out without it', async () => {
    const sku = await makeSku(t, { price: 1000 });
    const code = await discount({ kind: 'fixed_amount', value: 250 });
    const cart = (await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 }, discount_codes: [code.code] })).body.data;
    expect(cart.total_price).toBe(750);
    const removed = await t.storefront.put(`/v1/carts/${cart.id}`, { discount_codes: [] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toMatchObject({ discount_codes: [], total_discount: 0, total_price: 1000 });
    expect(removed.body.data.items[0]).toMatchObject({ discount: 0, total: 1000 });
    const checkout = (await t.storefront.post(`/v1/carts/${cart.id}/checkout`, {})).body.data;
    expect(checkout).toMatchObject({ discount_codes: [], total_discount: 0, total_price: 1000 });
  });

  it('refuses a code the cart cannot use (422 on discount_codes[0]) and keeps the cart as it was', async () => {
    const sku = await makeSku(t, { price: 1000 });
    const cart = (await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } })).body.data;
    const res = await t.storefront.put(`/v1/carts/${cart.id}`, { discount_codes: ['NOSUCHCODE'], items: { [sku.id]: 3 } });
    expectRefused(res, 0, 'not_found');
    const after = (await t.storefront.get(`/v1/carts/${cart.id}`)).body.data;
    expect(after).toMatchObject({ discount_codes: [], total_price: 1000 });
    expect(after.items[0].quantity).toBe(1);
  });

  // ---------- kinds ----------

  it('splits a fixed amount over the lines so the item discounts add up to it, and caps it at what the items cost', async () => {
    const code = await discount({ kind: 'fixed_amount', value: 1000 });
    const { checkout } = await withCode(code.code, { items: [{ price: 1333, quantity: 1 }, { price: 667, quantity: 2 }, { price: 1, quantity: 1 }], shippingPrice: 500 });
    const discounts = checkout.items.map((i: any) => i.discount);
    expect(discounts.reduce((a: number, b: number) => a + b, 0)).toBe(1000);
    for (const item of checkout.items) expect(item.total).toBe(item.subtotal - item.discount);
    expect(checkout).toMatchObject({ total_items_price: 2668, total_discount: 1000, subtotal_price: 1668, total_price: 1668 + 500 });
    expect(checkout.discount_codes).toEqual([{ code: code.code, discount_id: code.id, kind: 'fixed_amount', amount: 1000 }]);

    const big = await discount({ kind: 'fixed_amount', value: 100_000 });
    const capped = (await withCode(big.code, { items: [{ price: 700 }], shippingPrice: 300 })).checkout;
    expect(capped).toMatchObject({ total_discount: 700, subtotal_price: 0, total_price: 300 });
    expect(capped.items[0]).toMatchObject({ discount: 700, total: 0 });
  });

  it('takes the shipping off with free shipping: total_discount counts it, the items keep no discount, shipping_rate stays the rate', async () => {
    const code = await discount({ kind: 'free_shipping' });
    const { checkout } = await withCode(code.code, { items: [{ price: 2000 }], shippingPrice: 650 });
    expect(checkout).toMatchObject({ shipping_rate: 650, total_discount: 650, subtotal_price: 2000, total_price: 2000 });
    expect(checkout.discount_codes).toEqual([{ code: code.code, discount_id: code.id, kind: 'free_shipping', amount: 650 }]);
    expect(checkout.items[0]).toMatchObject({ discount: 0, total: 2000 });
    const digital = await readyCheckout(t, { items: [{ isShippingRequired: false }] });
    expectRefused(await putCodes(digital, [code.code]), 0, 'not_applicable');
  });

  // ---------- scopes and conditions ----------

  it('applies only to the products, skus or collections it names; one naming none of the items is not_applicable', async () => {
    const [a, b] = [await makeSku(t, { price: 1000 }), await makeSku(t, { price: 1000 })];
    const collection = (await t.admin.post('/v1/collections', { title: `Sale ${uniqueWord()}`, kind: 'products' })).body.data;
    expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: b.productId })).status).toBeLessThan(300);
    const scopes = [
      { kind: 'products', ids: [a.productId], discounted: [100, 0] },
      { kind: 'skus', ids: [b.id], discounted: [0, 100] },
      { kind: 'collections', ids: [collection.id], discounted: [0, 100] },
      { kind: 'all', ids: [], discounted: [100, 100] },
    ];
    for (const scope of scopes) {
      const code = await discount({ kind: 'percentage', value: 1000, applies_to: { kind: scope.kind, ids: scope.ids } });
      const { checkout } = await withCode(code.code, { items: [{ skuId: a.id }, { skuId: b.id }] });
      expect(checkout.items.map((i: any) => i.discount), scope.kind).toEqual(scope.discounted);
    }
    const other = await makeSku(t);
    const elsewhere = await discount({ kind: 'percentage', value: 1000, applies_to: { kind: 'skus', ids: [other.id] } });
    expectRefused(await putCodes(await readyCheckout(t, { items: [{ skuId: a.id }] }), [elsewhere.code]), 0, 'not_applicable');
  });

  it('applies to the products a smart collection\'s rules match', async () => {
    const vendor = `Vendor ${uniqueWord()}`;
    const [matched, other] = [await makeSku(t, { price: 1000, vendor }), await makeSku(t, { price: 1000 })];
    const smart = await t.admin.post('/v1/collections', { title: `Smart ${uniqueWord()}`, kind: 'smart', rules: [{ field: 'vendor', condition: 'equals', value: vendor }] });
    expect(smart.status, smart.text).toBe(201);
    const code = await discount({ kind: 'fixed_amount', value: 300, applies_to: { kind: 'collections', ids: [smart.body.data.id] } });
    const { checkout } = await withCode(code.code, { items: [{ skuId: other.id }, { skuId: matched.id }] });
    expect(checkout.items.map((i: any) => i.discount)).toEqual([0, 300]);
  });

  it('needs the minimum subtotal from the items it applies to (minimum_not_met below it)', async () => {
    const code = await discount({ kind: 'fixed_amount', value: 100, minimum_subtotal: 2000 });
    expectRefused(await putCodes(await readyCheckout(t, { items: [{ price: 1999 }] }), [code.code]), 0, 'minimum_not_met');
    expect((await withCode(code.code, { items: [{ price: 1000, quantity: 2 }] })).checkout.total_discount).toBe(100);
  });

  it('refuses a code before its start (not_started), after its end (expired), switched off or unknown (not_found)', async () => {
    const ready = await readyCheckout(t);
    const later = await discount({ kind: 'percentage', value: 100, starts_at: now() + 3600 });
    const past = await discount({ kind: 'percentage', value: 100, starts_at: now() - 7200, ends_at: now() - 3600 });
    const off = await discount({ kind: 'percentage', value: 100, is_active: false });
    expectRefused(await putCodes(ready, [later.code]), 0, 'not_started');
    expectRefused(await putCodes(ready, [past.code]), 0, 'expired');
    expectRefused(await putCodes(ready, [off.code]), 0, 'not_found');
    expectRefused(await putCodes(ready, ['UNKNOWN-CODE']), 0, 'not_found');
    const current = await discount({ kind: 'percentage', value: 100, starts_at: now() - 60, ends_at: now() + 3600 });
    expect((await putCodes(ready, [current.code])).status).toBe(200);
  });

  it('takes one code per order: a second one is refused on discount_codes[1]', async () => {
    const [first, second] = [await discount({ kind: 'percentage', value: 100 }), await discount({ kind: 'percentage', value: 200 })];
    expectRefused(await putCodes(await readyCheckout(t), [first.code, second.code]), 1, 'not_applicable');
  });

  // ---------- automatic discounts ----------

  it('applies automatic discounts by themselves, the best of each kind; a code stacks with other kinds but not with a better one of its own', async () => {
    const sku = await makeSku(t, { price: 10_000 });
    const scope = { kind: 'skus', ids: [sku.id] };
    await discount({ code: null, kind: 'percentage', value: 500, applies_to: scope });
    const best = await discount({ code: null, kind: 'percentage', value: 1500, applies_to: scope });
    const fixed = await discount({ code: null, kind: 'fixed_amount', value: 100, applies_to: scope });
    const plain = await readyCheckout(t, { items: [{ skuId: sku.id }] });
    expect(plain.checkout.data.discount_codes).toEqual([
      { code: null, discount_id: best.id, kind: 'percentage', amount: 1500 },
      { code: null, discount_id: fixed.id, kind: 'fixed_amount', amount: 100 },
    ]);
    expect(plain.checkout.data).toMatchObject({ total_discount: 1600, total_price: 8400 + 500 });

    const weaker = await discount({ kind: 'percentage', value: 1000 });
    expectRefused(await putCodes(plain, [weaker.code]), 0, 'not_applicable');
    const stronger = await discount({ kind: 'percentage', value: 2000 });
    const ship = await discount({ kind: 'free_shipping' });
    const res = await putCodes(plain, [stronger.code]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.discount_codes.map((d: any) => [d.discount_id, d.amount])).toEqual([[stronger.id, 2000], [fixed.id, 100]]);
    const shipping = (await putCodes(plain, [ship.code])).body.data;
    expect(shipping.discount_codes.map((d: any) => [d.discount_id, d.amount])).toEqual([[best.id, 1500], [fixed.id, 100], [ship.id, 500]]);
    expect(shipping.total_price).toBe(8400);
  });

  // ---------- placement ----------

  it('places the order with its discounts: items, totals and discount_codes kept, times_used counted, order.placed carrying them', async () => {
    const code = await discount({ kind: 'percentage', value: 2500, usage_limit: 10 });
    const { ready, checkout } = await withCode(code.code, { items: [{ price: 1999, quantity: 3 }, { price: 501 }], shippingPrice: 400 });
    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    const order = (await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data;
    expect(order).toMatchObject({ status: 'placed', discount_codes: checkout.discount_codes, total_discount: 1625, total_price: 6498 - 1625 + 400 });
    expect(order.items.map((i: any) => [i.subtotal, i.discount, i.total])).toEqual([[5997, 1500, 4497], [501, 125, 376]]);
    const charge = (await transactionRows(t, ready.orderId)).find((tr) => tr.kind === 'charge')!;
    expect(charge.amount).toBe(order.total_price);
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(1);
    const placed = await eventsOf(t, ready.orderId, 'order.placed');
    expect(placed[0].data.object).toMatchObject({ discount_codes: order.discount_codes, total_discount: 1625 });
    expect(placed[0].data.object.items.map((i: any) => i.discount)).toEqual([1500, 125]);
  });

  it('refuses a code whose usage limit is reached (usage_limit_reached), and at payment answers 409 checkout_changed charging nothing', async () => {
    const code = await discount({ kind: 'fixed_amount', value: 300, usage_limit: 1 });
    const first = await withCode(code.code);
    const second = await withCode(code.code);
    expect((await pay(t, first.ready.orderId)).status).toBe(200);

    const refused = await pay(t, second.ready.orderId);
    expectProblem(refused, 409, 'checkout_changed');
    expect(await transactionRows(t, second.ready.orderId)).toEqual([]);
    const repriced = (await t.storefront.get(`/v1/checkouts/${second.ready.orderId}`)).body.data;
    expect(repriced).toMatchObject({ discount_codes: [], total_discount: 0, total_price: second.checkout.total_price + 300 });
    expect((await pay(t, second.ready.orderId)).status).toBe(200);
    expectRefused(await putCodes(await readyCheckout(t), [code.code]), 0, 'usage_limit_reached');
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(1);
  });

  it('counts the per-customer limit by the buyer\'s email: a second order of the same buyer is refused, another buyer is not', async () => {
    const code = await discount({ kind: 'percentage', value: 1000, usage_limit_per_customer: 1 });
    const email = `${uniqueWord()}@example.com`;
    const first = await withCode(code.code, { customer: { email } });
    const second = await withCode(code.code, { customer: { email: email.toUpperCase() } });
    expect((await pay(t, first.ready.orderId)).status).toBe(200);

    expectProblem(await pay(t, second.ready.orderId), 409, 'checkout_changed');
    expect((await orderRow(t, second.ready.orderId)).status).toBe('created');
    expectRefused(await putCodes(await readyCheckout(t, { customer: { email } }), [code.code]), 0, 'usage_limit_reached');
    const other = await withCode(code.code);
    expect((await pay(t, other.ready.orderId)).status).toBe(200);
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(2);
  });

  it('keeps a canceled order\'s use of a code counted (as Shopify does)', async () => {
    const code = await discount({ kind: 'percentage', value: 1000, usage_limit: 1 });
    const { ready } = await withCode(code.code);
    expect((await pay(t, ready.orderId)).status).toBe(200);
    expect((await t.admin.post(`/v1/orders/${ready.orderId}/cancel`, { reason: 'customer' })).status).toBe(200);
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(1);
    expectRefused(await putCodes(await readyCheckout(t), [code.code]), 0, 'usage_limit_reached');
  });

  it('drops a code that stopped applying when the checkout is changed again, and re-prices at payment when it was switched off', async () => {
    const code = await discount({ kind: 'fixed_amount', value: 200 });
    const { ready, checkout } = await withCode(code.code);
    expect((await t.admin.post(`/v1/discounts/${code.id}`, { is_active: false })).status).toBe(200);
    expectProblem(await pay(t, ready.orderId), 409, 'checkout_changed');
    const after = (await t.storefront.get(`/v1/checkouts/${ready.orderId}`)).body.data;
    expect(after).toMatchObject({ discount_codes: [], total_price: checkout.total_price + 200 });
    const again = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { shipping: ADDRESS });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.discount_codes).toEqual([]);
  });

  it('keeps the gateway and rate helpers usable for discounted carts of existing skus', async () => {
    const gateway = await makeGateway(t);
    const rateId = await makeRate(t, 0);
    const code = await discount({ kind: 'free_shipping' });
    const { ready, checkout } = await withCode(code.code, { gateway: gateway.id, rateId });
    expect(checkout.discount_codes).toEqual([{ code: code.code, discount_id: code.id, kind: 'free_shipping', amount: 0 }]);
    expect((await pay(t, ready.orderId)).status).toBe(200);
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(1);
  });
});
