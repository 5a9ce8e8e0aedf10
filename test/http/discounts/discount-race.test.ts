import { afterEach, expect, it, vi } from 'vitest';
import { testDriver } from '../../../src/modules/payments/drivers/test.js';
import { expectLeftPayable, makeGateway, makeRate, pay, readyCheckout, transactionRows } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** Every order the gateway was asked to charge: a buyer refused before the charge is never among them. */
function chargedOrders(): Set<string> {
  const charged = new Set<string>();
  const authorize = testDriver.authorize.bind(testDriver);
  vi.spyOn(testDriver, 'authorize').mockImplementation(async (request) => {
    charged.add(request.orderId);
    return authorize(request);
  });
  return charged;
}

describeEachDatabase('discount usage under concurrent payments', (t) => {
  afterEach(() => vi.restoreAllMocks());

  it('never over-redeems nor charges a loser: 20 concurrent payments with a code limited to 5 charge and place exactly 5 orders; the rest get 409 before any money moves', async () => {
    const LIMIT = 5;
    const BUYERS = 20;
    const code = (await t.admin.post('/v1/discounts', { code: `RACE${uniqueWord()}`, title: 'Race', kind: 'percentage', value: 1000, usage_limit: LIMIT })).body.data;
    const gateway = await makeGateway(t);
    const rateId = await makeRate(t);
    const checkouts = [];
    // Each buyer its own sku: no stock row shared by the placements orders them one after the other.
    for (let i = 0; i < BUYERS; i += 1) {
      const ready = await readyCheckout(t, { items: [{ price: 2000 }], gateway: gateway.id, rateId });
      const res = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code.code] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.total_discount).toBe(200);
      checkouts.push(ready);
    }

    const charged = chargedOrders();

    const answers = await Promise.all(checkouts.map((ready) => pay(t, ready.orderId)));

    const winners = answers.filter((res) => res.status === 200);
    expect(winners, answers.map((res) => `${res.status} ${res.body?.code ?? ''}`).join('\n')).toHaveLength(LIMIT);
    expect(charged).toEqual(new Set(winners.map((res) => res.body.data.id)));
    for (const res of answers.filter((r) => r.status !== 200)) expectProblem(res, 409, 'checkout_changed');
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(LIMIT);
    const redemptions = await t.db.selectFrom('discount_redemptions').selectAll().where('discount_id', '=', code.id).execute();
    expect(redemptions).toHaveLength(LIMIT);

    const rows = await t.db.selectFrom('orders').selectAll().where('id', 'in', checkouts.map((c) => c.orderId)).execute();
    const placed = rows.filter((row) => row.status === 'placed');
    expect(placed).toHaveLength(LIMIT);
    expect(placed.every((row) => Number(row.total_discount) === 200)).toBe(true);
    expect(new Set(redemptions.map((r) => r.order_id))).toEqual(new Set(placed.map((row) => row.id)));
    for (const row of rows.filter((r) => r.status !== 'placed')) {
      await expectLeftPayable(t, row.id);
      expect(await transactionRows(t, row.id)).toEqual([]);
      expect(row.reserved_at).toBeNull();
      // Re-priced without the exhausted code, so the buyer reads the new total.
      expect(JSON.parse(row.discount_codes!)).toEqual([]);
    }
  });
  it('never lets one buyer pass its per-customer limit: 6 concurrent payments by one email with a code of one use per customer place one order', async () => {
    const BUYS = 6;
    const code = (await t.admin.post('/v1/discounts', { code: `ONCE${uniqueWord()}`, title: 'Once each', kind: 'fixed_amount', value: 100, usage_limit_per_customer: 1 })).body.data;
    const gateway = await makeGateway(t);
    const rateId = await makeRate(t);
    const email = `${uniqueWord()}@example.com`;
    const checkouts = [];
    for (let i = 0; i < BUYS; i += 1) {
      const ready = await readyCheckout(t, { items: [{ price: 2000 }], gateway: gateway.id, rateId, customer: { email } });
      expect((await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code.code] })).status).toBe(200);
      checkouts.push(ready);
    }

    const charged = chargedOrders();

    const answers = await Promise.all(checkouts.map((ready) => pay(t, ready.orderId)));

    expect(answers.filter((res) => res.status === 200), answers.map((res) => `${res.status} ${res.body?.code ?? ''}`).join('\n')).toHaveLength(1);
    expect(charged.size).toBe(1);
    for (const res of answers.filter((r) => r.status !== 200)) expectProblem(res, 409, 'checkout_changed');
    expect(await t.db.selectFrom('discount_redemptions').selectAll().where('discount_id', '=', code.id).execute()).toHaveLength(1);
    expect((await t.admin.get(`/v1/discounts/${code.id}`)).body.data.times_used).toBe(1);
    for (const ready of checkouts.filter((_, i) => answers[i]!.status !== 200)) await expectLeftPayable(t, ready.orderId);
  });

  it('never charges a buyer who loses the last units: 20 concurrent payments for a sku with 5 in stock charge and place exactly 5 orders; the rest get 409 out_of_stock before any money moves', async () => {
    const STOCK = 5;
    const BUYERS = 20;
    const gateway = await makeGateway(t);
    const rateId = await makeRate(t);
    const first = await readyCheckout(t, { items: [{ price: 1500, stock: STOCK }], gateway: gateway.id, rateId });
    const skuId = first.skus[0]!.id;
    const checkouts = [first];
    for (let i = 1; i < BUYERS; i += 1) checkouts.push(await readyCheckout(t, { items: [{ skuId }], gateway: gateway.id, rateId }));
    const charged = chargedOrders();

    const answers = await Promise.all(checkouts.map((ready) => pay(t, ready.orderId)));

    const winners = answers.filter((res) => res.status === 200);
    expect(winners, answers.map((res) => `${res.status} ${res.body?.code ?? ''}`).join('\n')).toHaveLength(STOCK);
    for (const res of answers.filter((r) => r.status !== 200)) expectProblem(res, 409, 'out_of_stock');
    expect(charged).toEqual(new Set(winners.map((res) => res.body.data.id)));
    expect((await t.admin.get(`/v1/skus/${skuId}`)).body.data.in_stock).toBe(0);
    for (const ready of checkouts.filter((_, i) => answers[i]!.status !== 200)) {
      await expectLeftPayable(t, ready.orderId);
      expect(await transactionRows(t, ready.orderId)).toEqual([]);
    }
  });
});
