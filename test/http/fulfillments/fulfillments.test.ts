import { expect, it } from 'vitest';
import { eventsOf, makeSku, orderRow, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

const UNKNOWN_ORDER = 'ord_00000000000000000000000000';
const UNKNOWN_FULFILLMENT = 'ful_00000000000000000000000000';

/** The fields of the spec's fulfillment table, and nothing else. */
const FULFILLMENT_FIELDS = [
  'id', 'object', 'kind', 'status', 'items', 'items_count', 'tracking_code', 'carrier', 'is_customer_notified', 'order_id',
  'metadata', 'private_metadata', 'created_at', 'updated_at',
].sort();

/** One line of an order to place: how many units, their unit weight in grams, and whether they ship. */
interface Line {
  quantity?: number;
  grams?: number;
  ships?: boolean;
}

describeEachDatabase('fulfillments', (t) => {
  // ---------- given ----------

  /**
   * A placed, paid order with one item per line, made through the API; `items` are its order items
   * in the order of `lines`.
   */
  async function orderOf(...lines: Line[]): Promise<{ orderId: string; order: any; items: any[] }> {
    const skuIds: string[] = [];
    for (const line of lines) {
      const sku = await makeSku(t, { isShippingRequired: line.ships ?? true, stock: 50 });
      const res = await t.admin.post(`/v1/skus/${sku.id}`, { weight: line.grams ?? 100, weight_unit: 'gr' });
      expect(res.status, res.text).toBe(200);
      skuIds.push(sku.id);
    }
    const placed = await placedOrder(t, { items: lines.map((line, i) => ({ skuId: skuIds[i]!, quantity: line.quantity ?? 1 })) });
    expect(placed.order.status).toBe('placed');
    const items = skuIds.map((skuId) => placed.order.items.find((item: any) => item.sku_id === skuId));
    expect(items.every(Boolean)).toBe(true);
    return { orderId: placed.orderId, order: placed.order, items };
  }

  // ---------- when ----------

  function ship(orderId: string, body: Record<string, unknown> = {}): Promise<TestResponse> {
    return t.admin.post(`/v1/orders/${orderId}/fulfillments`, body);
  }

  async function shipOk(orderId: string, body: Record<string, unknown> = {}): Promise<any> {
    const res = await ship(orderId, body);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function cancel(orderId: string, id: string): Promise<TestResponse> {
    return t.admin.post(`/v1/orders/${orderId}/fulfillments/${id}/cancel`);
  }

  function update(orderId: string, id: string, body: Record<string, unknown>): Promise<TestResponse> {
    return t.admin.post(`/v1/orders/${orderId}/fulfillments/${id}`, body);
  }

  // ---------- then ----------

  async function fulfilledOf(itemId: string): Promise<number> {
    const row = await t.db.selectFrom('order_items').select('fulfilled').where('id', '=', itemId).executeTakeFirstOrThrow();
    return Number(row.fulfilled);
  }

  async function fulfilledAll(items: Array<{ id: string }>): Promise<number[]> {
    const counts: number[] = [];
    for (const item of items) counts.push(await fulfilledOf(item.id));
    return counts;
  }

  async function orderStatus(orderId: string): Promise<string> {
    return (await orderRow(t, orderId)).fulfillment_status;
  }

  function fulfillmentRows(orderId: string) {
    return t.db.selectFrom('fulfillments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  async function shippedRows(fulfillmentId: string): Promise<Array<{ order_item_id: string; quantity: number }>> {
    const rows = await t.db.selectFrom('fulfillment_items').select(['order_item_id', 'quantity'])
      .where('fulfillment_id', '=', fulfillmentId).orderBy('order_item_id').execute();
    return rows.map((r) => ({ order_item_id: r.order_item_id, quantity: Number(r.quantity) }));
  }

  /** The order as the API answers it: its fulfillment_status and each item's `fulfilled`. */
  async function orderRead(orderId: string): Promise<{ status: string; fulfilled: Record<string, number> }> {
    const res = await t.admin.get(`/v1/orders/${orderId}`);
    expect(res.status, res.text).toBe(200);
    return {
      status: res.body.data.fulfillment_status,
      fulfilled: Object.fromEntries(res.body.data.items.map((item: any) => [item.id, item.fulfilled])),
    };
  }

  /** A shipment's items as `{order item id: units}`. */
  function unitsOf(fulfillment: any): Record<string, number> {
    return Object.fromEntries(fulfillment.items.map((item: any) => [item.id, item.fulfilled_quantity]));
  }

  // ---------- create: everything, every field ----------

  it('ships everything still unshipped when no items are given, answering every field of the spec (kind full)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { orderId, items: [boots, hat, ebook] } = await orderOf({ quantity: 2, grams: 250 }, { quantity: 1, grams: 1500 }, { ships: false });
    expect(await orderStatus(orderId)).toBe('unfulfilled');

    const res = await ship(orderId, { tracking_code: 'TRK-1', carrier: 'Chilexpress', is_customer_notified: true });

    expect(res.status, res.text).toBe(201);
    const ful = res.body.data;
    expect(Object.keys(ful).sort()).toEqual(FULFILLMENT_FIELDS);
    expect(ful.id).toMatch(/^ful_[0-9a-z]{26}$/);
    expect(ful).toMatchObject({
      object: 'fulfillment',
      kind: 'full',
      status: 'succeeded',
      items_count: 3,
      tracking_code: 'TRK-1',
      carrier: 'Chilexpress',
      is_customer_notified: true,
      order_id: orderId,
    });
    expect(Number.isInteger(ful.created_at)).toBe(true);
    expect(ful.created_at).toBeGreaterThanOrEqual(before);
    expect(ful.updated_at).toBe(ful.created_at);
    // Only the items that ship, each an order item with what this shipment carries of it.
    expect(ful.items).toHaveLength(2);
    const byId = Object.fromEntries(ful.items.map((item: any) => [item.id, item]));
    expect(byId[boots.id]).toMatchObject({
      object: 'order_item', order_id: orderId, sku_id: boots.sku_id, quantity: 2, weight: 250, is_shipping_required: true,
      fulfilled: 2, fulfilled_quantity: 2, fulfilled_weight: 500,
    });
    expect(byId[hat.id]).toMatchObject({ object: 'order_item', quantity: 1, weight: 1500, fulfilled: 1, fulfilled_quantity: 1, fulfilled_weight: 1500 });
    expect(byId[ebook.id]).toBeUndefined();

    // Rows: the shipment, its items, the order items' counts and the order's status.
    const [row] = await fulfillmentRows(orderId);
    expect(row).toMatchObject({ id: ful.id, kind: 'full', status: 'succeeded', tracking_code: 'TRK-1', carrier: 'Chilexpress' });
    expect(Number(row!.is_customer_notified)).toBe(1);
    expect(await shippedRows(ful.id)).toEqual(
      [{ order_item_id: boots.id, quantity: 2 }, { order_item_id: hat.id, quantity: 1 }].sort((a, b) => a.order_item_id.localeCompare(b.order_item_id)),
    );
    expect(await fulfilledAll([boots, hat, ebook])).toEqual([2, 1, 0]);
    expect(await orderStatus(orderId)).toBe('fulfilled');
    expect(await orderRead(orderId)).toEqual({ status: 'fulfilled', fulfilled: { [boots.id]: 2, [hat.id]: 1, [ebook.id]: 0 } });

    // GET answers the same shipment.
    const got = await t.admin.get(`/v1/orders/${orderId}/fulfillments/${ful.id}`);
    expect(got.status, got.text).toBe(200);
    expect(got.body.data).toEqual(ful);

    // fulfillment.created, in the change, saying the customer was notified.
    const events = await eventsOf(t, ful.id, 'fulfillment.created');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ object: 'event', kind: 'fulfillment.created' });
    expect(events[0].data.object).toEqual(ful);
    expect(events[0].data.object.is_customer_notified).toBe(true);
  });

  it('defaults tracking_code and carrier to null and is_customer_notified to false, and the event says not notified', async () => {
    const { orderId } = await orderOf({ quantity: 1 });

    const ful = await shipOk(orderId);

    expect(ful).toMatchObject({ tracking_code: null, carrier: null, is_customer_notified: false, status: 'succeeded', kind: 'full' });
    const [event] = await eventsOf(t, ful.id, 'fulfillment.created');
    expect(event.data.object.is_customer_notified).toBe(false);
  });

  // ---------- partial, cancel, full ----------

  it('ships part, cancels it (units back), then ships the rest in a partial and a full shipment', async () => {
    const { orderId, items: [a, b] } = await orderOf({ quantity: 3, grams: 200 }, { quantity: 2, grams: 50 });

    // A partial shipment: 1 of a's 3.
    const first = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] });
    expect(first).toMatchObject({ kind: 'parcial', status: 'succeeded', items_count: 1 });
    expect(first.items).toEqual([expect.objectContaining({ id: a.id, fulfilled: 1, fulfilled_quantity: 1, fulfilled_weight: 200 })]);
    expect(await fulfilledAll([a, b])).toEqual([1, 0]);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    expect((await orderRead(orderId)).status).toBe('partially_fulfilled');

    // Cancel it: its unit goes back and the order is unfulfilled again.
    const canceled = await cancel(orderId, first.id);
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: first.id, status: 'canceled', kind: 'parcial', items_count: 1 });
    expect(canceled.body.data.updated_at).toBeGreaterThanOrEqual(first.updated_at);
    expect(await fulfilledAll([a, b])).toEqual([0, 0]);
    expect(await orderStatus(orderId)).toBe('unfulfilled');
    expect(await orderRead(orderId)).toEqual({ status: 'unfulfilled', fulfilled: { [a.id]: 0, [b.id]: 0 } });
    expect((await fulfillmentRows(orderId)).map((r) => r.status)).toEqual(['canceled']);
    const cancelEvents = await eventsOf(t, first.id, 'fulfillment.updated');
    expect(cancelEvents).toHaveLength(1);
    expect(cancelEvents[0].data.object).toMatchObject({ id: first.id, status: 'canceled' });

    // 2 of a and all of b (no quantity): 1 of a is left, so still parcial.
    const second = await shipOk(orderId, { items: [{ id: a.id, quantity: 2 }, { id: b.id }] });
    expect(second).toMatchObject({ kind: 'parcial', items_count: 4 });
    expect(unitsOf(second)).toEqual({ [a.id]: 2, [b.id]: 2 });
    expect(second.items.find((i: any) => i.id === b.id).fulfilled_weight).toBe(100);
    expect(await fulfilledAll([a, b])).toEqual([2, 2]);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');

    // No items: ships only what is left (1 of a), and that completes the order.
    const third = await shipOk(orderId);
    expect(third).toMatchObject({ kind: 'full', items_count: 1 });
    expect(unitsOf(third)).toEqual({ [a.id]: 1 });
    expect(await fulfilledAll([a, b])).toEqual([3, 2]);
    expect(await orderStatus(orderId)).toBe('fulfilled');
    expect(await orderRead(orderId)).toEqual({ status: 'fulfilled', fulfilled: { [a.id]: 3, [b.id]: 2 } });

    // Nothing is left: shipping everything again is a state problem, and nothing is written.
    const again = await ship(orderId);
    expectProblem(again, 409, 'invalid_state');
    expect(await fulfillmentRows(orderId)).toHaveLength(3);

    const list = await t.admin.get(`/v1/orders/${orderId}/fulfillments`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((f: any) => [f.id, f.status, f.kind])).toEqual([
      [first.id, 'canceled', 'parcial'], [second.id, 'succeeded', 'parcial'], [third.id, 'succeeded', 'full'],
    ]);
  });

  it('calls a shipment full when its items[] ship exactly what is left, and parcial when one unit stays', async () => {
    const { orderId, items: [a, b] } = await orderOf({ quantity: 2 }, { quantity: 1 });
    const whole = await orderOf({ quantity: 2 }, { quantity: 1 });

    // One unit short of everything: parcial.
    const short = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }, { id: b.id, quantity: 1 }] });
    expect(short.kind).toBe('parcial');
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    // Exactly the rest, named with items[] and an explicit quantity: full.
    const rest = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] });
    expect(rest.kind).toBe('full');
    expect(await orderStatus(orderId)).toBe('fulfilled');

    // Every item listed with its whole quantity in one shipment: full.
    const all = await shipOk(whole.orderId, { items: [{ id: whole.items[0].id, quantity: 2 }, { id: whole.items[1].id }] });
    expect(all).toMatchObject({ kind: 'full', items_count: 3 });
    expect(await orderStatus(whole.orderId)).toBe('fulfilled');
    expect((await fulfillmentRows(whole.orderId)).map((r) => r.kind)).toEqual(['full']);
  });

  // ---------- which orders can ship ----------

  it('marks an order whose items all need no shipping not_required, and refuses to fulfil it', async () => {
    const { orderId, order, items: [ebook] } = await orderOf({ ships: false, quantity: 2 });
    expect(order.fulfillment_status).toBe('not_required');
    expect(await orderStatus(orderId)).toBe('not_required');

    expectProblem(await ship(orderId), 409, 'invalid_state');
    expectInvalid(await ship(orderId, { items: [{ id: ebook.id }] }), 'items[0][id]');

    expect(await fulfillmentRows(orderId)).toEqual([]);
    expect(await fulfilledOf(ebook.id)).toBe(0);
    expect(await orderRead(orderId)).toEqual({ status: 'not_required', fulfilled: { [ebook.id]: 0 } });
  });

  it('refuses to fulfil an order not yet paid (created) with 409 naming its status', async () => {
    const ready = await readyCheckout(t);
    const item = ready.checkout.data.items[0];

    for (const body of [{}, { items: [{ id: item.id }] }]) {
      const res = await ship(ready.orderId, body);
      expectProblem(res, 409, 'invalid_state');
      expect(res.body).toMatchObject({ field: 'status', current: 'created', requested: 'placed' });
    }
    expect(await fulfillmentRows(ready.orderId)).toEqual([]);
    expect(await fulfilledOf(item.id)).toBe(0);
    expect(await orderStatus(ready.orderId)).toBe('unfulfilled');
  });

  it('refuses to fulfil a canceled order, and an archived one, with 409', async () => {
    const canceledOrder = await orderOf({ quantity: 1 });
    const archivedOrder = await orderOf({ quantity: 1 });
    const off = await t.admin.post(`/v1/orders/${canceledOrder.orderId}/cancel`, { reason: 'customer' });
    expect(off.status, off.text).toBe(200);
    const archived = await t.admin.post(`/v1/orders/${archivedOrder.orderId}/archive`);
    expect(archived.status, archived.text).toBe(200);

    const res = await ship(canceledOrder.orderId);
    expectProblem(res, 409, 'invalid_state');
    expect(res.body).toMatchObject({ current: 'canceled', requested: 'placed' });
    const listed = await ship(canceledOrder.orderId, { items: [{ id: canceledOrder.items[0].id, quantity: 1 }] });
    expectProblem(listed, 409, 'invalid_state');
    const late = await ship(archivedOrder.orderId);
    expectProblem(late, 409, 'invalid_state');
    expect(late.body).toMatchObject({ current: 'archived' });

    expect(await fulfillmentRows(canceledOrder.orderId)).toEqual([]);
    expect(await fulfillmentRows(archivedOrder.orderId)).toEqual([]);
    expect(await fulfilledOf(canceledOrder.items[0].id)).toBe(0);
    expect(await eventsOf(t, canceledOrder.orderId, 'fulfillment.created')).toEqual([]);
  });

  // ---------- which items can ship ----------

  it('refuses an item of another order with 422 naming items[i][id], shipping nothing', async () => {
    const mine = await orderOf({ quantity: 2 });
    const other = await orderOf({ quantity: 2 });

    expectInvalid(await ship(mine.orderId, { items: [{ id: other.items[0].id, quantity: 1 }] }), 'items[0][id]');
    const second = await ship(mine.orderId, { items: [{ id: mine.items[0].id, quantity: 1 }, { id: other.items[0].id }] });
    expectInvalid(second, 'items[1][id]');
    expect(second.body.errors.map((e: any) => e.field)).toEqual(['items[1][id]']);
    expectInvalid(await ship(mine.orderId, { items: [{ id: 'itm_00000000000000000000000000' }] }), 'items[0][id]');

    expect(await fulfillmentRows(mine.orderId)).toEqual([]);
    expect(await fulfillmentRows(other.orderId)).toEqual([]);
    expect(await fulfilledAll([mine.items[0], other.items[0]])).toEqual([0, 0]);
    expect(await orderStatus(mine.orderId)).toBe('unfulfilled');
  });

  it('refuses an item that needs no shipping with 422, and ships nothing else of that request', async () => {
    const { orderId, items: [boots, ebook] } = await orderOf({ quantity: 1 }, { ships: false });

    const res = await ship(orderId, { items: [{ id: boots.id }, { id: ebook.id }] });

    expectInvalid(res, 'items[1][id]');
    expect(await fulfillmentRows(orderId)).toEqual([]);
    expect(await fulfilledAll([boots, ebook])).toEqual([0, 0]);
    expect(await orderStatus(orderId)).toBe('unfulfilled');
  });

  it('refuses a quantity of 0 or below with 422 naming items[i][quantity]', async () => {
    const { orderId, items: [a, b] } = await orderOf({ quantity: 3 }, { quantity: 3 });

    expectInvalid(await ship(orderId, { items: [{ id: a.id, quantity: 0 }] }), 'items[0][quantity]');
    expectInvalid(await ship(orderId, { items: [{ id: a.id, quantity: -1 }] }), 'items[0][quantity]');
    expectInvalid(await ship(orderId, { items: [{ id: a.id, quantity: 1 }, { id: b.id, quantity: 0 }] }), 'items[1][quantity]');

    expect(await fulfillmentRows(orderId)).toEqual([]);
    expect(await fulfilledAll([a, b])).toEqual([0, 0]);
  });

  it('refuses more than is left to ship with 422 naming items[i][quantity]', async () => {
    const { orderId, items: [a, b] } = await orderOf({ quantity: 3 }, { quantity: 1 });

    expectInvalid(await ship(orderId, { items: [{ id: a.id, quantity: 4 }] }), 'items[0][quantity]');
    await shipOk(orderId, { items: [{ id: a.id, quantity: 2 }] });
    const over = await ship(orderId, { items: [{ id: b.id }, { id: a.id, quantity: 2 }] });
    expectInvalid(over, 'items[1][quantity]');
    expect(over.body.errors.map((e: any) => e.field)).toEqual(['items[1][quantity]']);

    expect(await fulfillmentRows(orderId)).toHaveLength(1);
    expect(await fulfilledAll([a, b])).toEqual([2, 0]);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    // What is left still ships.
    expect((await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }, { id: b.id }] })).kind).toBe('full');
  });

  it('refuses an empty items list and an item listed twice with 422, shipping nothing', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 3 });

    expectInvalid(await ship(orderId, { items: [] }), 'items');
    expectInvalid(await ship(orderId, { items: [{ id: a.id, quantity: 1 }, { id: a.id, quantity: 1 }] }), 'items[1][id]');

    expect(await fulfillmentRows(orderId)).toEqual([]);
    expect(await fulfilledOf(a.id)).toBe(0);
  });

  // ---------- cancel ----------

  it('refuses to cancel a canceled fulfillment with 409 naming current and requested, changing nothing', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 2 });
    const ful = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] });
    await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] });
    expect((await cancel(orderId, ful.id)).status).toBe(200);

    const twice = await cancel(orderId, ful.id);

    expectProblem(twice, 409, 'invalid_state');
    expect(twice.body).toMatchObject({ field: 'status', current: 'canceled', requested: 'canceled' });
    expect(await fulfilledOf(a.id)).toBe(1);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    expect(await eventsOf(t, ful.id, 'fulfillment.updated')).toHaveLength(1);
  });

  it('refuses to cancel an order once something shipped, and lets it be canceled after the shipment is', async () => {
    const { orderId } = await orderOf({ quantity: 2 });
    const ful = await shipOk(orderId);

    const refused = await t.admin.post(`/v1/orders/${orderId}/cancel`, { reason: 'too late' });
    expectProblem(refused, 409, 'invalid_state');
    expect((await orderRow(t, orderId)).status).toBe('placed');

    expect((await cancel(orderId, ful.id)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe('unfulfilled');
    const done = await t.admin.post(`/v1/orders/${orderId}/cancel`, { reason: 'customer' });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'canceled', fulfillment_status: 'unfulfilled' });
    // A canceled order ships nothing more.
    expectProblem(await ship(orderId), 409, 'invalid_state');
  });

  // ---------- update ----------

  it('updates tracking_code, carrier and is_customer_notified and records fulfillment.updated saying so', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 2 });
    const ful = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }], tracking_code: 'OLD', carrier: 'Old Post' });

    const res = await update(orderId, ful.id, { tracking_code: 'NEW-42', carrier: 'New Post', is_customer_notified: true });

    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(FULFILLMENT_FIELDS);
    expect(res.body.data).toMatchObject({
      id: ful.id, tracking_code: 'NEW-42', carrier: 'New Post', is_customer_notified: true, status: 'succeeded', kind: 'parcial', items_count: 1,
    });
    expect(res.body.data.created_at).toBe(ful.created_at);
    const [row] = await fulfillmentRows(orderId);
    expect(row).toMatchObject({ tracking_code: 'NEW-42', carrier: 'New Post', status: 'succeeded' });
    expect(Number(row!.is_customer_notified)).toBe(1);
    // Units and the order are untouched by an update of the details.
    expect(await fulfilledOf(a.id)).toBe(1);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    const events = await eventsOf(t, ful.id, 'fulfillment.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(res.body.data);
    expect(events[0].data.object.is_customer_notified).toBe(true);

    // A field left out keeps its value; the GET shows the latest.
    const carrierOnly = await update(orderId, ful.id, { carrier: 'Third Post' });
    expect(carrierOnly.status, carrierOnly.text).toBe(200);
    expect(carrierOnly.body.data).toMatchObject({ tracking_code: 'NEW-42', carrier: 'Third Post', is_customer_notified: true });
    expect((await t.admin.get(`/v1/orders/${orderId}/fulfillments/${ful.id}`)).body.data).toEqual(carrierOnly.body.data);
    expect(await eventsOf(t, ful.id, 'fulfillment.updated')).toHaveLength(2);
  });

  it('settles a pending fulfillment as succeeded (units stay) or failed (units back); failed and canceled never move again', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 3 });

    const pending = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }], status: 'pending' });
    expect(pending).toMatchObject({ status: 'pending', kind: 'parcial' });
    expect(await fulfilledOf(a.id)).toBe(1);
    const succeeded = await update(orderId, pending.id, { status: 'succeeded' });
    expect(succeeded.status, succeeded.text).toBe(200);
    expect(succeeded.body.data.status).toBe('succeeded');
    expect(await fulfilledOf(a.id)).toBe(1);
    expect((await eventsOf(t, pending.id, 'fulfillment.updated'))[0].data.object.status).toBe('succeeded');

    const doomed = await shipOk(orderId, { items: [{ id: a.id, quantity: 2 }], status: 'pending' });
    expect(doomed.kind).toBe('full');
    expect(await orderStatus(orderId)).toBe('fulfilled');
    const failed = await update(orderId, doomed.id, { status: 'failed' });
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.data.status).toBe('failed');
    expect(await fulfilledOf(a.id)).toBe(1);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
    expect((await eventsOf(t, doomed.id, 'fulfillment.updated'))[0].data.object.status).toBe('failed');

    const revived = await update(orderId, doomed.id, { status: 'succeeded' });
    expectProblem(revived, 409, 'invalid_state');
    expect(revived.body).toMatchObject({ current: 'failed', requested: 'succeeded' });
    expectProblem(await cancel(orderId, doomed.id), 409, 'invalid_state');
    expect(await fulfilledOf(a.id)).toBe(1);

    expect((await cancel(orderId, pending.id)).status).toBe(200);
    const back = await update(orderId, pending.id, { status: 'succeeded' });
    expectProblem(back, 409, 'invalid_state');
    expect(back.body).toMatchObject({ field: 'status', current: 'canceled', requested: 'succeeded' });
    expect(await fulfilledOf(a.id)).toBe(0);
    expect(await orderStatus(orderId)).toBe('unfulfilled');
    expect((await fulfillmentRows(orderId)).map((r) => r.status)).toEqual(['canceled', 'failed']);
  });

  it('refuses a status the update does not know with 422', async () => {
    const { orderId } = await orderOf({ quantity: 1 });
    const ful = await shipOk(orderId);

    expectInvalid(await update(orderId, ful.id, { status: 'canceled' }), 'status');
    expectInvalid(await ship(orderId, { status: 'failed' }), 'status');
    expect((await fulfillmentRows(orderId)).map((r) => r.status)).toEqual(['succeeded']);
  });

  // ---------- list ----------

  it("lists an order's fulfillments oldest first, paged with meta.pagination", async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 3 });
    const other = await orderOf({ quantity: 1 });
    await shipOk(other.orderId);
    const shipped: string[] = [];
    for (let i = 0; i < 3; i += 1) shipped.push((await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] })).id);

    const first = await t.admin.get(`/v1/orders/${orderId}/fulfillments?per_page=2`);
    const second = await t.admin.get(`/v1/orders/${orderId}/fulfillments?per_page=2&page=2`);

    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((f: any) => f.id)).toEqual(shipped.slice(0, 2));
    expect(first.body.meta.pagination).toMatchObject({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 2, total_items: 3,
    });
    expect(first.body.meta.pagination.links.next_page).toEqual(expect.stringContaining('page=2'));
    expect(second.body.data.map((f: any) => f.id)).toEqual(shipped.slice(2));
    expect(second.body.meta.pagination).toMatchObject({ current_page: 2, previous_page: 1, next_page: null, from: 3, to: 3 });
    for (const ful of first.body.data) {
      expect(Object.keys(ful).sort()).toEqual(FULFILLMENT_FIELDS);
      expect(ful).toMatchObject({ object: 'fulfillment', order_id: orderId, items_count: 1 });
    }
    expect(first.body.data.map((f: any) => f.kind)).toEqual(['parcial', 'parcial']);
    expect(second.body.data[0].kind).toBe('full');

    const empty = await t.admin.get(`/v1/orders/${(await orderOf({})).orderId}/fulfillments`);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.data).toEqual([]);
    expect(empty.body.meta.pagination).toMatchObject({ total_items: 0 });
    expectProblem(await t.admin.get(`/v1/orders/${orderId}/fulfillments?per_page=0`), 400, 'invalid_request');
  });

  // ---------- not found and credentials ----------

  it('answers 404 for an unknown order, an unknown fulfillment, and a fulfillment of another order', async () => {
    const { orderId } = await orderOf({ quantity: 1 });
    const other = await orderOf({ quantity: 1 });
    const foreign = await shipOk(other.orderId);

    for (const res of [
      await t.admin.get(`/v1/orders/${UNKNOWN_ORDER}/fulfillments`),
      await t.admin.get(`/v1/orders/${UNKNOWN_ORDER}/fulfillments/${foreign.id}`),
      await ship(UNKNOWN_ORDER),
      await update(UNKNOWN_ORDER, foreign.id, { carrier: 'x' }),
      await cancel(UNKNOWN_ORDER, foreign.id),
      await t.admin.get(`/v1/orders/${orderId}/fulfillments/${UNKNOWN_FULFILLMENT}`),
      await update(orderId, UNKNOWN_FULFILLMENT, { carrier: 'x' }),
      await cancel(orderId, UNKNOWN_FULFILLMENT),
      await t.admin.get(`/v1/orders/${orderId}/fulfillments/${foreign.id}`),
      await update(orderId, foreign.id, { carrier: 'x' }),
      await cancel(orderId, foreign.id),
    ]) {
      expectProblem(res, 404, 'not_found');
    }
    expect(await fulfillmentRows(orderId)).toEqual([]);
    const [row] = await fulfillmentRows(other.orderId);
    expect(row).toMatchObject({ status: 'succeeded', carrier: null });
  });

  it('refuses a channel key (403) and a request with no credential (401) on every fulfillment endpoint', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 2 });
    const ful = await shipOk(orderId, { items: [{ id: a.id, quantity: 1 }] });
    const calls = (client: typeof t.admin) => [
      () => client.get(`/v1/orders/${orderId}/fulfillments`),
      () => client.get(`/v1/orders/${orderId}/fulfillments/${ful.id}`),
      () => client.post(`/v1/orders/${orderId}/fulfillments`, {}),
      () => client.post(`/v1/orders/${orderId}/fulfillments/${ful.id}`, { carrier: 'sneaky' }),
      () => client.post(`/v1/orders/${orderId}/fulfillments/${ful.id}/cancel`),
    ];

    for (const call of calls(t.storefront)) expectProblem(await call(), 403, 'forbidden');
    for (const call of calls(t.anonymous)) expectProblem(await call(), 401, 'unauthorized');

    const rows = await fulfillmentRows(orderId);
    expect(rows.map((r) => [r.status, r.carrier])).toEqual([['succeeded', null]]);
    expect(await orderStatus(orderId)).toBe('partially_fulfilled');
  });

  // ---------- concurrency ----------

  it('never ships more than was ordered: 6 simultaneous 1-unit shipments of 5 units give 5 × 201 and one 422', async () => {
    const { orderId, items: [a] } = await orderOf({ quantity: 5, grams: 10 });

    const results = await Promise.all(Array.from({ length: 6 }, () => ship(orderId, { items: [{ id: a.id, quantity: 1 }] })));

    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join('\n')).toEqual([201, 201, 201, 201, 201, 422]);
    expectInvalid(results.find((r) => r.status === 422)!, 'items[0][quantity]');
    expect(await fulfilledOf(a.id)).toBe(5);
    expect(await orderStatus(orderId)).toBe('fulfilled');
    const rows = await fulfillmentRows(orderId);
    expect(rows).toHaveLength(5);
    let units = 0;
    for (const row of rows) for (const s of await shippedRows(row.id)) units += s.quantity;
    expect(units).toBe(5);
    // The one that shipped the last unit is full, the others parcial.
    expect(rows.map((r) => r.kind).sort()).toEqual(['full', 'parcial', 'parcial', 'parcial', 'parcial']);
    const created = results.filter((r) => r.status === 201).map((r) => r.body.data.id).sort();
    expect(rows.map((r) => r.id)).toEqual(created);
    for (const id of created) expect(await eventsOf(t, id, 'fulfillment.created')).toHaveLength(1);
  });

  it('lets only one of two simultaneous "ship everything" requests through', async () => {
    const { orderId, items: [a, b] } = await orderOf({ quantity: 2 }, { quantity: 3 });

    const results = await Promise.all([ship(orderId), ship(orderId)]);

    const winners = results.filter((r) => r.status === 201);
    expect(winners, results.map((r) => r.text).join('\n')).toHaveLength(1);
    const loser = results.find((r) => r.status !== 201)!;
    expectProblem(loser, 409, 'invalid_state');
    expect(winners[0]!.body.data).toMatchObject({ kind: 'full', items_count: 5 });
    expect(await fulfilledAll([a, b])).toEqual([2, 3]);
    expect(await fulfillmentRows(orderId)).toHaveLength(1);
    expect(await orderStatus(orderId)).toBe('fulfilled');
  });

  it('keeps the order status right when different items ship simultaneously', async () => {
    const { orderId, items } = await orderOf({ quantity: 1 }, { quantity: 1 }, { quantity: 1 });

    const results = await Promise.all(items.map((item) => ship(orderId, { items: [{ id: item.id }] })));

    expect(results.map((r) => r.status), results.map((r) => r.text).join('\n')).toEqual([201, 201, 201]);
    expect(await fulfilledAll(items)).toEqual([1, 1, 1]);
    expect(await orderStatus(orderId)).toBe('fulfilled');
    expect((await orderRead(orderId)).status).toBe('fulfilled');
    // Exactly one of them shipped the last item.
    expect(results.map((r) => r.body.data.kind).sort()).toEqual(['full', 'parcial', 'parcial']);
  });
});
