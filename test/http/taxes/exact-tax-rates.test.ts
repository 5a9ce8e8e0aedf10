import { expect, it } from 'vitest';
import { ADDRESS, pay, readyCheckout } from '../../helpers/checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Its own database: it sets the rate of the buyers' state (New York) and the store's tax setting.
// New York City's combined sales tax is 8.875 %: 887.5 basis points, which an integer rate cannot hold.
describeEachDatabase('exact tax rates at checkout', (t) => {
  async function setUp(taxIncluded: boolean) {
    expect((await t.admin.post('/v1/store', { is_tax_included: taxIncluded })).status).toBe(200);
    const rates = (await t.admin.get('/v1/tax_rates?per_page=250')).body.data;
    const nyc = rates.find((r: any) => r.country_code === ADDRESS.country_code && r.state_code === ADDRESS.state_code);
    const res = nyc
      ? await t.admin.post(`/v1/tax_rates/${nyc.id}`, { rate: 887.5 })
      : await t.admin.post('/v1/tax_rates', { country_code: ADDRESS.country_code, state_code: ADDRESS.state_code, rate: 887.5 });
    expect(res.status, res.text).toBeLessThan(300);
    return readyCheckout(t, { items: [{ price: 20_000 }, { price: 1000, quantity: 3 }], shippingPrice: 500 });
  }

  it('adds taxes at 8.875 % exactly, each line rounded half up to the cent', async () => {
    const ready = await setUp(false);

    // 20000 × 8.875 % = 1775 (887 basis points would give 1774, 888 give 1776); 3000 × 8.875 % = 266.25 → 266.
    const { checkout } = ready;
    expect(checkout.data.items.map((i: any) => [i.subtotal, i.taxes, i.total])).toEqual([
      [20_000, 1775, 21_775],
      [3000, 266, 3266],
    ]);
    // The item's tax_rate stays the spec's integer: the rate rounded to the nearest basis point.
    expect(checkout.data.items.map((i: any) => i.tax_rate)).toEqual([888, 888]);
    expect(checkout.data).toMatchObject({ total_taxes: 2041, total_price: 23_000 + 2041 + 500 });

    const paid = await pay(t, ready.orderId);
    expect(paid.status, paid.text).toBe(200);
    const order = (await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data;
    expect(order).toMatchObject({ total_taxes: 2041, total_price: 25_541 });
    expect(order.items.map((i: any) => [i.tax_rate, i.taxes])).toEqual([[888, 1775], [888, 266]]);
  });

  it('extracts taxes at 8.875 % exactly when prices include tax', async () => {
    try {
      const ready = await setUp(true);

      // 20000 × 887.5 / 10887.5 = 1630.3 → 1630 (887 gives 1629, 888 gives 1631); 3000 × 887.5 / 10887.5 = 244.5 → 245.
      expect(ready.checkout.data.items.map((i: any) => [i.subtotal, i.taxes, i.total])).toEqual([
        [20_000, 1630, 20_000],
        [3000, 245, 3000],
      ]);
      expect(ready.checkout.data).toMatchObject({ total_taxes: 1875, total_price: 23_500 });
      const paid = await pay(t, ready.orderId);
      expect(paid.status, paid.text).toBe(200);
      expect((await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data).toMatchObject({ total_taxes: 1875, total_price: 23_500 });
    } finally {
      expect((await t.admin.post('/v1/store', { is_tax_included: false })).status).toBe(200);
    }
  });
});
