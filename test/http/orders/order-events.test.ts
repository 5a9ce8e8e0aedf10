import { afterEach, expect, it, vi } from 'vitest';
import { testDriver } from '../../../src/modules/payments/drivers/test.js';
import { asRecorded } from '../../helpers/catalog.js';
import { makeSku, pay, placedOrder, readyCheckout, type ReadyCheckout } from '../../helpers/checkout.js';
import { signedUpCustomer, verifyEmail } from '../../helpers/customers.js';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { closeReceivers, deliverUntil, startReceiver } from '../../helpers/webhooks.js';

interface Recorded {
  id: string;
  kind: string;
  related_id: string;
  object: any;
}

describeEachDatabase('events for every move of an order and of stock', (t) => {
  afterEach(async () => {
    await closeReceivers();
    await t.db.deleteFrom('webhooks').execute();
  });

  async function newestEventId(): Promise<string> {
    const row = await t.db.selectFrom('events').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row?.id ?? '';
  }

  /** The events written after `marker`, oldest first (ids are time-ordered). */
  async function eventsAfter(marker: string): Promise<Recorded[]> {
    const rows = await t.db.selectFrom('events').selectAll().where('id', '>', marker).orderBy('id').execute();
    return rows.map((row) => ({ id: row.id, kind: row.kind, related_id: row.related_id, object: (JSON.parse(row.data) as { object: unknown }).object }));
  }

  /** Runs `action` and answers its result and the events it wrote, oldest first. */
  async function recording<T>(action: () => Promise<T>): Promise<{ result: T; events: Recorded[] }> {
    const marker = await newestEventId();
    const result = await action();
    return { result, events: await eventsAfter(marker) };
  }

  /** `kind related_id`, one line per event: the sequence to compare whole. */
  const lines = (events: Recorded[]) => events.map((event) => `${event.kind} ${event.related_id}`);

  async function order(id: string): Promise<any> {
    const res = await t.admin.get(`/v1/orders/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** A sku as staff read it, less what its events do not carry (asRecorded). */
  async function sku(id: string): Promise<any> {
    const res = await t.admin.get(`/v1/skus/${id}`);
    expect(res.status, res.text).toBe(200);
    return asRecorded(res.body.data);
  }

  async function post(path: string, body: Record<string, unknown> = {}, status = 200): Promise<any> {
    const res = await t.admin.post(path, body);
    expect(res.status, res.text).toBe(status);
    return res.body.data;
  }

  /** Every event of the order carries the order as it is now. */
  async function expectOrderObjects(events: Recorded[], orderId: string): Promise<void> {
    const now = await order(orderId);
    for (const event of events.filter((e) => e.related_id === orderId)) expect(event.object, event.kind).toEqual(now);
  }

  const byId = (ids: string[]) => [...ids].sort();

  // ---------- placement ----------

  it('records a placement as each tracked sku\'s sku.updated (and sku.low_stock), order.placed, order.paid and one order.updated, each with the object after it', async () => {
    const plenty = await makeSku(t, { stock: 5 });
    const notifying = await makeSku(t, { stock: 3 });
    await post(`/v1/skus/${notifying.id}`, { is_notify: true, low_threshold: 2 });
    const untracked = await makeSku(t, { stockPolicy: 'none' });
    const ready = await readyCheckout(t, { items: [{ skuId: plenty.id, quantity: 2 }, { skuId: notifying.id, quantity: 1 }, { skuId: untracked.id }] });

    const { result, events } = await recording(() => pay(t, ready.orderId));

    expect(result.status, result.text).toBe(200);
    const skuLines = byId([plenty.id, notifying.id]).flatMap((id) => (id === notifying.id ? [`sku.updated ${id}`, `sku.low_stock ${id}`] : [`sku.updated ${id}`]));
    // The guest buyer's first address joins their book in the same transaction (docs/api.md, "The address book learns from orders").
    const buyer = (await order(ready.orderId)).customer_id;
    expect(lines(events)).toEqual([
      ...skuLines,
      `customer.updated ${buyer}`,
      `order.placed ${ready.orderId}`,
      `order.paid ${ready.orderId}`,
      `order.updated ${ready.orderId}`,
    ]);
    for (const event of events.filter((e) => e.kind.startsWith('sku.'))) expect(event.object).toEqual(await sku(event.related_id));
    expect(events.find((e) => e.related_id === plenty.id)!.object.in_stock).toBe(3);
    expect(events.find((e) => e.kind === 'sku.low_stock')!.object.in_stock).toBe(2);
    await expectOrderObjects(events, ready.orderId);
    expect(events.filter((e) => e.kind.startsWith('order.')).at(-1)!.object).toMatchObject({ status: 'placed', financial_status: 'paid' });
  });

  it('records an order placed with an offline payment as order.placed and order.updated, without order.paid', async () => {
    const ready = await readyCheckout(t, { gateway: { driver: 'manual' } });

    const { result, events } = await recording(() => t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, { payment: { method: 'transfer' } }));

    expect(result.status, result.text).toBe(200);
    const buyer = (await order(ready.orderId)).customer_id;
    expect(lines(events)).toEqual([`sku.updated ${ready.skus[0]!.id}`, `customer.updated ${buyer}`, `order.placed ${ready.orderId}`, `order.updated ${ready.orderId}`]);
    await expectOrderObjects(events, ready.orderId);
  });

  it('places an order whose payment reserved its units even when staff empty the stock while the gateway charges', async () => {
    const ready = await readyCheckout(t, { items: [{ stock: 5 }, { stock: 1 }] });
    const skuId = ready.skus[1]!.id;
    const authorize = testDriver.authorize.bind(testDriver);
    const spy = vi.spyOn(testDriver, 'authorize').mockImplementationOnce(async (request) => {
      // The reservation committed before the charge: the last unit is already the buyer's.
      expect((await sku(skuId)).in_stock).toBe(0);
      await post(`/v1/skus/${skuId}`, { in_stock: 0 });
      return authorize(request);
    });
    try {
      expect((await pay(t, ready.orderId)).status).toBe(200);
    } finally {
      spy.mockRestore();
    }

    expect((await order(ready.orderId)).status).toBe('placed');
    expect((await sku(skuId)).in_stock).toBe(0);
  });

  it('writes no order event for a placement rolled back when a price changes while the gateway charges; giving the reservation back records each sku.updated', async () => {
    const ready = await readyCheckout(t, { items: [{ stock: 5 }, { stock: 1 }] });
    const [first, second] = ready.skus.map((s) => s.id) as [string, string];
    let marker = '';
    const authorize = testDriver.authorize.bind(testDriver);
    const spy = vi.spyOn(testDriver, 'authorize').mockImplementationOnce(async (request) => {
      await post(`/v1/skus/${second}`, { price: 1234 });
      marker = await newestEventId();
      return authorize(request);
    });
    try {
      expectProblem(await pay(t, ready.orderId), 409, 'checkout_changed');
    } finally {
      spy.mockRestore();
    }

    expect(lines(await eventsAfter(marker))).toEqual(byId([first, second]).map((id) => `sku.updated ${id}`));
    expect([(await sku(first)).in_stock, (await sku(second)).in_stock]).toEqual([5, 1]);
    expect((await order(ready.orderId)).status).toBe('created');
  });

  it('records no order.updated while the order is being checked out, even for a staff edit', async () => {
    const ready = await readyCheckout(t);

    const { events } = await recording(() => post(`/v1/orders/${ready.orderId}`, { order_note: 'call first' }));

    expect(events).toEqual([]);
  });

  // ---------- money ----------

  it('records order.paid and order.updated for a capture, order.refunded and order.updated for each refund, order.updated for a void', async () => {
    const pending = await placedOrder(t, { gateway: { driver: 'manual' } });
    const id = pending.orderId;

    const capture = await recording(() => post(`/v1/orders/${id}/transactions`, { kind: 'capture' }, 201));
    expect(lines(capture.events)).toEqual([`order.paid ${id}`, `order.updated ${id}`]);
    await expectOrderObjects(capture.events, id);

    const partial = await recording(() => post(`/v1/orders/${id}/transactions`, { kind: 'refund', amount: 100 }, 201));
    expect(lines(partial.events)).toEqual([`order.refunded ${id}`, `order.updated ${id}`]);
    await expectOrderObjects(partial.events, id);
    expect(partial.events[0]!.object.financial_status).toBe('partially_refunded');

    const rest = await recording(() => post(`/v1/orders/${id}/transactions`, { kind: 'refund' }, 201));
    expect(lines(rest.events)).toEqual([`order.refunded ${id}`, `order.updated ${id}`]);
    await expectOrderObjects(rest.events, id);
    expect(rest.events[0]!.object.financial_status).toBe('refunded');

    const authorized = await placedOrder(t, { gateway: { driver: 'test', settings: { capture: 'manual' } } });
    const voided = await recording(() => post(`/v1/orders/${authorized.orderId}/transactions`, { kind: 'void' }, 201));
    expect(lines(voided.events)).toEqual([`order.updated ${authorized.orderId}`]);
    await expectOrderObjects(voided.events, authorized.orderId);
    expect(voided.events[0]!.object.financial_status).toBe('voided');
  });

  it('records order.updated, and no order.refunded, for a refund the gateway refuses', async () => {
    const paid = await placedOrder(t);
    const spy = vi.spyOn(testDriver, 'refund').mockResolvedValueOnce({ status: 'failed', message: 'refused', isTest: true });
    try {
      expectProblem(await t.admin.post(`/v1/orders/${paid.orderId}/transactions`, { kind: 'refund' }), 402, 'payment_declined');
    } finally {
      spy.mockRestore();
    }
    const events = await eventsOf(paid.orderId);
    expect(events.map((e) => e.kind)).toEqual(['order.placed', 'order.paid', 'order.updated', 'order.updated']);
    const now = await order(paid.orderId);
    expect(events.at(-1)!.object).toEqual(now);
    expect(now.financial_status).toBe('paid');
    expect(now.transactions.at(-1)).toMatchObject({ kind: 'refund', status: 'failed' });
  });

  /** Every event of one object, oldest first. */
  async function eventsOf(relatedId: string): Promise<Recorded[]> {
    return (await eventsAfter('')).filter((event) => event.related_id === relatedId);
  }

  // ---------- shipping ----------

  it('records order.fulfilled once, when the last item ships, and order.updated for every change of a shipment', async () => {
    const placed = await placedOrder(t, { items: [{ quantity: 2 }, { quantity: 1 }] });
    const id = placed.orderId;
    const [first, second] = (await order(id)).items;
    const ship = (items?: unknown[]) => recording(() => post(`/v1/orders/${id}/fulfillments`, items ? { items } : {}, 201));

    const part = await ship([{ id: first.id, quantity: 1 }]);
    expect(lines(part.events)).toEqual([`fulfillment.created ${part.result.id}`, `order.updated ${id}`]);
    await expectOrderObjects(part.events, id);
    expect(part.events[1]!.object.fulfillment_status).toBe('partially_fulfilled');

    const last = await ship();
    expect(lines(last.events)).toEqual([`fulfillment.created ${last.result.id}`, `order.fulfilled ${id}`, `order.updated ${id}`]);
    await expectOrderObjects(last.events, id);
    expect(last.events[1]!.object.fulfillment_status).toBe('fulfilled');

    // A change that leaves the order fulfilled is no new fulfilment.
    const tracked = await recording(() => post(`/v1/orders/${id}/fulfillments/${last.result.id}`, { tracking_code: 'TRACK-1' }));
    expect(lines(tracked.events)).toEqual([`fulfillment.updated ${last.result.id}`, `order.updated ${id}`]);
    await expectOrderObjects(tracked.events, id);
    const nothingLeft = await recording(() => t.admin.post(`/v1/orders/${id}/fulfillments`, {}));
    expectProblem(nothingLeft.result, 409, 'invalid_state');
    expect(nothingLeft.events).toEqual([]);

    const canceled = await recording(() => post(`/v1/orders/${id}/fulfillments/${last.result.id}/cancel`));
    expect(lines(canceled.events)).toEqual([`fulfillment.updated ${last.result.id}`, `order.updated ${id}`]);
    await expectOrderObjects(canceled.events, id);
    expect(canceled.events[1]!.object.fulfillment_status).toBe('partially_fulfilled');

    // Shipped again after the cancel: the order is fulfilled again, and says so again.
    const again = await ship([{ id: first.id }, { id: second.id }]);
    expect(lines(again.events)).toEqual([`fulfillment.created ${again.result.id}`, `order.fulfilled ${id}`, `order.updated ${id}`]);
    expect((await eventsOf(id)).filter((e) => e.kind === 'order.fulfilled')).toHaveLength(2);
  });

  // ---------- staff ----------

  it('records one order.updated for a staff edit of the note, the email or the customer', async () => {
    const placed = await placedOrder(t);
    const customer = await signedUpCustomer(t);

    for (const change of [{ order_note: 'fragile' }, { email: 'other@example.com' }, { customer_id: customer.id }]) {
      const { events } = await recording(() => post(`/v1/orders/${placed.orderId}`, change));
      expect(lines(events)).toEqual([`order.updated ${placed.orderId}`]);
      await expectOrderObjects(events, placed.orderId);
    }
    expect((await order(placed.orderId)).customer_id).toBe(customer.id);
  });

  it('records a cancel as each sku\'s sku.updated (its stock back), order.canceled and order.updated', async () => {
    const placed = await placedOrder(t, { items: [{ stock: 4, quantity: 3 }, { stock: 2 }] });
    const id = placed.orderId;

    const { events } = await recording(() => post(`/v1/orders/${id}/cancel`, { reason: 'customer' }));

    const skuIds = byId(placed.skus.map((s) => s.id));
    expect(lines(events)).toEqual([...skuIds.map((s) => `sku.updated ${s}`), `order.canceled ${id}`, `order.updated ${id}`]);
    for (const event of events.slice(0, 2)) expect(event.object).toEqual(await sku(event.related_id));
    expect(events.find((e) => e.related_id === placed.skus[0]!.id)!.object.in_stock).toBe(4);
    await expectOrderObjects(events, id);
    expect(events.at(-1)!.object.status).toBe('canceled');
  });

  it('records an archive as order.archived and order.updated', async () => {
    const placed = await placedOrder(t);

    const { events } = await recording(() => post(`/v1/orders/${placed.orderId}/archive`));

    expect(lines(events)).toEqual([`order.archived ${placed.orderId}`, `order.updated ${placed.orderId}`]);
    await expectOrderObjects(events, placed.orderId);
  });

  it('records each move of a return with the order\'s order.updated, its stock back as sku.updated, and its refund as order.refunded', async () => {
    const placed = await placedOrder(t, { items: [{ stock: 5, quantity: 2 }] });
    const id = placed.orderId;
    const skuId = placed.skus[0]!.id;
    await post(`/v1/orders/${id}/fulfillments`, {}, 201);
    const item = (await order(id)).items[0];

    const made = await recording(() => post(`/v1/orders/${id}/returns`, { items: [{ id: item.id, quantity: 1, reason: 'damaged' }] }, 201));
    const returnId = made.result.id;
    expect(lines(made.events)).toEqual([`return.created ${returnId}`, `order.updated ${id}`]);
    expect(made.events[1]!.object.returns).toEqual([made.result]);

    const received = await recording(() => post(`/v1/orders/${id}/returns/${returnId}/receive`));
    expect(lines(received.events)).toEqual([`sku.updated ${skuId}`, `return.received ${returnId}`, `order.updated ${id}`]);
    expect(received.events[0]!.object.in_stock).toBe(4);

    const refunded = await recording(() => post(`/v1/orders/${id}/returns/${returnId}/refund`));
    expect(lines(refunded.events)).toEqual([`return.refunded ${returnId}`, `order.refunded ${id}`, `order.updated ${id}`]);
    await expectOrderObjects(refunded.events, id);
    expect(refunded.events.at(-1)!.object.returns[0].status).toBe('refunded');
  });

  it('records order.updated for each guest order that joins an account when its email is verified', async () => {
    const customer = await signedUpCustomer(t);
    const guest = await placedOrder(t, { customer: { email: customer.email } });
    const checkingOut = await readyCheckout(t, { customer: { email: customer.email } });
    expect((await order(guest.orderId)).customer_id).toBeNull();

    const { events } = await recording(() => verifyEmail(t, customer.id));

    expect(lines(events)).toEqual([`order.updated ${guest.orderId}`, `customer.updated ${customer.id}`]);
    await expectOrderObjects(events, guest.orderId);
    expect(events[0]!.object.customer_id).toBe(customer.id);
    expect((await order(checkingOut.orderId)).customer_id).toBe(customer.id);
  });

  // ---------- staff edits of stock ----------

  it('records sku.low_stock when staff take a notifying sku to or below its threshold, once until it is above again', async () => {
    const made = await makeSku(t, { stock: 10 });
    const id = made.id;
    const edit = (body: Record<string, unknown>) => recording(() => post(`/v1/skus/${id}`, body));
    const kinds = (events: Recorded[]) => events.map((e) => e.kind);

    expect(kinds((await edit({ is_notify: true, low_threshold: 3 })).events)).toEqual(['sku.updated']);
    const fall = await edit({ in_stock: 3 });
    expect(lines(fall.events)).toEqual([`sku.updated ${id}`, `sku.low_stock ${id}`]);
    for (const event of fall.events) expect(event.object).toEqual(await sku(id));
    expect(kinds((await edit({ in_stock: 1 })).events)).toEqual(['sku.updated']);
    expect(kinds((await edit({ in_stock: 8 })).events)).toEqual(['sku.updated']);
    expect(kinds((await edit({ low_threshold: 8 })).events)).toEqual(['sku.updated', 'sku.low_stock']);
    expect(kinds((await edit({ in_stock: 20, is_notify: false })).events)).toEqual(['sku.updated']);
    expect(kinds((await edit({ in_stock: 0 })).events)).toEqual(['sku.updated']);
  });

  it('records sku.low_stock for a notifying sku created at or below its threshold', async () => {
    const made = await makeSku(t);

    const low = await recording(() => post('/v1/skus', { product_id: made.productId, price: 100, stock_policy: 'overall', in_stock: 2, is_notify: true, low_threshold: 2 }, 201));
    const plenty = await recording(() => post('/v1/skus', { product_id: made.productId, price: 100, stock_policy: 'overall', in_stock: 9, is_notify: true, low_threshold: 2 }, 201));

    expect(lines(low.events)).toEqual([`sku.created ${low.result.id}`, `sku.low_stock ${low.result.id}`]);
    expect(low.events[1]!.object).toEqual(asRecorded(low.result));
    expect(lines(plenty.events)).toEqual([`sku.created ${plenty.result.id}`]);
  });

  // ---------- webhooks ----------

  it('delivers one order.updated to an endpoint subscribed to it for each change of the order', async () => {
    const receiver = await startReceiver();
    await post('/v1/webhooks', { url: receiver.url, events: ['order.updated'] }, 201);
    const ready: ReadyCheckout = await readyCheckout(t, { items: [{ quantity: 1 }] });
    const id = ready.orderId;

    expect((await pay(t, id)).status).toBe(200);
    await post(`/v1/orders/${id}`, { order_note: 'gift' });
    const shipment = await post(`/v1/orders/${id}/fulfillments`, {}, 201);
    await post(`/v1/orders/${id}/fulfillments/${shipment.id}`, { tracking_code: 'T-9' });
    await post(`/v1/orders/${id}/transactions`, { kind: 'refund', amount: 50 }, 201);
    await post(`/v1/orders/${id}/archive`);
    const sent = (await eventsOf(id)).filter((e) => e.kind === 'order.updated');
    expect(sent).toHaveLength(6);

    await deliverUntil(t, () => receiver.requests.length >= sent.length);

    const bodies = receiver.requests.map((r) => JSON.parse(r.body) as { id: string; kind: string; data: { object: any } });
    expect(receiver.requests.map((r) => r.headers['storefront-event-kind'])).toEqual(sent.map(() => 'order.updated'));
    expect(bodies.map((b) => b.id).sort()).toEqual(sent.map((e) => e.id).sort());
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(sent.length);
    const objects = new Map(sent.map((e) => [e.id, e.object]));
    for (const body of bodies) expect(body.data.object).toEqual(objects.get(body.id));
    expect(bodies.find((b) => b.data.object.status === 'archived')!.data.object).toEqual(await order(id));
    const deliveries = await t.db.selectFrom('webhook_deliveries').select('event_id').where('event_id', 'in', sent.map((e) => e.id)).execute();
    expect(deliveries).toHaveLength(sent.length);
  });
});
