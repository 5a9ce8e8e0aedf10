import { expect, it } from 'vitest';
import { newId } from '../../../src/lib/ids.js';
import { placedOrder } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

const at = (iso: string) => Date.parse(iso) / 1000;

function ok(res: { status: number; text: string; body: any }, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
}

/** An order paid through checkout, then dated as if placed at `iso` and, when told, made by a customer. */
async function orderPlacedAt(t: TestContext, iso: string, items: Array<{ price?: number; skuId?: string; quantity?: number }>, customerId?: string) {
  const placed = await placedOrder(t, { items: items.map((item) => ({ ...item, isShippingRequired: false })), shippingPrice: 0 });
  await t.db.updateTable('orders').set({ placed_at: at(iso), ...(customerId ? { customer_id: customerId } : {}) }).where('id', '=', placed.orderId).execute();
  return placed;
}

/** Dates a refund transaction as if made at `iso`. */
async function refundedAt(t: TestContext, transactionId: string, iso: string) {
  await t.db.updateTable('transactions').set({ created_at: at(iso) }).where('id', '=', transactionId).execute();
}

async function customer(t: TestContext, firstName: string) {
  return ok(await t.admin.post('/v1/customers', { email: `${firstName.toLowerCase()}-${uniqueWord()}@example.com`, first_name: firstName, last_name: 'Smith' }), 201);
}

describeEachDatabase('net sales, refunds and top sellers', (t) => {
  it('takes refunds off the day they were made, and ranks products and customers by what they kept', async () => {
    expect((await t.admin.post('/v1/store', { timezone: 'UTC' })).status).toBe(200);
    const currency = (await t.admin.get('/v1/store')).body.data.currency;
    const ann = await customer(t, 'Ann');
    const bob = await customer(t, 'Bob');

    // Before the period: an order refunded in part during it.
    const older = await orderPlacedAt(t, '2026-03-20T10:00:00Z', [{ price: 5000 }]);
    // Ann buys a lamp and a vase, then returns the vase; Bob buys two lamps and is refunded 30.00 of them; a buyer checking out as a guest buys a cup.
    const first = await orderPlacedAt(t, '2026-04-01T10:00:00Z', [{ price: 4000 }, { price: 2000 }], ann.id);
    const [lamp, vase] = first.skus;
    const second = await orderPlacedAt(t, '2026-04-02T10:00:00Z', [{ skuId: lamp!.id, quantity: 2 }], bob.id);
    const guest = await orderPlacedAt(t, '2026-04-02T11:00:00Z', [{ price: 1500 }]);

    const vaseItem = first.order.items.find((item: any) => item.sku_id === vase!.id);
    const made = ok(await t.admin.post(`/v1/orders/${first.orderId}/returns`, { items: [{ id: vaseItem.id, quantity: 1, reason: 'damaged' }] }), 201);
    ok(await t.admin.post(`/v1/orders/${first.orderId}/returns/${made.id}/receive`, {}));
    const returned = ok(await t.admin.post(`/v1/orders/${first.orderId}/returns/${made.id}/refund`, {}));
    expect(returned.refunded_amount).toBe(2000);
    await refundedAt(t, returned.transaction_id, '2026-04-03T09:00:00Z');
    const partial = ok(await t.admin.post(`/v1/orders/${second.orderId}/transactions`, { kind: 'refund', amount: 3000 }), 201);
    await refundedAt(t, partial.id, '2026-04-03T10:00:00Z');
    const late = ok(await t.admin.post(`/v1/orders/${older.orderId}/transactions`, { kind: 'refund', amount: 1000 }), 201);
    await refundedAt(t, late.id, '2026-04-02T12:00:00Z');
    // A declined refund moves no money: it is not counted.
    await t.db.insertInto('transactions').values({
      ...(await t.db.selectFrom('transactions').selectAll().where('id', '=', partial.id).executeTakeFirstOrThrow()),
      id: newId('tra'), status: 'failed', amount: 700, idempotency_key: null,
    }).execute();

    const report = ok(await t.admin.get('/v1/reports/sales?since=2026-04-01&until=2026-04-03'));
    expect(report).toMatchObject({
      object: 'sales_report', since: '2026-04-01', until: '2026-04-03', currency,
      gross_sales: 6000 + 8000 + 1500, refunds: 2000 + 3000 + 1000, total_sales: 15500 - 6000, order_count: 3,
      days: [
        { date: '2026-04-01', gross_sales: 6000, refunds: 0, total_sales: 6000, order_count: 1 },
        { date: '2026-04-02', gross_sales: 9500, refunds: 1000, total_sales: 8500, order_count: 2 },
        { date: '2026-04-03', gross_sales: 0, refunds: 5000, total_sales: -5000, order_count: 0 },
      ],
    });
    // The vase came back whole and the older order's product sold before the period: neither kept anything in it.
    expect(report.top_products).toEqual([
      { product_id: lamp!.productId, name: first.order.items.find((item: any) => item.sku_id === lamp!.id).product_name, units_sold: 3, total_sales: 4000 + 8000 - 3000 },
      { product_id: guest.skus[0]!.productId, name: guest.order.items[0].product_name, units_sold: 1, total_sales: 1500 },
    ]);
    // Checkout makes a customer record of a guest buyer: they rank too.
    const { customer_id: guestId } = await t.db.selectFrom('orders').select('customer_id').where('id', '=', guest.orderId).executeTakeFirstOrThrow();
    expect(report.top_customers).toEqual([
      { customer_id: bob.id, name: 'Bob Smith', email: bob.email, order_count: 1, total_sales: 8000 - 3000 },
      { customer_id: ann.id, name: 'Ann Smith', email: ann.email, order_count: 1, total_sales: 6000 - 2000 },
      { customer_id: guestId, name: `${guest.firstName} ${guest.lastName}`, email: guest.email, order_count: 1, total_sales: 1500 },
    ]);

    // The day before the refunds, nothing was refunded yet.
    const before = ok(await t.admin.get('/v1/reports/sales?since=2026-04-01&until=2026-04-02'));
    expect(before).toMatchObject({ gross_sales: 15500, refunds: 1000, total_sales: 14500 });
    expect(before.top_customers.map((row: any) => [row.customer_id, row.total_sales])).toEqual([[bob.id, 8000], [ann.id, 6000], [guestId, 1500]]);
  });

  it('leaves out the refunds of canceled orders, as their sales are', async () => {
    expect((await t.admin.post('/v1/store', { timezone: 'UTC' })).status).toBe(200);
    const order = await orderPlacedAt(t, '2026-05-01T10:00:00Z', [{ price: 2500 }]);
    const refund = ok(await t.admin.post(`/v1/orders/${order.orderId}/transactions`, { kind: 'refund', amount: 500 }), 201);
    await refundedAt(t, refund.id, '2026-05-01T12:00:00Z');
    const counted = ok(await t.admin.get('/v1/reports/sales?since=2026-05-01&until=2026-05-01'));
    expect(counted).toMatchObject({ gross_sales: 2500, refunds: 500, total_sales: 2000 });
    await t.db.updateTable('orders').set({ status: 'canceled' }).where('id', '=', order.orderId).execute();
    const canceled = ok(await t.admin.get('/v1/reports/sales?since=2026-05-01&until=2026-05-01'));
    expect(canceled).toMatchObject({ gross_sales: 0, refunds: 0, total_sales: 0, top_products: [], top_customers: [] });
  });
});
