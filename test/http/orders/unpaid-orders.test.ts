import { expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { cancelUnpaidOrders } from '../../../src/modules/orders/unpaid-orders.js';
import { eventsOf, makeGateway, orderRow, pay, payWith, placedOrder, readyCheckout, stockOf } from '../../helpers/checkout.js';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const HOUR_MS = 3_600_000;
const TTL_HOURS = 72;

describeEachDatabase('unpaid offline orders', (t) => {
  const handle = () => ({ db: t.db, kind: t.kind }) as DatabaseHandle;
  /** The sweep run as if `hours` had passed since now. */
  const sweepAfter = (hours: number) => cancelUnpaidOrders(handle(), TTL_HOURS, Date.now() + hours * HOUR_MS);

  /** A storefront's order placed with the manual gateway (a bank transfer), awaiting its money. */
  async function unpaidOrder(options: { stock?: number; quantity?: number } = {}) {
    const order = await placedOrder(t, { gateway: { driver: 'manual' }, items: [{ stock: options.stock ?? 5, quantity: options.quantity ?? 1 }] });
    expect(order.order).toMatchObject({ status: 'placed', financial_status: 'pending', source_name: null });
    return order;
  }

  it('gives back the stock an unpaid bank-transfer order holds once it is older than the TTL (security)', async () => {
    // An anonymous buyer takes the last unit by a transfer it never makes: nobody else can buy it.
    const order = await unpaidOrder({ stock: 1 });
    const sku = order.skus[0]!;
    expect(await stockOf(t, sku.id)).toBe(0);
    expectProblem(await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } }), 409, 'out_of_stock');

    const sweptAt = Date.now() + (TTL_HOURS + 1) * HOUR_MS;
    const swept = await cancelUnpaidOrders(handle(), TTL_HOURS, sweptAt);

    expect(await stockOf(t, sku.id), 'the unit the unpaid order held').toBe(1);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(await orderRow(t, order.orderId)).toMatchObject({
      status: 'canceled', financial_status: 'pending', cancel_reason: 'declined', canceler_id: null, canceled_at: Math.floor(sweptAt / 1000),
    });
    const [canceled] = await eventsOf(t, order.orderId, 'order.canceled');
    expect(canceled.data.object).toMatchObject({ id: order.orderId, status: 'canceled', cancel_reason: 'declined', canceler_id: null });
    const stockEvents = await eventsOf(t, sku.id, 'sku.updated');
    expect(stockEvents[0].data.object).toMatchObject({ id: sku.id, in_stock: 1 });
    // The buyer is told, as for any placed order canceled.
    const told = await t.admin.get(`/v1/notifications?order_id=${order.orderId}&kind=order_canceled`);
    expect(told.body.data).toHaveLength(1);
    // The unit is for sale again.
    const rival = await readyCheckout(t, { items: [{ skuId: sku.id }] });
    const paid = await pay(t, rival.orderId);
    expect(paid.status, paid.text).toBe(200);
  });

  it('leaves alone an unpaid order younger than the TTL', async () => {
    const order = await unpaidOrder({ stock: 2 });
    await sweepAfter(TTL_HOURS - 1);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'placed', financial_status: 'pending', canceled_at: null });
    expect(await stockOf(t, order.skus[0]!.id)).toBe(1);
    expect(await eventsOf(t, order.orderId, 'order.canceled')).toEqual([]);
  });

  it('never cancels an order whose money arrived (captured), nor one paid by card', async () => {
    const transfer = await unpaidOrder({ stock: 2 });
    const capture = await t.admin.post(`/v1/orders/${transfer.orderId}/transactions`, { kind: 'capture' });
    expect(capture.status, capture.text).toBe(201);
    const part = await unpaidOrder({ stock: 2 });
    const partial = await t.admin.post(`/v1/orders/${part.orderId}/transactions`, { kind: 'capture', amount: 1 });
    expect(partial.status, partial.text).toBe(201);
    const card = await placedOrder(t, { items: [{ stock: 2 }] });

    await sweepAfter(TTL_HOURS * 10);

    expect(await orderRow(t, transfer.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid' });
    expect(await orderRow(t, part.orderId)).toMatchObject({ status: 'placed', financial_status: 'partially_paid' });
    expect(await orderRow(t, card.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid' });
    for (const order of [transfer, part, card]) {
      expect(await stockOf(t, order.skus[0]!.id)).toBe(1);
      expect(await eventsOf(t, order.orderId, 'order.canceled')).toEqual([]);
    }
  });

  it('leaves alone what staff took or chose: an order staff placed on payment terms, an unpaid order shipped, one whose payment is being recorded', async () => {
    const gateway = await makeGateway(t, 'manual');
    const staff = await readyCheckout(t, { client: t.admin, gateway: gateway.id, items: [{ stock: 2 }] });
    const placed = await payWith(t, staff.orderId, { method: 'transfer' }, t.admin);
    expect(placed.body.data).toMatchObject({ status: 'placed', financial_status: 'pending', source_name: 'admin' });
    const shipped = await unpaidOrder({ stock: 2 });
    expect((await t.admin.post(`/v1/orders/${shipped.orderId}/fulfillments`, {})).status).toBe(201);
    const claimed = await unpaidOrder({ stock: 2 });
    // A capture under way holds the order's claim while it calls the gateway.
    await t.db.updateTable('orders').set({ payment_claimed_at: Math.floor(Date.now() / 1000) + TTL_HOURS * 10 * 3600 }).where('id', '=', claimed.orderId).execute();

    await sweepAfter(TTL_HOURS * 10);

    for (const order of [staff, shipped, claimed]) {
      expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'placed', financial_status: 'pending' });
      expect(await eventsOf(t, order.orderId, 'order.canceled')).toEqual([]);
    }
    expect(await stockOf(t, staff.skus[0]!.id)).toBe(1);
    expect(await stockOf(t, claimed.skus[0]!.id)).toBe(1);
  });

  it('cancels each order once when several processes sweep at once', async () => {
    const orders = [await unpaidOrder({ stock: 3, quantity: 2 }), await unpaidOrder({ stock: 3, quantity: 2 })];
    const at = Date.now() + (TTL_HOURS + 1) * HOUR_MS;

    const swept = await Promise.all([1, 2, 3].map(() => cancelUnpaidOrders(handle(), TTL_HOURS, at)));

    for (const order of orders) {
      expect(await stockOf(t, order.skus[0]!.id)).toBe(3);
      expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'canceled' });
      expect(await eventsOf(t, order.orderId, 'order.canceled')).toHaveLength(1);
    }
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
  });

  it('cancels nothing when the TTL is 0 (the shop chases its transfers itself)', async () => {
    const order = await unpaidOrder({ stock: 2 });
    expect(await cancelUnpaidOrders(handle(), 0, Date.now() + 1000 * HOUR_MS)).toBe(0);
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'placed', financial_status: 'pending' });
  });
});
