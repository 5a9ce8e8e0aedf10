import type { DatabaseHandle } from '../../../src/db/database.js';
import { deliverDue } from '../../../src/modules/webhooks/delivery.js';
import { expect, it } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const at = (iso: string) => Date.parse(iso) / 1000;

/** An order placed through checkout, then dated as if placed at `iso` (a shop's older orders). */
async function orderPlacedAt(t: TestContext, iso: string, price: number): Promise<string> {
  const { orderId } = await placedOrder(t, { items: [{ price }], shippingPrice: 0 });
  await t.db.updateTable('orders').set({ placed_at: at(iso) }).where('id', '=', orderId).execute();
  return orderId;
}

async function sales(t: TestContext, query: string) {
  const res = await t.admin.get(`/v1/reports/sales${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const localToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

describeEachDatabase('what the dashboard home reads', (t) => {
  it("sums the orders placed each day of the store's time zone, canceled ones and other currencies left out", async () => {
    expect((await t.admin.post('/v1/store', { timezone: 'Asia/Kolkata' })).status).toBe(200);
    const currency = (await t.admin.get('/v1/store')).body.data.currency;
    // Twenty minutes apart in UTC and on the same UTC date, but either side of midnight in India (UTC+5:30).
    await orderPlacedAt(t, '2026-03-01T18:20:00Z', 1000);
    await orderPlacedAt(t, '2026-03-01T18:40:00Z', 2500);
    const canceled = await orderPlacedAt(t, '2026-03-02T06:00:00Z', 7000);
    expect((await t.admin.post(`/v1/orders/${canceled}/cancel`, {})).status).toBe(200);
    const foreign = await orderPlacedAt(t, '2026-03-02T07:00:00Z', 9000);
    await t.db.updateTable('orders').set({ currency: currency === 'EUR' ? 'USD' : 'EUR' }).where('id', '=', foreign).execute();
    await orderPlacedAt(t, '2026-03-03T18:29:00Z', 400); // 23:59 on the 3rd in India
    await orderPlacedAt(t, '2026-03-03T18:30:00Z', 800); // midnight: the 4th, after the report

    const report = await sales(t, '?since=2026-03-01&until=2026-03-03');
    expect(report).toEqual({
      object: 'sales_report', since: '2026-03-01', until: '2026-03-03', timezone: 'Asia/Kolkata', currency,
      gross_sales: 3900, refunds: 0, total_sales: 3900, order_count: 3,
      days: [
        { date: '2026-03-01', gross_sales: 1000, refunds: 0, total_sales: 1000, order_count: 1 },
        { date: '2026-03-02', gross_sales: 2500, refunds: 0, total_sales: 2500, order_count: 1 },
        { date: '2026-03-03', gross_sales: 400, refunds: 0, total_sales: 400, order_count: 1 },
      ],
      top_products: expect.any(Array),
      top_customers: expect.any(Array),
    });
    // Each order is a buyer's and a product's own; the one placed at midnight in India is the 4th's.
    expect(report.top_products.map((row: { total_sales: number }) => row.total_sales)).toEqual([2500, 1000, 400]);
    expect(report.top_customers.map((row: { total_sales: number }) => row.total_sales)).toEqual([2500, 1000, 400]);

    // A day of 23 hours: New York moves its clocks on 8 March 2026; 04:15 UTC on the 9th is 00:15 there (EDT), not 23:15.
    expect((await t.admin.post('/v1/store', { timezone: 'America/New_York' })).status).toBe(200);
    await orderPlacedAt(t, '2026-03-09T04:15:00Z', 1200);
    const spring = await sales(t, '?since=2026-03-08&until=2026-03-09');
    expect(spring.days).toEqual([
      { date: '2026-03-08', gross_sales: 0, refunds: 0, total_sales: 0, order_count: 0 },
      { date: '2026-03-09', gross_sales: 1200, refunds: 0, total_sales: 1200, order_count: 1 },
    ]);
    expect(spring.top_products.map((row: { total_sales: number }) => row.total_sales)).toEqual([1200]);
  });

  it('reports the 30 days ending today by default, and refuses dates it cannot read', async () => {
    expect((await t.admin.post('/v1/store', { timezone: 'UTC' })).status).toBe(200);
    await placedOrder(t, { items: [{ price: 1500 }], shippingPrice: 0 });
    const before = localToday('UTC');
    const report = await sales(t, '');
    expect([before, localToday('UTC')]).toContain(report.until);
    expect(report.days).toHaveLength(30);
    expect(report.days[0].date).toBe(report.since);
    expect(report.days.at(-1)).toMatchObject({ date: report.until });
    expect(report.days.at(-1).order_count).toBeGreaterThanOrEqual(1);
    expect(report.order_count).toBe(report.days.reduce((sum: number, day: { order_count: number }) => sum + day.order_count, 0));

    expectInvalid(await t.admin.get('/v1/reports/sales?since=2026-03-05&until=2026-03-04'), 'since');
    expectInvalid(await t.admin.get('/v1/reports/sales?since=2026-02-30&until=2026-03-04'), 'since');
    expectInvalid(await t.admin.get('/v1/reports/sales?until=2026-13-01'), 'until');
    expectInvalid(await t.admin.get('/v1/reports/sales?since=2024-01-01&until=2026-03-04'), 'since');
    expect((await t.admin.get('/v1/reports/sales?since=yesterday')).status).toBe(400);
    expect((await t.admin.get('/v1/reports/sales?since=2025-03-05&until=2026-03-05')).body.data.days).toHaveLength(366);
  });

  it('lets staff keys read the report, a read-only one included, and no storefront', async () => {
    const readOnly = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(readOnly.status, readOnly.text).toBe(201);
    const reader = t.as({ authorization: `Bearer ${readOnly.body.data.token}` });
    expect((await reader.get('/v1/reports/sales')).status).toBe(200);
    expectProblem(await t.storefront.get('/v1/reports/sales'), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/reports/sales'), 401, 'unauthorized');
  });

  it('lists the skus at or below their low-stock threshold, and the others', async () => {
    const { createProduct } = catalogFactories(t);
    const skuWith = async (fields: Record<string, unknown>) => {
      const product = await createProduct();
      const res = await t.admin.post(`/v1/skus/${product.sku_id}`, fields);
      expect(res.status, res.text).toBe(200);
      return res.body.data.id as string;
    };
    const below = await skuWith({ stock_policy: 'overall', in_stock: 2, low_threshold: 5 });
    const atThreshold = await skuWith({ stock_policy: 'overall', in_stock: 5, low_threshold: 5 });
    const above = await skuWith({ stock_policy: 'overall', in_stock: 6, low_threshold: 5 });
    const noThreshold = await skuWith({ stock_policy: 'overall', in_stock: 0, low_threshold: null });
    const uncounted = await skuWith({ stock_policy: 'none', in_stock: 0, low_threshold: 5 });
    const mine = [below, atThreshold, above, noThreshold, uncounted];

    const listed = async (query: string) => {
      const res = await t.admin.get(`/v1/skus?${query}&per_page=100`);
      expect(res.status, res.text).toBe(200);
      return ids(res.body.data).filter((id) => mine.includes(id));
    };
    expect(await listed('low_stock=true')).toEqual([below, atThreshold]);
    expect(await listed('low_stock=false')).toEqual([above, noThreshold, uncounted]);
    const count = await t.admin.get('/v1/skus?low_stock=true&per_page=1');
    expect(count.body.meta.pagination.total_items).toBeGreaterThanOrEqual(2);
    expect((await t.admin.get('/v1/skus?low_stock=maybe')).status).toBe(400);
  });

  it('lists the webhook endpoints failing since their last success', async () => {
    const failing = await t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/closed' });
    const healthy = await t.admin.post('/v1/webhooks', { url: 'http://127.0.0.1:9/never-called', events: ['order.archived'] });
    expect(failing.status, failing.text).toBe(201);
    expect(healthy.status, healthy.text).toBe(201);
    expect((await t.admin.post('/v1/products', { name: `Hooked ${uniqueWord()}` })).status).toBe(201);
    await deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, { retryBaseMs: 60_000, allowPrivate: true, timeoutMs: 2000, batchSize: 50 });

    const list = async (query: string) => {
      const res = await t.admin.get(`/v1/webhooks${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const failingList = await list('?failing=true');
    expect(ids(failingList.data)).toEqual([failing.body.data.id]);
    expect(failingList.data[0].failing_since).toEqual(expect.any(Number));
    expect(failingList.meta.pagination.total_items).toBe(1);
    expect(ids((await list('?failing=false')).data)).toEqual([healthy.body.data.id]);
    expect(ids((await list('')).data)).toEqual([failing.body.data.id, healthy.body.data.id]);
  });
});
