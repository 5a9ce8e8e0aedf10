import { expect, it } from 'vitest';
import { ADDRESS, CARDS, eventsOf, makeGateway, makeRate, makeSku, stockOf } from '../../helpers/checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('the whole flow', (t) => {
  it('goes from a cart to a paid order, then captures and refunds its money', async () => {
    const mug = await makeSku(t, { price: 1500, stock: 5 });
    const tea = await makeSku(t, { price: 800, stock: 5 });
    const rateId = await makeRate(t, 700);
    const gateway = await makeGateway(t, 'test', { capture: 'manual' });

    // A visitor builds a cart.
    const cart = await t.storefront.post('/v1/carts', { items: { [mug.id]: 2, [tea.id]: 1 } });
    expect(cart.status).toBe(201);
    expect(cart.body.data).toMatchObject({ total_items: 3, total_price: 3800 });

    // The checkout starts with an empty body and says what to collect.
    const created = await t.storefront.post(`/v1/carts/${cart.body.data.id}/checkout`);
    expect(created.status).toBe(200);
    expect(created.body.meta).toMatchObject({ is_shipping_required: true, selected_shipping_method: null, shipping_methods: [] });
    expect(created.body.data).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null, placed_at: null });
    const id = created.body.data.id;

    // The buyer gives an email and an address; the shipping methods appear.
    const updated = await t.storefront.put(`/v1/checkouts/${id}`, { customer: { email: 'buyer@example.com' }, shipping: ADDRESS });
    expect(updated.status).toBe(200);
    expect(updated.body.meta.shipping_methods.map((m: { id: string }) => m.id)).toContain(rateId);

    // Methods, then payment: the card is authorized and the order placed.
    const methods = await t.storefront.post(`/v1/checkouts/${id}/methods`, { shipping: { method: rateId }, payment: { gateway: gateway.id } });
    expect(methods.status).toBe(200);
    expect(methods.body.data).toMatchObject({ shipping_rate: 700, total_price: 4500 });
    const paid = await t.storefront.post(`/v1/checkouts/${id}/payment`, { payment: { method: 'card', card_number: CARDS.good } });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'authorized', total_price: 4500 });
    expect(paid.body.data.number).toMatch(/^#\d+$/);
    expect(await stockOf(t, mug.id)).toBe(3);
    expect(await stockOf(t, tea.id)).toBe(4);
    expect((await eventsOf(t, id, 'order.placed')).length).toBe(1);

    // Staff capture the authorization and refund part of it.
    const capture = await t.admin.post(`/v1/orders/${id}/transactions`, { kind: 'capture' });
    expect(capture.status).toBe(201);
    expect(capture.body.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: 4500 });
    expect((await t.admin.get(`/v1/orders/${id}`)).body.data.financial_status).toBe('paid');
    expect((await eventsOf(t, id, 'order.paid')).length).toBe(1);

    const refund = await t.admin.post(`/v1/orders/${id}/transactions`, { kind: 'refund', amount: 1500 });
    expect(refund.status).toBe(201);
    const order = (await t.admin.get(`/v1/orders/${id}`)).body.data;
    expect(order.financial_status).toBe('partially_refunded');
    expect(order.transactions.map((x: { kind: string; amount: number }) => [x.kind, x.amount])).toEqual([
      ['authorization', 4500],
      ['capture', 4500],
      ['refund', 1500],
    ]);
    const rows = await t.db.selectFrom('transactions').select(['kind', 'status', 'parent_id']).where('order_id', '=', id).orderBy('id').execute();
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
    expect(rows[1]!.parent_id).not.toBeNull();
  });
});
