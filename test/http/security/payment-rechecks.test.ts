import { expect, it, vi } from 'vitest';
import { testDriver } from '../../../src/modules/payments/drivers/test.js';
import {
  ADDRESS, eventsOf, orderRow, pay, readyCheckout, stockOf, transactionRows, type ReadyCheckout,
} from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, fieldsOf } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Ways staff take a sku off sale after a buyer checked it out. */
const withdrawals: Array<[string, (t: TestContext, sku: ReadyCheckout['skus'][number]) => Promise<number>]> = [
  ['its product is deactivated', async (t, sku) => (await t.admin.post(`/v1/products/${sku.productId}`, { is_active: false })).status],
  ['its product is unpublished until tomorrow', async (t, sku) => (await t.admin.post(`/v1/products/${sku.productId}`, { available_at: nowSeconds() + 24 * HOUR })).status],
  ['it is made unlisted', async (t, sku) => (await t.admin.post(`/v1/skus/${sku.id}`, { is_listable: false })).status],
  ['it is deleted', async (t, sku) => {
    // A product keeps at least one sku: give it another before deleting the one bought.
    const other = await t.admin.post('/v1/skus', { product_id: sku.productId, price: 999 });
    expect(other.status, other.text).toBe(201);
    return (await t.admin.delete(`/v1/skus/${sku.id}`)).status;
  }],
];

