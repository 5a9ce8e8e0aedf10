import { expect, it } from 'vitest';
import { eventsOf, orderRow, placedOrder, readyCheckout, stockOf, transactionRows, type ItemSpec } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { assertInvariants, stockBaseline } from '../../helpers/invariants.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

const UNKNOWN_ORDER = 'ord_00000000000000000000000000';
const UNKNOWN_RETURN = 'ret_00000000000000000000000000';

/** The fields of a return, and nothing else. */
const RETURN_FIELDS = [
  'id', 'object', 'order_id', 'status', 'items', 'note', 'restock', 'amount', 'refunded_amount', 'transaction_id',
  'received_at', 'refunded_at', 'canceled_at', 'metadata', 'private_metadata', 'created_at', 'updated_at',
].sort();

describeEachDatabase('returns', (t) => {
  // ---------- given ----------

  /**
   * A placed, paid order (test gateway) of one line per spec, each with stock 10 unless told;
   * everything shipped unless `ship` is false. `items` are its order items in the order of the specs.
   */
  async function order(specs: ItemSpec[] = [{ quantity: 3 }], ship = true): Promise<{ orderId: string; order: any; items: any[]; skuIds: string[] }> {
    const placed = await placedOrder(t, { items: specs });
    const skuIds = placed.skus.map((sku) => sku.id);
    if (ship) expect((await t.admin.post(`/v1/orders/${placed.orderId}/fulfillments`, {})).status).toBe(201);
    const read = await t.admin.get(`/v1/orders/${placed.orderId}`);
    const items = skuIds.map((skuId) => read.body.data.items.find((item: any) => item.sku_id === skuId));
    return { orderId: placed.orderId, order: read.body.data, items, skuIds };
  }

  // ---------- when ----------

  function request(orderId: string, body: Record<string, unknown>, client = t.admin): Promise<TestResponse> {
    return client.post(`/v1/orders/${orderId}/returns`, body);
  }

  async function requested(orderId: string, items: Array<{ id: string; quantity: number; reason?: string }>, extra: Record<string, unknown> = {}): Promise<any> {
    const res = await request(orderId, { items: items.map((item) => ({ reason: 'damaged', ...item })), ...extra });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function act(orderId: string, returnId: string, action: 'receive' | 'refund' | 'cancel', body?: Record<string, unknown>, client = t.admin): Promise<TestResponse> {
    return client.post(`/v1/orders/${orderId}/returns/${returnId}/${action}`, body);
  }

  async function acted(orderId: string, returnId: string, action: 'receive' | 'refund' | 'cancel', body?: Record<string, unknown>): Promise<any> {
    const res = await act(orderId, returnId, action, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  // ---------- then ----------

  function returnRow(id: string) {
    return t.db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function returnCount(orderId: string): Promise<number> {
    return (await t.db.selectFrom('returns').select('id').where('order_id', '=', orderId).execute()).length;
  }

  function expectRefusedMove(res: TestResponse, current: string, requestedState: string): void {
    expectProblem(res, 409, 'invalid_state');
    expect(res.body).toMatchObject({ field: 'status', current, requested: requestedState });
    expect(res.body.detail).toMatch(/^The return is /);
  }

  // ---------- access ----------

  it('lets a read-only key read returns but not write them, and forbids a channel key', async () => {
    const { orderId, items: [item] } = await order();
    const made = await requested(orderId, [{ id: item.id, quantity: 1 }]);
    const key = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(key.status, key.text).toBe(201);
    const reader = t.as({ authorization: `Bearer ${key.body.data.token}` });

    expectProblem(await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'other' }] }, reader), 403, 'forbidden');
    for (const action of ['receive', 'refund', 'cancel'] as const) expectProblem(await act(orderId, made.id, action, {}, reader), 403, 'forbidden');
    expectProblem(await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'other' }] }, t.storefront), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/orders/${orderId}/returns`), 403, 'forbidden');
    expectProblem(await t.anonymous.get(`/v1/orders/${orderId}/returns`), 401, 'unauthorized');

    expect((await reader.get(`/v1/orders/${orderId}/returns`)).status).toBe(200);
    expect((await reader.get(`/v1/orders/${orderId}/returns/${made.id}`)).body.data.status).toBe('requested');
    expect(await returnCount(orderId)).toBe(1);
    expect((await returnRow(made.id))!.status).toBe('requested');
  });

  it('answers 404 for an unknown order or return, and for a return of another order', async () => {
    const a = await order();
    const b = await order();
    const made = await requested(a.orderId, [{ id: a.items[0].id, quantity: 1 }]);

    expectProblem(await t.admin.get(`/v1/orders/${UNKNOWN_ORDER}/returns`), 404, 'not_found');
    expectProblem(await request(UNKNOWN_ORDER, { items: [{ id: a.items[0].id, quantity: 1, reason: 'other' }] }), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/orders/${a.orderId}/returns/${UNKNOWN_RETURN}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/orders/${b.orderId}/returns/${made.id}`), 404, 'not_found');
    expectProblem(await act(b.orderId, made.id, 'receive'), 404, 'not_found');
    expect((await returnRow(made.id))!.status).toBe('requested');
  });

  // ---------- create: the quantities ----------

  it('refuses to return more than was bought (422 naming the quantity), and nothing is recorded', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 2 }]);

    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 3, reason: 'damaged' }] }), 'items[0][quantity]');

    expect(await returnCount(orderId)).toBe(0);
    expect(await eventsOf(t, orderId, 'return.created')).toHaveLength(0);
  });

  it('refuses to return units not shipped yet: only fulfilled units come back', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 3 }], false);
    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'damaged' }] }), 'items[0][quantity]');

    expect((await t.admin.post(`/v1/orders/${orderId}/fulfillments`, { items: [{ id: item.id, quantity: 2 }] })).status).toBe(201);
    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 3, reason: 'damaged' }] }), 'items[0][quantity]');
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);

    expect(made.items).toMatchObject([{ id: item.id, quantity: 2 }]);
    expect(await returnCount(orderId)).toBe(1);
  });

  it('returns items that need no shipping without a fulfilment', async () => {
    const { orderId, items: [ebook] } = await order([{ quantity: 2, isShippingRequired: false }], false);
    const made = await requested(orderId, [{ id: ebook.id, quantity: 2 }]);
    expect(made.items[0].quantity).toBe(2);
  });

  it('refuses two returns that together hold more than the item; a canceled return frees its units', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 3 }]);
    const first = await requested(orderId, [{ id: item.id, quantity: 2 }]);

    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 2, reason: 'wrong_item' }] }), 'items[0][quantity]');
    expect(await returnCount(orderId)).toBe(1);

    await requested(orderId, [{ id: item.id, quantity: 1 }]);
    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'other' }] }), 'items[0][quantity]');

    await acted(orderId, first.id, 'cancel');
    await requested(orderId, [{ id: item.id, quantity: 2 }]);
    expect(await returnCount(orderId)).toBe(3);
  });

  it('never holds more than the item when returns of it are requested at the same time', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 3 }]);

    const answers = await Promise.all([1, 2, 3, 4].map(() => request(orderId, { items: [{ id: item.id, quantity: 2, reason: 'damaged' }] })));

    expect(answers.map((res) => res.status).sort()).toEqual([201, 422, 422, 422]);
    const held = await t.db.selectFrom('return_items').select('quantity').where('order_item_id', '=', item.id).execute();
    expect(held.map((row) => Number(row.quantity))).toEqual([2]);
    await assertInvariants(t);
  });

  it('refuses to cancel or fail a shipment whose units a return holds, so they are never shipped twice', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 3 }], false);
    const shipments = [];
    for (const quantity of [2, 1]) {
      const res = await t.admin.post(`/v1/orders/${orderId}/fulfillments`, { items: [{ id: item.id, quantity }], status: 'pending' });
      expect(res.status, res.text).toBe(201);
      shipments.push(res.body.data);
    }
    const [first, second] = shipments;
    const made = await requested(orderId, [{ id: item.id, quantity: 3 }]);
    const fulfillmentsBefore = await t.db.selectFrom('fulfillments').select(['id', 'status']).where('order_id', '=', orderId).orderBy('id').execute();

    for (const res of [
      await t.admin.post(`/v1/orders/${orderId}/fulfillments/${first.id}/cancel`),
      await t.admin.post(`/v1/orders/${orderId}/fulfillments/${second.id}/cancel`),
      await t.admin.post(`/v1/orders/${orderId}/fulfillments/${first.id}`, { status: 'failed' }),
    ]) {
      expectProblem(res, 409, 'invalid_state');
      expect(res.body).toMatchObject({ field: 'status', current: 'pending' });
      expect(res.body.detail).toMatch(/returns hold units it shipped; cancel those returns first/);
    }
    expect(await t.db.selectFrom('fulfillments').select(['id', 'status']).where('order_id', '=', orderId).orderBy('id').execute()).toEqual(fulfillmentsBefore);
    expect((await orderRow(t, orderId)).fulfillment_status).toBe('fulfilled');
    expectProblem(await t.admin.post(`/v1/orders/${orderId}/fulfillments`, {}), 409, 'invalid_state');
    await assertInvariants(t);

    // A return of 2 of the 3 shipped units: the shipment of 1 may go back, that of 2 may not.
    await acted(orderId, made.id, 'cancel');
    await requested(orderId, [{ id: item.id, quantity: 2 }]);
    expectProblem(await t.admin.post(`/v1/orders/${orderId}/fulfillments/${first.id}/cancel`), 409, 'invalid_state');
    const canceled = await t.admin.post(`/v1/orders/${orderId}/fulfillments/${second.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(200);
    expect((await orderRow(t, orderId)).fulfillment_status).toBe('partially_fulfilled');
    await assertInvariants(t);
  });

  it('refuses quantities below 1, unknown and repeated item ids, items of another order and unknown reasons, naming each', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 3 }]);
    const other = await order();

    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 0, reason: 'damaged' }] }), 'items[0][quantity]');
    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: -1, reason: 'damaged' }] }), 'items[0][quantity]');
    expectInvalid(await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'bored' }] }), 'items[0][reason]');
    expectInvalid(
      await request(orderId, {
        items: [
          { id: item.id, quantity: 1, reason: 'damaged' },
          { id: 'itm_00000000000000000000000000', quantity: 1, reason: 'damaged' },
          { id: other.items[0].id, quantity: 1, reason: 'damaged' },
          { id: item.id, quantity: 1, reason: 'damaged' },
        ],
      }),
      'items[1][id]', 'items[2][id]', 'items[3][id]',
    );
    expectInvalid(await request(orderId, { items: [] }), 'items');
    expect(await returnCount(orderId)).toBe(0);
  });

  // ---------- create: the order ----------

  it('refuses a return on an order not placed yet or canceled (409 invalid_state)', async () => {
    const open = await readyCheckout(t);
    const openItem = (await t.admin.get(`/v1/orders/${open.orderId}`)).body.data.items[0];
    const res = await request(open.orderId, { items: [{ id: openItem.id, quantity: 1, reason: 'other' }] });
    expectProblem(res, 409, 'invalid_state');
    expect(res.body).toMatchObject({ field: 'status', current: 'created' });

    const { orderId, items: [item] } = await order([{ quantity: 1 }], false);
    expect((await t.admin.post(`/v1/orders/${orderId}/cancel`, {})).status).toBe(200);
    const canceled = await request(orderId, { items: [{ id: item.id, quantity: 1, reason: 'other' }] });
    expectProblem(canceled, 409, 'invalid_state');
    expect(canceled.body).toMatchObject({ field: 'status', current: 'canceled' });
    expect(await returnCount(open.orderId) + await returnCount(orderId)).toBe(0);
  });

  it('records a return with every field, its return.created event, and shows it on the order and the list', async () => {
    const { orderId, items: [shirt, socks] } = await order([{ quantity: 2, price: 1500 }, { quantity: 1, price: 700 }]);

    const res = await request(orderId, {
      items: [{ id: shirt.id, quantity: 1, reason: 'not_as_described' }, { id: socks.id, quantity: 1, reason: 'changed_mind' }],
      note: 'Box was open',
    });

    expect(res.status, res.text).toBe(201);
    const made = res.body.data;
    expect(Object.keys(made).sort()).toEqual(RETURN_FIELDS);
    expect(made).toMatchObject({
      id: expect.stringMatching(/^ret_[0-9a-z]{26}$/), object: 'return', order_id: orderId, status: 'requested', note: 'Box was open',
      restock: true, amount: 1500 + 700, refunded_amount: null, transaction_id: null, received_at: null, refunded_at: null, canceled_at: null,
    });
    const byId = Object.fromEntries(made.items.map((i: any) => [i.id, i]));
    expect(byId[shirt.id]).toMatchObject({ quantity: 1, reason: 'not_as_described', amount: 1500, sku_id: shirt.sku_id, name: shirt.name });
    expect(byId[socks.id]).toMatchObject({ quantity: 1, reason: 'changed_mind', amount: 700 });

    const [event] = await eventsOf(t, made.id, 'return.created');
    expect(event.data.object).toEqual(made);
    expect((await t.admin.get(`/v1/orders/${orderId}/returns/${made.id}`)).body.data).toEqual(made);
    const list = await t.admin.get(`/v1/orders/${orderId}/returns`);
    expect(list.body.data).toEqual([made]);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 1 });
    expect((await t.admin.get(`/v1/orders/${orderId}`)).body.data.returns).toEqual([made]);
    const listed = (await t.admin.get(`/v1/orders?id=${orderId}`)).body.data[0];
    expect(listed.returns).toEqual([made]);
  });

  it('shows an empty returns list on an order without returns', async () => {
    const { orderId } = await order();
    expect((await t.admin.get(`/v1/orders/${orderId}`)).body.data.returns).toEqual([]);
  });

  // ---------- receive ----------

  it('puts received items back in stock when restock, in one move with its return.received event; a second receive is 409', async () => {
    const { orderId, items: [item], skuIds: [skuId] } = await order([{ quantity: 3, stock: 10 }]);
    expect(await stockOf(t, skuId!)).toBe(7);
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);
    expect(await stockOf(t, skuId!)).toBe(7);

    const received = await acted(orderId, made.id, 'receive');

    expect(received).toMatchObject({ status: 'received', received_at: expect.any(Number) });
    expect(await stockOf(t, skuId!)).toBe(9);
    const [event] = await eventsOf(t, made.id, 'return.received');
    expect(event.data.object).toEqual(received);

    expectRefusedMove(await act(orderId, made.id, 'receive'), 'received', 'received');
    expect(await stockOf(t, skuId!)).toBe(9);
    expect(await eventsOf(t, made.id, 'return.received')).toHaveLength(1);
  });

  it('leaves stock alone when a return is received with restock: false', async () => {
    const { orderId, items: [item], skuIds: [skuId] } = await order([{ quantity: 2, stock: 10 }]);
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }], { restock: false });
    expect(made.restock).toBe(false);

    await acted(orderId, made.id, 'receive');

    expect(await stockOf(t, skuId!)).toBe(8);
  });

  // ---------- cancel ----------

  it('cancels a requested return (return.canceled) and refuses to cancel a received one or cancel twice', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 2 }]);
    const a = await requested(orderId, [{ id: item.id, quantity: 1 }]);
    const b = await requested(orderId, [{ id: item.id, quantity: 1 }]);

    const canceled = await acted(orderId, a.id, 'cancel');
    expect(canceled).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number) });
    expect((await eventsOf(t, a.id, 'return.canceled'))[0].data.object).toEqual(canceled);
    expectRefusedMove(await act(orderId, a.id, 'cancel'), 'canceled', 'canceled');
    expectRefusedMove(await act(orderId, a.id, 'receive'), 'canceled', 'received');

    await acted(orderId, b.id, 'receive');
    expectRefusedMove(await act(orderId, b.id, 'cancel'), 'received', 'canceled');
    expect((await returnRow(b.id))!.status).toBe('received');
  });

  it('refuses to cancel an order with returned items, so their stock never comes back twice', async () => {
    const { orderId, items: [ebook], skuIds: [skuId] } = await order([{ quantity: 2, stock: 10, isShippingRequired: false }], false);
    const made = await requested(orderId, [{ id: ebook.id, quantity: 2 }]);
    await acted(orderId, made.id, 'receive');
    expect(await stockOf(t, skuId!)).toBe(10);

    const res = await t.admin.post(`/v1/orders/${orderId}/cancel`, {});

    expectProblem(res, 409, 'invalid_state');
    expect(res.body).toMatchObject({ field: 'status', current: 'placed', requested: 'canceled' });
    expect((await orderRow(t, orderId)).status).toBe('placed');
    expect(await stockOf(t, skuId!)).toBe(10);
  });

  it('lets an order be canceled once its only return is canceled', async () => {
    const { orderId, items: [ebook], skuIds: [skuId] } = await order([{ quantity: 1, stock: 10, isShippingRequired: false }], false);
    const made = await requested(orderId, [{ id: ebook.id, quantity: 1 }]);
    expectProblem(await t.admin.post(`/v1/orders/${orderId}/cancel`, {}), 409, 'invalid_state');
    await acted(orderId, made.id, 'cancel');

    expect((await t.admin.post(`/v1/orders/${orderId}/cancel`, {})).status).toBe(200);
    expect(await stockOf(t, skuId!)).toBe(10);
  });

  // ---------- refund ----------

  it('refunds a received return by default with its items’ paid share, in one move with the transaction and return.refunded; a second refund is 409', async () => {
    const { orderId, items: [shirt] } = await order([{ quantity: 3, price: 1000 }, { quantity: 1, price: 500 }]);
    const made = await requested(orderId, [{ id: shirt.id, quantity: 2 }]);
    expectRefusedMove(await act(orderId, made.id, 'refund', {}), 'requested', 'refunded');
    await acted(orderId, made.id, 'receive');

    // No body: the default amount.
    const refunded = await acted(orderId, made.id, 'refund');

    expect(refunded).toMatchObject({ status: 'refunded', refunded_amount: 2000, refunded_at: expect.any(Number), transaction_id: expect.stringMatching(/^tra_/) });
    const refunds = (await transactionRows(t, orderId)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.id, row.status, Number(row.amount)])).toEqual([[refunded.transaction_id, 'succeeded', 2000]]);
    expect((await orderRow(t, orderId)).financial_status).toBe('partially_refunded');
    expect((await eventsOf(t, made.id, 'return.refunded'))[0].data.object).toEqual(refunded);

    expectRefusedMove(await act(orderId, made.id, 'refund', {}), 'refunded', 'refunded');
    expect((await transactionRows(t, orderId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect((await t.admin.get(`/v1/orders/${orderId}`)).body.data.returns).toEqual([refunded]);
  });

  it('refunds an amount staff choose, and refuses one above what was captured and not yet refunded (422 naming amount)', async () => {
    const { orderId, order: placed, items: [item] } = await order([{ quantity: 2, price: 1000 }]);
    const captured = placed.total_price as number;
    expect((await t.admin.post(`/v1/orders/${orderId}/transactions`, { kind: 'refund', amount: captured - 1500 })).status).toBe(201);
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);
    await acted(orderId, made.id, 'receive');

    expectInvalid(await act(orderId, made.id, 'refund', { amount: 1501 }), 'amount');
    expect((await returnRow(made.id))!.status).toBe('received');
    expect((await transactionRows(t, orderId)).filter((row) => row.kind === 'refund')).toHaveLength(1);

    const refunded = await acted(orderId, made.id, 'refund', { amount: 1200 });
    expect(refunded.refunded_amount).toBe(1200);
    expect((await orderRow(t, orderId)).financial_status).toBe('partially_refunded');
  });

  it('refunds by default no more than is left to refund of the order', async () => {
    const { orderId, order: placed, items: [item] } = await order([{ quantity: 2, price: 1000 }]);
    expect((await t.admin.post(`/v1/orders/${orderId}/transactions`, { kind: 'refund', amount: placed.total_price - 300 })).status).toBe(201);
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);
    await acted(orderId, made.id, 'receive');

    const refunded = await acted(orderId, made.id, 'refund', {});

    expect(refunded.refunded_amount).toBe(300);
    expect((await orderRow(t, orderId)).financial_status).toBe('refunded');
  });

  it('refunds taxes with the items in a store whose prices exclude tax', async () => {
    const rate = await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'NY', rate: 1000 });
    expect(rate.status, rate.text).toBe(201);
    try {
      const { orderId, items: [item] } = await order([{ quantity: 3, price: 999 }]);
      // 2997 × 10 % = 299.7 → 300 of tax on the line: 3297 paid for three units.
      expect(item).toMatchObject({ subtotal: 2997, taxes: 300, total: 3297 });
      const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);
      // 3297 × 2 / 3 = 2198
      expect(made.amount).toBe(2198);
      await acted(orderId, made.id, 'receive');

      expect((await acted(orderId, made.id, 'refund', {})).refunded_amount).toBe(2198);

      // The last unit gets what is left of the line, so the line's shares add up to what was paid.
      const last = await requested(orderId, [{ id: item.id, quantity: 1 }]);
      expect(last.amount).toBe(3297 - 2198);
    } finally {
      expect((await t.admin.delete(`/v1/tax_rates/${rate.body.data.id}`)).status).toBe(204);
    }
  });

  it('keeps the return received when the gateway declines the refund (402)', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 1 }]);
    const made = await requested(orderId, [{ id: item.id, quantity: 1 }]);
    await acted(orderId, made.id, 'receive');
    // The test gateway refuses a follow-up without the authorization it acts on.
    await t.db.updateTable('transactions').set({ authorization: null }).where('order_id', '=', orderId).execute();

    const res = await act(orderId, made.id, 'refund', {});

    expectProblem(res, 402, 'payment_declined');
    expect(await returnRow(made.id)).toMatchObject({ status: 'received', transaction_id: null });
    expect((await orderRow(t, orderId)).financial_status).toBe('paid');
    expect(await eventsOf(t, made.id, 'return.refunded')).toHaveLength(0);
  });

  it('refunds a return once when the refund is retried with its Idempotency-Key, keeping the key on the transaction', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 1, price: 1000 }]);
    const made = await requested(orderId, [{ id: item.id, quantity: 1 }]);
    await acted(orderId, made.id, 'receive');
    const headers = { 'idempotency-key': `refund-${uniqueWord()}` };

    const first = await t.admin.post(`/v1/orders/${orderId}/returns/${made.id}/refund`, {}, { headers });
    const again = await t.admin.post(`/v1/orders/${orderId}/returns/${made.id}/refund`, {}, { headers });

    expect(first.status, first.text).toBe(200);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
    const refunds = (await transactionRows(t, orderId)).filter((row) => row.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.id).toBe(first.body.data.transaction_id);
    expect(refunds[0]!.idempotency_key).toEqual(expect.any(String));
  });

  it('answers the refund made when a retry with its Idempotency-Key finds no stored answer (the first process died before keeping it)', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 1, price: 1000 }]);
    const made = await requested(orderId, [{ id: item.id, quantity: 1 }]);
    await acted(orderId, made.id, 'receive');
    const headers = { 'idempotency-key': `refund-${uniqueWord()}` };
    const first = await t.admin.post(`/v1/orders/${orderId}/returns/${made.id}/refund`, {}, { headers });
    expect(first.status, first.text).toBe(200);
    const forgotten = await t.db.deleteFrom('idempotency_keys').where('response_body', 'like', `%${made.id}%`).executeTakeFirst();
    expect(Number(forgotten.numDeletedRows)).toBe(1);

    const retried = await t.admin.post(`/v1/orders/${orderId}/returns/${made.id}/refund`, {}, { headers });

    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'refunded', transaction_id: first.body.data.transaction_id });
    expect((await transactionRows(t, orderId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    // Without the key, a second refund is a new request, refused by the return's state.
    expectRefusedMove(await act(orderId, made.id, 'refund', {}), 'refunded', 'refunded');
  });

  it('refunds a return once when refunds of it are sent at the same time', async () => {
    const { orderId, items: [item] } = await order([{ quantity: 2, price: 1000 }]);
    const made = await requested(orderId, [{ id: item.id, quantity: 2 }]);
    await acted(orderId, made.id, 'receive');

    const answers = await Promise.all([1, 2, 3].map(() => act(orderId, made.id, 'refund', {})));

    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 200)) expectProblem(res, 409, 'invalid_state');
    const refunds = (await transactionRows(t, orderId)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => Number(row.amount))).toEqual([2000]);
    await assertInvariants(t);
  });

  it('keeps the store whole through returns: stock moves only by restocked returns received, each refund matches its return', async () => {
    const a = await order([{ quantity: 3, stock: 10 }, { quantity: 1, stock: 10 }]);
    const b = await order([{ quantity: 2, stock: 10 }]);
    const baseline = await stockBaseline(t);

    const back = await requested(a.orderId, [{ id: a.items[0].id, quantity: 2 }, { id: a.items[1].id, quantity: 1 }]);
    const kept = await requested(a.orderId, [{ id: a.items[0].id, quantity: 1 }], { restock: false });
    const called = await requested(b.orderId, [{ id: b.items[0].id, quantity: 2 }]);
    await acted(a.orderId, back.id, 'receive');
    await acted(a.orderId, back.id, 'refund');
    await acted(a.orderId, kept.id, 'receive');
    await acted(b.orderId, called.id, 'cancel');

    expect(await stockOf(t, a.skuIds[0]!)).toBe(7 + 2);
    expect(await stockOf(t, a.skuIds[1]!)).toBe(9 + 1);
    expect(await stockOf(t, b.skuIds[0]!)).toBe(8);
    await assertInvariants(t, baseline);
  });
});
