import { expect, it } from 'vitest';
import { indexQueuedOrders } from '../../../src/modules/orders/order-search.js';
import { CARDS, makeGateway, makeRate, makeSku, pay, payWith, readyCheckout, type ReadySku } from '../../helpers/checkout.js';
import { assertInvariants, stockBaseline, type StockBaseline } from '../../helpers/invariants.js';
import { describeEachDatabase } from '../../helpers/test-app.js';


describeEachDatabase('store invariants', (t) => {
  let taxed = false;

  /**
   * A store after a few real checkouts through the API, on skus made before the baseline: a paid
   * order partly shipped and partly refunded, an authorization partly captured, a manual payment
   * awaited, a declined payment, a placed order canceled (its stock back), an order still being
   * checked out.
   */
  async function storeWithOrders(): Promise<{ baseline: StockBaseline; skus: ReadySku[]; paid: string; authorized: string; open: string }> {
    const skus = [await makeSku(t, { stock: 20, price: 1250 }), await makeSku(t, { stock: 20, price: 399 })];
    const [a, b] = skus as [ReadySku, ReadySku];
    const card = await makeGateway(t);
    const authorizing = await makeGateway(t, 'test', { capture: 'manual' });
    const manual = await makeGateway(t, 'manual');
    const rateId = await makeRate(t, 650);
    if (!taxed) {
      const tax = await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'NY', rate: 888 });
      expect(tax.status, tax.text).toBe(201);
      taxed = true;
    }
    const baseline = await stockBaseline(t);

    const paid = await readyCheckout(t, { items: [{ skuId: a.id, quantity: 3 }, { skuId: b.id, quantity: 2 }], gateway: card.id, rateId });
    expect((await pay(t, paid.orderId)).status).toBe(200);
    const items = (await t.admin.get(`/v1/orders/${paid.orderId}`)).body.data.items as Array<{ id: string; sku_id: string }>;
    const shipped = await t.admin.post(`/v1/orders/${paid.orderId}/fulfillments`, { items: [{ id: items.find((i) => i.sku_id === a.id)!.id, quantity: 2 }] });
    expect(shipped.status, shipped.text).toBe(201);
    expect((await t.admin.post(`/v1/orders/${paid.orderId}/transactions`, { kind: 'refund', amount: 500 })).status).toBe(201);

    const authorized = await readyCheckout(t, { items: [{ skuId: a.id, quantity: 1 }], gateway: authorizing.id, rateId });
    expect((await pay(t, authorized.orderId)).status).toBe(200);
    expect((await t.admin.post(`/v1/orders/${authorized.orderId}/transactions`, { kind: 'capture', amount: 1000 })).status).toBe(201);

    const awaited = await readyCheckout(t, { items: [{ skuId: b.id, quantity: 1 }], gateway: manual.id, rateId });
    expect((await payWith(t, awaited.orderId, { method: 'transfer' })).status).toBe(200);

    const declinedThenCanceled = await readyCheckout(t, { items: [{ skuId: b.id, quantity: 4 }], gateway: card.id, rateId });
    expect((await pay(t, declinedThenCanceled.orderId, CARDS.declined)).status).toBe(402);
    expect((await pay(t, declinedThenCanceled.orderId)).status).toBe(200);
    expect((await t.admin.post(`/v1/orders/${declinedThenCanceled.orderId}/cancel`, { reason: 'changed mind' })).status).toBe(200);

    const open = await readyCheckout(t, { items: [{ skuId: a.id, quantity: 1 }], gateway: card.id, rateId });
    return { baseline, skus, paid: paid.orderId, authorized: authorized.orderId, open: open.orderId };
  }

  /** Runs a corruption, expects the invariants to name it, then puts the row back and expects them to hold again. */
  async function expectCaught(corrupt: () => Promise<() => Promise<void>>, named: RegExp, baseline?: StockBaseline) {
    const restore = await corrupt();
    try {
      await expect(assertInvariants(t, baseline)).rejects.toThrow(named);
    } finally {
      await restore();
    }
    await assertInvariants(t, baseline);
  }

  it('holds on a store after real checkouts, payments, captures, refunds, shipments and a cancel', async () => {
    const { baseline, skus } = await storeWithOrders();

    await assertInvariants(t, baseline);
    await assertInvariants(t);
    // The baseline explains the stock: 3 + 1 of a placed; 2 + 1 of b placed (the 4 canceled came back).
    const stock = await t.db.selectFrom('skus').select(['id', 'in_stock']).where('id', 'in', skus.map((s) => s.id)).execute();
    const byId = new Map(stock.map((row) => [row.id, row.in_stock]));
    expect([byId.get(skus[0]!.id), byId.get(skus[1]!.id)]).toEqual([20 - 3 - 1, 20 - 2 - 1]);
  });

  it('names a sku whose stock went below 0, and one whose stock the orders do not explain', async () => {
    const { baseline, skus } = await storeWithOrders();
    const sku = skus[0]!.id;
    const stockOf = async () => (await t.db.selectFrom('skus').select('in_stock').where('id', '=', sku).executeTakeFirstOrThrow()).in_stock;
    const setStock = (value: number | null) => t.db.updateTable('skus').set({ in_stock: value }).where('id', '=', sku).execute();
    const before = await stockOf();

    await expectCaught(async () => {
      await setStock(-1);
      return async () => void (await setStock(before));
    }, new RegExp(`sku ${sku}: stock -1 is below 0`));
    await expectCaught(async () => {
      await setStock(before! + 1);
      return async () => void (await setStock(before));
    }, new RegExp(`sku ${sku}: stock ${before! + 1}, expected ${before}`), baseline);
  });

  it('names an order whose totals or lines do not add up', async () => {
    const { paid } = await storeWithOrders();
    const row = await t.db.selectFrom('orders').select(['total_price', 'total_taxes']).where('id', '=', paid).executeTakeFirstOrThrow();
    const item = await t.db.selectFrom('order_items').select(['id', 'taxes']).where('order_id', '=', paid).orderBy('id').executeTakeFirstOrThrow();
    expect(row.total_taxes).toBeGreaterThan(0);

    await expectCaught(async () => {
      await t.db.updateTable('orders').set({ total_price: row.total_price + 1 }).where('id', '=', paid).execute();
      return async () => void (await t.db.updateTable('orders').set({ total_price: row.total_price }).where('id', '=', paid).execute());
    }, new RegExp(`order ${paid}: totals do not add up: total_price ${row.total_price + 1}, expected ${row.total_price}`));
    await expectCaught(async () => {
      await t.db.updateTable('order_items').set({ taxes: item.taxes + 1 }).where('id', '=', item.id).execute();
      return async () => void (await t.db.updateTable('order_items').set({ taxes: item.taxes }).where('id', '=', item.id).execute());
    }, new RegExp(`order ${paid}: totals do not add up: item ${item.id} taxes ${item.taxes + 1}`));
  });

  it('names a placed order without its order.placed event, and an order with a number that was never placed', async () => {
    // Duplicate numbers are checked too, but the database's unique index refuses them before that.
    const { paid, open } = await storeWithOrders();

    await expectCaught(async () => {
      const event = await t.db.selectFrom('events').selectAll().where('kind', '=', 'order.placed').where('related_id', '=', paid).executeTakeFirstOrThrow();
      await t.db.deleteFrom('events').where('id', '=', event.id).execute();
      return async () => void (await t.db.insertInto('events').values(event).execute());
    }, new RegExp(`order ${paid}: placed with 0 order.placed events, expected exactly 1`));

    await expectCaught(async () => {
      await t.db.updateTable('orders').set({ number: '#999999' }).where('id', '=', open).execute();
      return async () => void (await t.db.updateTable('orders').set({ number: null }).where('id', '=', open).execute());
    }, new RegExp(`order ${open}: number #999999 but never placed`));
  });

  it('names an order whose transactions do not explain its financial_status, and a second charge', async () => {
    const { paid, authorized } = await storeWithOrders();

    await expectCaught(async () => {
      await t.db.updateTable('orders').set({ financial_status: 'paid' }).where('id', '=', authorized).execute();
      return async () => void (await t.db.updateTable('orders').set({ financial_status: 'partially_paid' }).where('id', '=', authorized).execute());
    }, new RegExp(`order ${authorized}: financial_status paid needs charges or captures of the whole total`));

    await expectCaught(async () => {
      const charge = await t.db.selectFrom('transactions').selectAll().where('order_id', '=', paid).where('kind', '=', 'charge').executeTakeFirstOrThrow();
      // Another id of the same shape: its last character changed (never to itself).
      const copy = { ...charge, id: `${charge.id.slice(0, -1)}${charge.id.endsWith('z') ? 'y' : 'z'}` };
      await t.db.insertInto('transactions').values(copy).execute();
      return async () => void (await t.db.deleteFrom('transactions').where('id', '=', copy.id).execute());
    }, new RegExp(`order ${paid}: placed with 2 payments not given back`));
  });

  it('names an order item fulfilled beyond what was ordered, or beyond what its fulfillments ship', async () => {
    const { paid } = await storeWithOrders();
    const item = await t.db.selectFrom('order_items').select(['id', 'quantity', 'fulfilled']).where('order_id', '=', paid).where('fulfilled', '>', 0).executeTakeFirstOrThrow();
    const setFulfilled = (value: number) => t.db.updateTable('order_items').set({ fulfilled: value }).where('id', '=', item.id).execute();

    await expectCaught(async () => {
      await setFulfilled(item.quantity + 1);
      return async () => void (await setFulfilled(item.fulfilled));
    }, new RegExp(`order item ${item.id} of order ${paid}: fulfilled ${item.quantity + 1} is more than the ${item.quantity} ordered`));

    await expectCaught(async () => {
      const shipped = await t.db.selectFrom('fulfillment_items').selectAll().where('order_item_id', '=', item.id).executeTakeFirstOrThrow();
      await t.db.updateTable('fulfillment_items').set({ quantity: item.quantity + 2 })
        .where('fulfillment_id', '=', shipped.fulfillment_id).where('order_item_id', '=', item.id).execute();
      return async () => void (await t.db.updateTable('fulfillment_items').set({ quantity: shipped.quantity })
        .where('fulfillment_id', '=', shipped.fulfillment_id).where('order_item_id', '=', item.id).execute());
    }, new RegExp(`order item ${item.id} of order ${paid}: fulfillments ship ${item.quantity + 2}, more than the ${item.quantity} ordered`));
  });

  it("names a search term whose stored count is not its orders'", async () => {
    const { paid } = await storeWithOrders();
    await indexQueuedOrders(t.db);
    const { term } = await t.db.selectFrom('order_search_terms').select('term').where('order_id', '=', paid).executeTakeFirstOrThrow();
    const slot = paid.slice(-1);
    const row = await t.db.selectFrom('order_search_term_counts').selectAll().where('term', '=', term).where('slot', '=', slot).executeTakeFirstOrThrow();

    await expectCaught(async () => {
      await t.db.updateTable('order_search_term_counts').set({ orders: Number(row.orders) + 1 }).where('term', '=', term).where('slot', '=', slot).execute();
      return async () => void (await t.db.updateTable('order_search_term_counts').set({ orders: row.orders }).where('term', '=', term).where('slot', '=', slot).execute());
    }, new RegExp(`search term "${term}" \\(slot ${slot}\\) is held by ${row.orders} order\\(s\\), but counted as ${Number(row.orders) + 1}`));
  });

  it('names a payment claim left behind', async () => {
    const { open } = await storeWithOrders();

    await expectCaught(async () => {
      await t.db.updateTable('orders').set({ payment_claimed_at: 1 }).where('id', '=', open).execute();
      return async () => void (await t.db.updateTable('orders').set({ payment_claimed_at: null }).where('id', '=', open).execute());
    }, new RegExp(`order ${open}: a payment claim \\(payment_claimed_at 1\\) was left behind`));
  });
});