describeEachDatabase('payment checks the order against the shop as it is now', (t) => {
  async function setPrice(skuId: string, price: number): Promise<void> {
    const res = await t.admin.post(`/v1/skus/${skuId}`, { price });
    expect(res.status, res.text).toBe(200);
  }

  /** The checkout as the buyer reads it. */
  async function read(orderId: string) {
    const res = await t.storefront.get(`/v1/checkouts/${orderId}`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  /** Nothing charged, nothing placed, no stock taken: the order is as payable as before. */
  async function expectNothingMoved(ready: ReadyCheckout, stockBefore: number[]): Promise<void> {
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({
      status: 'created', financial_status: 'unpaid', number: null, placed_at: null, payment_claimed_at: null,
    });
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);
    for (const [i, sku] of ready.skus.entries()) {
      const row = await t.db.selectFrom('skus').select('in_stock').where('id', '=', sku.id).executeTakeFirst();
      // A sku staff deleted has no stock left to compare.
      if (row) expect(row.in_stock).toBe(stockBefore[i]);
    }
  }

  /** Pays and expects the order placed and charged `amount` once. */
  async function expectPaid(orderId: string, amount: number): Promise<void> {
    const res = await pay(t, orderId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'paid', total_price: amount });
    const charges = (await transactionRows(t, orderId)).filter((row) => row.kind === 'charge' && row.status === 'succeeded');
    expect(charges.map((row) => row.amount)).toEqual([amount]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'placed', total_price: amount });
  }

  // ---------- prices ----------

  it('refuses to charge the old price after staff raise it (409 checkout_changed): nothing charged, the checkout re-priced, the next payment charges the new price', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000, quantity: 2, stock: 5 }], shippingPrice: 500 });
    const [sku] = ready.skus;
    expect(ready.checkout.data.total_price).toBe(2500);
    await setPrice(sku!.id, 1500);

    const res = await pay(t, ready.orderId);

    expectProblem(res, 409, 'checkout_changed');
    await expectNothingMoved(ready, [5]);
    const checkout = await read(ready.orderId);
    expect(checkout.data.items).toEqual([expect.objectContaining({ sku_id: sku!.id, price: 1500, quantity: 2, subtotal: 3000, total: 3000 })]);
    expect(checkout.data).toMatchObject({ total_items_price: 3000, subtotal_price: 3000, shipping_rate: 500, total_taxes: 0, total_price: 3500 });
    expect(checkout.meta).toMatchObject({ selected_shipping_method: ready.rateId, selected_payment_gateway: ready.gatewayId });
    expect((await t.db.selectFrom('order_items').select(['price', 'subtotal', 'total']).where('order_id', '=', ready.orderId).execute()))
      .toEqual([{ price: 1500, subtotal: 3000, total: 3000 }]);

    await expectPaid(ready.orderId, 3500);
    expect(await stockOf(t, sku!.id)).toBe(3);
  });

  it('refuses a lowered price too (409 checkout_changed): the buyer sees the new total before paying it', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 2000, stock: 4 }, { price: 700, quantity: 3, stock: 6 }], shippingPrice: 300 });
    const [kept, cheaper] = ready.skus;
    await setPrice(cheaper!.id, 500);

    const res = await pay(t, ready.orderId);

    expectProblem(res, 409, 'checkout_changed');
    await expectNothingMoved(ready, [4, 6]);
    const checkout = await read(ready.orderId);
    expect(checkout.data.items.find((item: any) => item.sku_id === kept!.id)).toMatchObject({ price: 2000, subtotal: 2000 });
    expect(checkout.data.items.find((item: any) => item.sku_id === cheaper!.id)).toMatchObject({ price: 500, quantity: 3, subtotal: 1500 });
    expect(checkout.data).toMatchObject({ total_items_price: 3500, total_price: 3800 });

    await expectPaid(ready.orderId, 3800);
  });

  it('refuses the old total after the tax rate of the destination changed (409 checkout_changed) and charges the new one next', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000 }], shippingPrice: 500 });
    const vermont = { ...ADDRESS, state_code: 'VT', city: 'Burlington', postcode: '05401' };
    const moved = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { shipping: vermont });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ total_taxes: 0, total_price: 1500 });
    const rate = await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'VT', rate: 1000 });
    expect(rate.status, rate.text).toBe(201);

    expectProblem(await pay(t, ready.orderId), 409, 'checkout_changed');

    await expectNothingMoved(ready, [10]);
    expect((await read(ready.orderId)).data).toMatchObject({ total_taxes: 100, total_price: 1600 });
    await expectPaid(ready.orderId, 1600);
  });

  it('refuses the old total after the price of the chosen shipping rate changed (409 checkout_changed) and charges the new one next', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000 }], shippingPrice: 500 });
    const { zone_id: zoneId } = await t.db.selectFrom('shipping_rates').select('zone_id').where('id', '=', ready.rateId).executeTakeFirstOrThrow();
    const raised = await t.admin.post(`/v1/shipping_zones/${zoneId}`, { rates: [{ id: ready.rateId, name: 'Standard', kind: 'weight', from: 0, to: null, price: 800 }] });
    expect(raised.status, raised.text).toBe(200);

    expectProblem(await pay(t, ready.orderId), 409, 'checkout_changed');

    await expectNothingMoved(ready, [10]);
    const checkout = await read(ready.orderId);
    expect(checkout.data).toMatchObject({ shipping_rate: 800, total_price: 1800 });
    expect(checkout.meta.selected_shipping_method).toBe(ready.rateId);
    await expectPaid(ready.orderId, 1800);
  });

  it('places at the checkout\'s price when nothing changed, even after an unrelated catalogue edit', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1200 }], shippingPrice: 500 });
    const renamed = await t.admin.post(`/v1/products/${ready.skus[0]!.productId}`, { name: 'Renamed after checkout' });
    expect(renamed.status, renamed.text).toBe(200);

    await expectPaid(ready.orderId, 1700);
  });

  // ---------- items no longer on sale ----------

  for (const [how, withdraw] of withdrawals) {
    it(`refuses to pay for a sku after ${how} (422 naming items[<sku_id>]) and charges nothing`, async () => {
      const ready = await readyCheckout(t, { items: [{ price: 800, stock: 3 }, { price: 900, stock: 3 }] });
      const [onSale, withdrawn] = ready.skus;
      expect(await withdraw(t, withdrawn!)).toBeLessThan(300);

      const res = await pay(t, ready.orderId);

      expectInvalid(res, `items[${withdrawn!.id}]`);
      expect(fieldsOf(res)).toEqual([`items[${withdrawn!.id}]`]);
      expect(res.body.errors[0]).toMatchObject({ code: 'unavailable' });
      expect(fieldsOf(res)).not.toContain(`items[${onSale!.id}]`);
      await expectNothingMoved(ready, [3, 3]);
      // Asking again answers the same: the order is not re-priced around the missing item.
      expectInvalid(await pay(t, ready.orderId), `items[${withdrawn!.id}]`);
      expect(await transactionRows(t, ready.orderId)).toEqual([]);
    });
  }

  it('names every item no longer on sale at once', async () => {
    const ready = await readyCheckout(t, { items: [{}, {}, {}] });
    const [first, , third] = ready.skus;
    expect((await t.admin.post(`/v1/products/${first!.productId}`, { is_active: false })).status).toBe(200);
    expect((await t.admin.post(`/v1/skus/${third!.id}`, { is_listable: false })).status).toBe(200);

    const res = await pay(t, ready.orderId);

    expectInvalid(res);
    expect(fieldsOf(res).sort()).toEqual([`items[${first!.id}]`, `items[${third!.id}]`].sort());
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
  });

  // ---------- a change that lands while the gateway is charging ----------

  /** Pays, running `during` (a staff change through the API) while the test gateway charges, before it answers. */
  async function payWhileCharging(orderId: string, during: () => Promise<void>) {
    const authorize = testDriver.authorize.bind(testDriver);
    const spy = vi.spyOn(testDriver, 'authorize').mockImplementationOnce(async (request) => {
      await during();
      return authorize(request);
    });
    try {
      return await pay(t, orderId);
    } finally {
      spy.mockRestore();
    }
  }

  it('gives the money back when the price changes while the gateway charges (409 checkout_changed), re-prices, and charges the new price next', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000, stock: 5 }], shippingPrice: 500 });
    const [sku] = ready.skus;
    const res = await payWhileCharging(ready.orderId, () => setPrice(sku!.id, 1300));

    expectProblem(res, 409, 'checkout_changed');
    const transactions = await transactionRows(t, ready.orderId);
    const charge = transactions.find((row) => row.kind === 'charge');
    expect(charge).toMatchObject({ status: 'succeeded', amount: 1500 });
    expect(transactions).toContainEqual(expect.objectContaining({ kind: 'refund', status: 'succeeded', parent_id: charge!.id, amount: 1500 }));
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null, payment_claimed_at: null });
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);
    expect(await stockOf(t, sku!.id)).toBe(5);
    expect((await read(ready.orderId)).data).toMatchObject({ total_items_price: 1300, total_price: 1800 });

    const again = await pay(t, ready.orderId);
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'placed', total_price: 1800 });
    const charges = (await transactionRows(t, ready.orderId)).filter((row) => row.kind === 'charge' && row.status === 'succeeded');
    expect(charges.map((row) => row.amount)).toEqual([1500, 1800]);
    expect(await stockOf(t, sku!.id)).toBe(4);
  });

  it('gives the money back when the product is deactivated while the gateway charges (422 naming the item)', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000, stock: 5 }] });
    const [sku] = ready.skus;
    const res = await payWhileCharging(ready.orderId, async () => {
      expect((await t.admin.post(`/v1/products/${sku!.productId}`, { is_active: false })).status).toBe(200);
    });

    expectInvalid(res, `items[${sku!.id}]`);
    const transactions = await transactionRows(t, ready.orderId);
    const charge = transactions.find((row) => row.kind === 'charge');
    expect(transactions).toContainEqual(expect.objectContaining({ kind: 'refund', status: 'succeeded', parent_id: charge!.id }));
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    expect(await stockOf(t, sku!.id)).toBe(5);
  });

  // ---------- expiry ----------

  /** Ages a checkout past its expiry, as the clock would after STOREFRONT_CHECKOUT_TTL_HOURS. */
  async function expire(orderId: string): Promise<void> {
    await t.db.updateTable('orders').set({ checkout_expires_at: nowSeconds() - 1 }).where('id', '=', orderId).execute();
  }

  it('tells when a checkout expires: 72 hours after it was made by default', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });
    expect(ready.checkout.meta.expires_at).toBe(ready.checkout.data.created_at + 72 * HOUR);
    expect((await read(ready.orderId)).meta.expires_at).toBe(ready.checkout.meta.expires_at);
  });

  it('refuses to pay or change an expired checkout (409 invalid_state, current expired), and checks its cart out afresh', async () => {
    const ready = await readyCheckout(t, { items: [{ price: 1000, stock: 5 }], shippingPrice: 500 });
    await expire(ready.orderId);
    const before = await orderRow(t, ready.orderId);

    const paid = await pay(t, ready.orderId);
    expectProblem(paid, 409, 'invalid_state');
    expect(paid.body).toMatchObject({ field: 'status', current: 'expired', requested: 'placed', expired_at: before.checkout_expires_at });
    const updated = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { customer: { email: ready.email } });
    expectProblem(updated, 409, 'invalid_state');
    expect(updated.body).toMatchObject({ current: 'expired' });
    const methods = await t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: ready.rateId }, payment: { gateway: ready.gatewayId } });
    expectProblem(methods, 409, 'invalid_state');
    expect(methods.body).toMatchObject({ current: 'expired' });
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect(await orderRow(t, ready.orderId)).toEqual(before);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(5);

    const started = nowSeconds();
    const fresh = await t.storefront.post(`/v1/carts/${ready.cartId}/checkout`, {});
    expect(fresh.status, fresh.text).toBe(200);
    const freshId: string = fresh.body.data.id;
    expect(freshId).not.toBe(ready.orderId);
    expect(fresh.body.data).toMatchObject({ status: 'created', total_items_price: 1000 });
    expect(fresh.body.meta.expires_at).toBeGreaterThanOrEqual(started + 72 * HOUR);
    // The expired checkout stays as it was, and still refuses payment.
    expect(await orderRow(t, ready.orderId)).toEqual(before);
    expectProblem(await pay(t, ready.orderId), 409, 'invalid_state');

    const data = await t.storefront.put(`/v1/checkouts/${freshId}`, { customer: { email: ready.email }, shipping: ADDRESS });
    expect(data.status, data.text).toBe(200);
    const chosen = await t.storefront.post(`/v1/checkouts/${freshId}/methods`, { shipping: { method: ready.rateId }, payment: { gateway: ready.gatewayId } });
    expect(chosen.status, chosen.text).toBe(200);
    await expectPaid(freshId, 1500);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(4);
    // Checking the cart out again now makes yet another order: the placed one is over.
    const next = await t.storefront.post(`/v1/carts/${ready.cartId}/checkout`, {});
    expect(next.status, next.text).toBe(200);
    expect([ready.orderId, freshId]).not.toContain(next.body.data.id);
  });

  it('keeps a checkout that has not expired: checking its cart out again refreshes the same order', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });
    await t.db.updateTable('orders').set({ checkout_expires_at: nowSeconds() + 60 }).where('id', '=', ready.orderId).execute();

    const started = nowSeconds();
    const again = await t.storefront.post(`/v1/carts/${ready.cartId}/checkout`, {});

    expect(again.status, again.text).toBe(200);
    expect(again.body.data.id).toBe(ready.orderId);
    expect(again.body.meta.expires_at).toBeGreaterThanOrEqual(started + 72 * HOUR);
  });
});

describeEachDatabase('checkout expiry with STOREFRONT_CHECKOUT_TTL_HOURS set', (t) => {
  it('expires checkouts after the configured hours', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });

    expect(ready.checkout.meta.expires_at).toBe(ready.checkout.data.created_at + HOUR);
    const row = await orderRow(t, ready.orderId);
    expect(row.checkout_expires_at).toBe(row.created_at + HOUR);
  });
}, { checkoutTtlHours: 1 });
