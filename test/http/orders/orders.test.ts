import { randomInt } from 'node:crypto';
import { expect, it } from 'vitest';
import { eventsOf, orderRow, pay, placedOrder, readyCheckout, stockOf, transactionRows } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const UNKNOWN_ORDER = 'ord_00000000000000000000000000';

describeEachDatabase('staff orders', (t) => {
  const ids = (list: Array<{ id: string }>) => list.map((item) => item.id);

  async function listIds(query: string): Promise<string[]> {
    const res = await t.admin.get(`/v1/orders?${query}`);
    expect(res.status, res.text).toBe(200);
    return ids(res.body.data);
  }

  /** The orders among `scope` that the query finds, newest first. */
  function findAmong(scope: string[], query: string): Promise<string[]> {
    return listIds(`id=${scope.join(',')}&${query}`);
  }

  async function adminKeyId(): Promise<string> {
    const row = await t.db.selectFrom('api_keys').select('id')
      .where('kind', '=', 'admin').where('last_four', '=', t.adminKey.slice(-4)).executeTakeFirstOrThrow();
    return row.id;
  }

  /** A placed order whose payment is only authorized (test gateway, capture manual). */
  function authorizedOrder(options: Parameters<typeof placedOrder>[1] = {}) {
    return placedOrder(t, { ...options, gateway: { driver: 'test', settings: { capture: 'manual' } } });
  }

  function transact(orderId: string, body: Record<string, unknown>) {
    return t.admin.post(`/v1/orders/${orderId}/transactions`, body);
  }

  async function financialStatus(orderId: string): Promise<string> {
    return (await orderRow(t, orderId)).financial_status;
  }

  // ---------- list ----------

  it('lists orders newest first with meta.pagination', async () => {
    const a = await placedOrder(t);
    const b = await readyCheckout(t);
    const c = await placedOrder(t);
    const scope = [a.orderId, b.orderId, c.orderId];

    const first = await t.admin.get(`/v1/orders?id=${scope.join(',')}&per_page=2`);
    const second = await t.admin.get(`/v1/orders?id=${scope.join(',')}&per_page=2&page=2`);

    expect(first.status, first.text).toBe(200);
    expect(ids(first.body.data)).toEqual([c.orderId, b.orderId]);
    expect(first.body.meta.pagination).toMatchObject({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 2, total_items: 3,
    });
    expect(first.body.meta.pagination.links.next_page).toEqual(expect.stringContaining('page=2'));
    expect(ids(second.body.data)).toEqual([a.orderId]);
    expect(second.body.meta.pagination).toMatchObject({ current_page: 2, previous_page: 1, next_page: null, from: 3, to: 3 });
    expect(first.body.data[0]).toMatchObject({ object: 'order', status: 'placed', number: c.order.number, items: [expect.objectContaining({ object: 'order_item' })] });
  });

  it('lists every order to staff, newest first, without an id filter', async () => {
    const older = await placedOrder(t);
    const newer = await readyCheckout(t);

    const all = await listIds('per_page=250');

    expect(all.indexOf(newer.orderId)).toBeGreaterThanOrEqual(0);
    expect(all.indexOf(newer.orderId)).toBeLessThan(all.indexOf(older.orderId));
    expect([...all].sort().reverse()).toEqual(all);
  });

  it('filters by status, financial_status (unpaid too) and fulfillment_status', async () => {
    const paid = await placedOrder(t);
    const unpaid = await readyCheckout(t);
    const digital = await placedOrder(t, { items: [{ isShippingRequired: false }] });
    const authorized = await authorizedOrder();
    const scope = [paid.orderId, unpaid.orderId, digital.orderId, authorized.orderId];

    expect(await findAmong(scope, 'status=placed')).toEqual([authorized.orderId, digital.orderId, paid.orderId]);
    expect(await findAmong(scope, 'status=created')).toEqual([unpaid.orderId]);
    expect(await findAmong(scope, 'status=canceled')).toEqual([]);
    expect(await findAmong(scope, 'financial_status=unpaid')).toEqual([unpaid.orderId]);
    expect(await findAmong(scope, 'financial_status=paid')).toEqual([digital.orderId, paid.orderId]);
    expect(await findAmong(scope, 'financial_status=authorized')).toEqual([authorized.orderId]);
    expect(await findAmong(scope, 'fulfillment_status=not_required')).toEqual([digital.orderId]);
    expect(await findAmong(scope, 'fulfillment_status=unfulfilled')).toEqual([authorized.orderId, unpaid.orderId, paid.orderId]);
    expect(await findAmong(scope, 'status=placed&financial_status=paid&fulfillment_status=unfulfilled')).toEqual([paid.orderId]);
  });

  it('filters by a comma-separated id list', async () => {
    const a = await placedOrder(t);
    const b = await placedOrder(t);
    await placedOrder(t);

    expect(await listIds(`id=${a.orderId},${b.orderId}`)).toEqual([b.orderId, a.orderId]);
    expect(await listIds(`id=${UNKNOWN_ORDER}`)).toEqual([]);
  });

  it('refuses bad filter values (400 invalid_request)', async () => {
    for (const query of ['status=paid', 'financial_status=bogus', 'fulfillment_status=shipped', 'per_page=0', 'per_page=251', 'page=0']) {
      expectProblem(await t.admin.get(`/v1/orders?${query}`), 400, 'invalid_request');
    }
  });

  // ---------- q ----------

  it('finds an order by its total price in cents', async () => {
    const price = randomInt(100_000, 10_000_000);
    const order = await placedOrder(t, { items: [{ price }], shippingPrice: 500 });
    expect(order.order.total_price).toBe(price + 500);

    expect(await listIds(`q=${price + 500}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${price + 501}`)).not.toContain(order.orderId);
  });

  it('finds an order by its number, with or without the # prefix', async () => {
    const order = await placedOrder(t);
    const number: string = order.order.number;
    expect(number).toMatch(/^#\d+$/);

    expect(await listIds(`q=${encodeURIComponent(number)}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${number.slice(1)}`)).toEqual([order.orderId]);
  });

  it('finds orders by payment method (card) and by gateway source', async () => {
    const card = await placedOrder(t);
    const transfer = await placedOrder(t, { gateway: { driver: 'manual' } });
    const scope = [card.orderId, transfer.orderId];

    expect(await findAmong(scope, 'q=card')).toEqual([card.orderId]);
    expect(await findAmong(scope, 'q=transfer')).toEqual([transfer.orderId]);
    expect(await listIds(`q=${transfer.gatewaySource}`)).toEqual([transfer.orderId]);
    expect(await listIds(`q=${card.gatewaySource.toUpperCase()}`)).toEqual([card.orderId]);
  });

  it("finds an order by an item's permalink, sku code or vendor, case-insensitively", async () => {
    const vendor = `Brand${uniqueWord()}`;
    const code = `SKU-${uniqueWord()}`;
    const order = await placedOrder(t, { items: [{ vendor, code }, {}] });
    const [sku, other] = order.skus;

    expect(await listIds(`q=${sku!.permalink}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${other!.permalink}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${code}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${code.toLowerCase()}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${vendor}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${vendor.toUpperCase()}`)).toEqual([order.orderId]);
  });

  it("finds an order by the buyer's first name, last name (case-insensitively) or customer id", async () => {
    const order = await placedOrder(t);
    // The buyer's checkout does not show its customer's id: staff read it.
    const customerId = (await orderRow(t, order.orderId)).customer_id!;
    expect(customerId).toMatch(/^cus_/);

    expect(await listIds(`q=${order.firstName}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${order.lastName.toUpperCase()}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${order.lastName.toLowerCase()}`)).toEqual([order.orderId]);
    expect(await listIds(`q=${customerId}`)).toEqual([order.orderId]);
  });

  it('needs every term of q to match', async () => {
    const vendor = `Brand${uniqueWord()}`;
    const mine = await placedOrder(t, { items: [{ vendor }] });
    const other = await placedOrder(t);

    expect(await listIds(`q=${encodeURIComponent(`${vendor} ${mine.lastName}`)}`)).toEqual([mine.orderId]);
    expect(await listIds(`q=${encodeURIComponent(`${vendor} ${other.lastName}`)}`)).toEqual([]);
    expect(await listIds(`q=${encodeURIComponent(`${vendor} nothing-${uniqueWord()}`)}`)).toEqual([]);
  });

  it('finds nothing for a term that matches no order', async () => {
    await placedOrder(t);
    expect(await listIds(`q=absent-${uniqueWord()}`)).toEqual([]);
  });

  // ---------- read and update ----------

  it('gets an order by id, as the list shows it', async () => {
    const order = await placedOrder(t);

    const res = await t.admin.get(`/v1/orders/${order.orderId}`);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.orderId, object: 'order', status: 'placed', financial_status: 'paid', number: order.order.number });
    const listed = await t.admin.get(`/v1/orders?id=${order.orderId}`);
    expect(listed.body.data).toEqual([res.body.data]);
  });

  it('updates the staff note and the email of an order', async () => {
    const order = await placedOrder(t);
    const email = `${uniqueWord()}@example.org`;

    const res = await t.admin.post(`/v1/orders/${order.orderId}`, { order_note: 'Gift wrap, please', email });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.orderId, order_note: 'Gift wrap, please', email, status: 'placed' });
    expect(await orderRow(t, order.orderId)).toMatchObject({ order_note: 'Gift wrap, please', email });
    expect((await t.admin.get(`/v1/orders/${order.orderId}`)).body.data).toMatchObject({ order_note: 'Gift wrap, please', email });

    const cleared = await t.admin.post(`/v1/orders/${order.orderId}`, { order_note: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data).toMatchObject({ order_note: null, email });
  });

  it('refuses an invalid email on update (422)', async () => {
    const order = await placedOrder(t);

    expectInvalid(await t.admin.post(`/v1/orders/${order.orderId}`, { email: 'not an email' }), 'email');
    expect((await orderRow(t, order.orderId)).email).toBe(order.email);
  });

  it('answers 404 for an unknown order on every order route', async () => {
    expectProblem(await t.admin.get(`/v1/orders/${UNKNOWN_ORDER}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/orders/${UNKNOWN_ORDER}`, { order_note: 'x' }), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/orders/${UNKNOWN_ORDER}/cancel`, {}), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/orders/${UNKNOWN_ORDER}/archive`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/orders/${UNKNOWN_ORDER}/transactions`), 404, 'not_found');
    expectProblem(await transact(UNKNOWN_ORDER, { kind: 'refund' }), 404, 'not_found');
  });

  it('forbids a channel key (403) and lets a read-only key only read', async () => {
    const order = await placedOrder(t);
    const readOnly = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(readOnly.status, readOnly.text).toBe(201);
    const reader = t.as({ authorization: `Bearer ${readOnly.body.data.token}` });

    expectProblem(await t.storefront.get('/v1/orders'), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/orders/${order.orderId}`), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/orders/${order.orderId}`, { order_note: 'x' }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/orders/${order.orderId}/cancel`, {}), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/orders/${order.orderId}/archive`), 403, 'forbidden');
    expectProblem(await t.storefront.get(`/v1/orders/${order.orderId}/transactions`), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/orders/${order.orderId}/transactions`, { kind: 'refund' }), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/orders'), 401, 'unauthorized');
    expect((await reader.get(`/v1/orders/${order.orderId}`)).status).toBe(200);
    expectProblem(await reader.post(`/v1/orders/${order.orderId}/cancel`, {}), 403, 'forbidden');
    expect((await orderRow(t, order.orderId)).status).toBe('placed');
  });

  // ---------- cancel ----------

  it('cancels a placed order: canceled_at, canceler, reason, stock back, order.canceled', async () => {
    const order = await placedOrder(t, { items: [{ stock: 5, quantity: 2 }, { stockPolicy: 'none', stock: 4, quantity: 1 }] });
    const [tracked, untracked] = order.skus;
    expect(await stockOf(t, tracked!.id)).toBe(3);

    const res = await t.admin.post(`/v1/orders/${order.orderId}/cancel`, { reason: 'customer changed their mind' });

    expect(res.status, res.text).toBe(200);
    const keyId = await adminKeyId();
    expect(keyId).toMatch(/^key_/);
    expect(res.body.data).toMatchObject({
      id: order.orderId, status: 'canceled', canceled_at: expect.any(Number), canceler_id: keyId, cancel_reason: 'customer changed their mind',
      number: order.order.number, financial_status: 'paid',
    });
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'canceled', canceler_id: keyId, cancel_reason: 'customer changed their mind' });
    expect(await stockOf(t, tracked!.id)).toBe(5);
    expect(await stockOf(t, untracked!.id)).toBe(4);
    const events = await eventsOf(t, order.orderId, 'order.canceled');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({ id: order.orderId, status: 'canceled', canceler_id: keyId });
  });

  it('cancels an order still being checked out without touching stock, and it can no longer be paid', async () => {
    const order = await readyCheckout(t, { items: [{ stock: 5, quantity: 2 }] });

    const res = await t.admin.post(`/v1/orders/${order.orderId}/cancel`, {});

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'canceled', canceled_at: expect.any(Number), cancel_reason: null, number: null });
    expect(await stockOf(t, order.skus[0]!.id)).toBe(5);
    expect(await eventsOf(t, order.orderId, 'order.canceled')).toHaveLength(1);

    const payment = await pay(t, order.orderId);
    expectProblem(payment, 409, 'invalid_state');
    expect(payment.body).toMatchObject({ current: 'canceled', requested: 'placed' });
    expect(await transactionRows(t, order.orderId)).toEqual([]);
    expect(await stockOf(t, order.skus[0]!.id)).toBe(5);
  });

  it('refuses to cancel twice (409 invalid_state naming current and requested), giving stock back once', async () => {
    const order = await placedOrder(t, { items: [{ stock: 5, quantity: 1 }] });
    expect((await t.admin.post(`/v1/orders/${order.orderId}/cancel`, {})).status).toBe(200);

    const again = await t.admin.post(`/v1/orders/${order.orderId}/cancel`, {});

    expectProblem(again, 409, 'invalid_state');
    expect(again.body).toMatchObject({ current: 'canceled', requested: 'canceled' });
    expect(await stockOf(t, order.skus[0]!.id)).toBe(5);
    expect(await eventsOf(t, order.orderId, 'order.canceled')).toHaveLength(1);
  });

  for (const fulfillment of ['partially_fulfilled', 'fulfilled'] as const) {
    it(`refuses to cancel an order that is ${fulfillment} (409)`, async () => {
      const order = await placedOrder(t, { items: [{ stock: 5, quantity: 2 }] });
      await t.db.updateTable('orders').set({ fulfillment_status: fulfillment }).where('id', '=', order.orderId).execute();

      const res = await t.admin.post(`/v1/orders/${order.orderId}/cancel`, {});

      expectProblem(res, 409, 'invalid_state');
      expect(res.body).toMatchObject({ current: fulfillment, requested: 'canceled' });
      expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'placed', canceled_at: null });
      expect(await stockOf(t, order.skus[0]!.id)).toBe(3);
      expect(await eventsOf(t, order.orderId, 'order.canceled')).toEqual([]);
    });
  }

  it('cancels an order once when three cancels arrive at the same time, giving its stock back once', async () => {
    const order = await placedOrder(t, { items: [{ stock: 5, quantity: 2 }] });

    const answers = await Promise.all([1, 2, 3].map(() => t.admin.post(`/v1/orders/${order.orderId}/cancel`, {})));

    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(t, order.skus[0]!.id)).toBe(5);
    expect(await eventsOf(t, order.orderId, 'order.canceled')).toHaveLength(1);
  });

  // ---------- archive ----------

  it('archives a placed order with archived_at and order.archived', async () => {
    const order = await placedOrder(t);

    const res = await t.admin.post(`/v1/orders/${order.orderId}/archive`);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.orderId, status: 'archived', archived_at: expect.any(Number), number: order.order.number });
    expect(await orderRow(t, order.orderId)).toMatchObject({ status: 'archived', archived_at: res.body.data.archived_at });
    const events = await eventsOf(t, order.orderId, 'order.archived');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({ id: order.orderId, status: 'archived' });

    const cancel = await t.admin.post(`/v1/orders/${order.orderId}/cancel`, {});
    expectProblem(cancel, 409, 'invalid_state');
    expect(cancel.body).toMatchObject({ current: 'archived', requested: 'canceled' });
  });

  it('refuses to archive a created or a canceled order (409 naming current and requested)', async () => {
    const created = await readyCheckout(t);
    const canceled = await placedOrder(t);
    expect((await t.admin.post(`/v1/orders/${canceled.orderId}/cancel`, {})).status).toBe(200);

    const a = await t.admin.post(`/v1/orders/${created.orderId}/archive`);
    const b = await t.admin.post(`/v1/orders/${canceled.orderId}/archive`);

    expectProblem(a, 409, 'invalid_state');
    expect(a.body).toMatchObject({ current: 'created', requested: 'archived' });
    expectProblem(b, 409, 'invalid_state');
    expect(b.body).toMatchObject({ current: 'canceled', requested: 'archived' });
    expect((await orderRow(t, created.orderId)).status).toBe('created');
    expect((await orderRow(t, canceled.orderId)).status).toBe('canceled');
    expect(await eventsOf(t, created.orderId, 'order.archived')).toEqual([]);
  });

  // ---------- transactions ----------

  it('captures an authorization in two parts: partially_paid, then paid with order.paid', async () => {
    const order = await authorizedOrder({ items: [{ price: 1000 }], shippingPrice: 500 });
    const total: number = order.order.total_price;
    expect(total).toBe(1500);
    const authorization = order.order.transactions[0];
    expect(authorization).toMatchObject({ kind: 'authorization', status: 'succeeded' });

    const part = await transact(order.orderId, { kind: 'capture', amount: 600 });

    expect(part.status, part.text).toBe(201);
    expect(part.body.data).toMatchObject({
      object: 'transaction', kind: 'capture', status: 'succeeded', amount: 600, parent_id: authorization.id, order_id: order.orderId,
      gateway: order.gatewaySource, currency: order.order.currency,
    });
    expect(await financialStatus(order.orderId)).toBe('partially_paid');
    expect(await eventsOf(t, order.orderId, 'order.paid')).toEqual([]);

    const tooMuch = await transact(order.orderId, { kind: 'capture', amount: 901 });
    expectInvalid(tooMuch, 'amount');
    expect(await financialStatus(order.orderId)).toBe('partially_paid');

    const rest = await transact(order.orderId, { kind: 'capture' });

    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: 900, parent_id: authorization.id });
    expect(await financialStatus(order.orderId)).toBe('paid');
    const paid = await eventsOf(t, order.orderId, 'order.paid');
    expect(paid).toHaveLength(1);
    expect(paid[0].data.object).toMatchObject({ id: order.orderId, financial_status: 'paid' });

    const list = await t.admin.get(`/v1/orders/${order.orderId}/transactions`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((tr: any) => [tr.kind, tr.amount, tr.parent_id])).toEqual([
      ['authorization', 1500, null], ['capture', 600, authorization.id], ['capture', 900, authorization.id],
    ]);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 3, current_page: 1 });
    expect((await transactionRows(t, order.orderId)).map((row) => row.id)).toEqual(ids(list.body.data));

    expectProblem(await transact(order.orderId, { kind: 'capture' }), 409, 'invalid_state');
  });

  it('refuses a capture above the authorized amount (422 naming amount) and records nothing', async () => {
    const order = await authorizedOrder();
    const total: number = order.order.total_price;

    expectInvalid(await transact(order.orderId, { kind: 'capture', amount: total + 1 }), 'amount');
    expect(await financialStatus(order.orderId)).toBe('authorized');
    expect(await transactionRows(t, order.orderId)).toHaveLength(1);
  });

  it('voids an authorization', async () => {
    const order = await authorizedOrder();
    const authorization = order.order.transactions[0];

    const res = await transact(order.orderId, { kind: 'void' });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'void', status: 'succeeded', amount: order.order.total_price, parent_id: authorization.id });
    expect(await financialStatus(order.orderId)).toBe('voided');
    const capture = await transact(order.orderId, { kind: 'capture' });
    expectProblem(capture, 409, 'invalid_state');
    expect(capture.body).toMatchObject({ current: 'voided' });
  });

  it('refunds a paid order in parts: partially_refunded, then refunded; never above what was captured', async () => {
    const order = await placedOrder(t, { items: [{ price: 1000 }], shippingPrice: 500 });
    const charge = order.order.transactions[0];
    expect(charge).toMatchObject({ kind: 'charge', status: 'succeeded', amount: 1500 });

    const part = await transact(order.orderId, { kind: 'refund', amount: 400 });

    expect(part.status, part.text).toBe(201);
    expect(part.body.data).toMatchObject({ kind: 'refund', status: 'succeeded', amount: 400, parent_id: charge.id });
    expect(await financialStatus(order.orderId)).toBe('partially_refunded');

    const tooMuch = await transact(order.orderId, { kind: 'refund', amount: 1101 });
    expectInvalid(tooMuch, 'amount');
    expect(await financialStatus(order.orderId)).toBe('partially_refunded');

    const rest = await transact(order.orderId, { kind: 'refund' });

    expect(rest.status, rest.text).toBe(201);
    expect(rest.body.data).toMatchObject({ kind: 'refund', amount: 1100, parent_id: charge.id });
    expect(await financialStatus(order.orderId)).toBe('refunded');
    expect((await transactionRows(t, order.orderId)).map((row) => [row.kind, row.amount, row.parent_id])).toEqual([
      ['charge', 1500, null], ['refund', 400, charge.id], ['refund', 1100, charge.id],
    ]);
    expectProblem(await transact(order.orderId, { kind: 'refund', amount: 1 }), 409, 'invalid_state');
  });

  it('refuses a refund above the captured amount on a paid order (422 naming amount)', async () => {
    const order = await placedOrder(t);

    expectInvalid(await transact(order.orderId, { kind: 'refund', amount: order.order.total_price + 1 }), 'amount');
    expect(await financialStatus(order.orderId)).toBe('paid');
    expect(await transactionRows(t, order.orderId)).toHaveLength(1);
  });

  it('refunds only what was captured of a partly captured authorization', async () => {
    const order = await authorizedOrder({ items: [{ price: 1000 }], shippingPrice: 500 });
    const authorization = order.order.transactions[0];
    expect((await transact(order.orderId, { kind: 'capture', amount: 700 })).status).toBe(201);

    expectInvalid(await transact(order.orderId, { kind: 'refund', amount: 701 }), 'amount');
    const refund = await transact(order.orderId, { kind: 'refund' });

    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.data).toMatchObject({ kind: 'refund', amount: 700, parent_id: authorization.id });
    expect(await financialStatus(order.orderId)).toBe('refunded');
  });

  it('refuses to void a paid order (409 invalid_state naming current and requested)', async () => {
    const order = await placedOrder(t);

    const res = await transact(order.orderId, { kind: 'void' });

    expectProblem(res, 409, 'invalid_state');
    expect(res.body).toMatchObject({ current: 'paid', requested: 'voided' });
    expect(await financialStatus(order.orderId)).toBe('paid');
    expect(await transactionRows(t, order.orderId)).toHaveLength(1);
  });

  it('records payment of a pending manual-gateway order with a capture: paid, with order.paid', async () => {
    const order = await placedOrder(t, { gateway: { driver: 'manual' } });
    const pending = order.order.transactions[0];
    expect(order.order.financial_status).toBe('pending');
    expect(pending).toMatchObject({ kind: 'authorization', status: 'pending' });

    const res = await transact(order.orderId, { kind: 'capture' });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: order.order.total_price, parent_id: pending.id, is_test: false });
    expect(await financialStatus(order.orderId)).toBe('paid');
    expect(await eventsOf(t, order.orderId, 'order.paid')).toHaveLength(1);
  });

  it('refuses money moves on an order not yet placed (409) and invalid bodies (422)', async () => {
    const created = await readyCheckout(t);
    const placed = await placedOrder(t);

    const early = await transact(created.orderId, { kind: 'capture' });
    expectProblem(early, 409, 'invalid_state');
    expect(early.body).toMatchObject({ current: 'created' });
    expectInvalid(await transact(placed.orderId, { kind: 'charge' }), 'kind');
    expectInvalid(await transact(placed.orderId, {}), 'kind');
    expectInvalid(await transact(placed.orderId, { kind: 'refund', amount: 0 }), 'amount');
    expect(fieldsOf(await transact(placed.orderId, { kind: 'refund', amount: -5 }))).toContain('amount');
    expect(await transactionRows(t, created.orderId)).toEqual([]);
    expect(await transactionRows(t, placed.orderId)).toHaveLength(1);
  });

  it('captures an authorization once when two captures arrive at the same time', async () => {
    const order = await authorizedOrder();
    const total: number = order.order.total_price;

    const answers = await Promise.all([transact(order.orderId, { kind: 'capture' }), transact(order.orderId, { kind: 'capture' })]);

    expect(answers.map((res) => res.status).sort(), answers.map((res) => res.text).join('\n')).toEqual([201, 409]);
    expect(await financialStatus(order.orderId)).toBe('paid');
    const captured = (await transactionRows(t, order.orderId)).filter((row) => row.kind === 'capture' && row.status === 'succeeded');
    expect(captured.reduce((sum, row) => sum + row.amount, 0)).toBe(total);
    expect(await eventsOf(t, order.orderId, 'order.paid')).toHaveLength(1);
  });

  it('never refunds more than was captured when partial refunds arrive at the same time', async () => {
    const order = await placedOrder(t, { items: [{ price: 1000 }], shippingPrice: 500 });
    expect((await transact(order.orderId, { kind: 'refund', amount: 100 })).status).toBe(201);

    const answers = await Promise.all([1, 2, 3, 4].map(() => transact(order.orderId, { kind: 'refund', amount: 600 })));

    for (const res of answers) expect([201, 409, 422], res.text).toContain(res.status);
    const refunds = (await transactionRows(t, order.orderId)).filter((row) => row.kind === 'refund' && row.status === 'succeeded');
    expect(refunds).toHaveLength(1 + answers.filter((res) => res.status === 201).length);
    expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBeLessThanOrEqual(1500);
    expect((await orderRow(t, order.orderId)).payment_claimed_at).toBeNull();
  });
});
