import { expect, it } from 'vitest';
import { ADDRESS, pay, readyCheckout } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Its own database: it changes the store's tax setting and the buyer country's rate.
describeEachDatabase('taxes on discounted prices', (t) => {
  async function setUp(taxIncluded: boolean) {
    expect((await t.admin.post('/v1/store', { is_tax_included: taxIncluded })).status).toBe(200);
    const rates = (await t.admin.get('/v1/tax_rates')).body.data;
    if (!rates.some((r: any) => r.country_code === ADDRESS.country_code && r.state_code === null)) {
      expect((await t.admin.post('/v1/tax_rates', { country_code: ADDRESS.country_code, rate: 1000 })).status).toBe(201);
    }
    const code = (await t.admin.post('/v1/discounts', { code: `TAX${uniqueWord()}`, title: 'Fifth off', kind: 'percentage', value: 2000 })).body.data;
    const ready = await readyCheckout(t, { items: [{ price: 1999, quantity: 2 }, { price: 1001 }], shippingPrice: 500 });
    const res = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { discount_codes: [code.code] });
    expect(res.status, res.text).toBe(200);
    return { ready, checkout: res.body.data };
  }

  it('adds taxes on the discounted lines when prices exclude tax; total = subtotal − discount + taxes', async () => {
    const { ready, checkout } = await setUp(false);
    // 20 % of 4999 is 999.8 → 1000, split 3998:1001 → 800 and 200.
    expect(checkout.items.map((i: any) => [i.subtotal, i.discount, i.taxes, i.total])).toEqual([
      [3998, 800, 320, 3518],
      [1001, 200, 80, 881],
    ]);
    expect(checkout).toMatchObject({ total_items_price: 4999, total_discount: 1000, subtotal_price: 3999, total_taxes: 400, total_price: 3999 + 400 + 500 });
    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    const order = (await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data;
    expect(order.items.map((i: any) => i.total)).toEqual([3518, 881]);
    expect(order.total_price).toBe(4899);
  });

  it('extracts taxes from the discounted lines when prices include tax; total = subtotal − discount', async () => {
    try {
      const { ready, checkout } = await setUp(true);
      // 3198 × 1000 / 11000 = 290.7 → 291; 801 × 1000 / 11000 = 72.8 → 73.
      expect(checkout.items.map((i: any) => [i.subtotal, i.discount, i.taxes, i.total])).toEqual([
        [3998, 800, 291, 3198],
        [1001, 200, 73, 801],
      ]);
      expect(checkout).toMatchObject({ total_discount: 1000, subtotal_price: 3999, total_taxes: 364, total_price: 3999 + 500 });
      const paid = await pay(t, ready.orderId);
      expect(paid.status, paid.text).toBe(200);
      expect((await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data.total_price).toBe(4499);
    } finally {
      expect((await t.admin.post('/v1/store', { is_tax_included: false })).status).toBe(200);
    }
  });
});
