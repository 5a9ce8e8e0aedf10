import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { ADDRESS, CARDS, makeGateway, makeRate, makeSku, orderRow, pay, readyCheckout, stockOf, transactionRows, type ReadyCheckout } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { assertInvariants, stockBaseline } from '../../helpers/invariants.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

/** `200`, or `409 out_of_stock` for a problem: what a contested request answered. */
function outcome(res: TestResponse): string {
  return res.status < 400 ? String(res.status) : `${res.status} ${res.body?.code ?? '?'}`;
}

function outcomes(answers: TestResponse[]): string {
  return answers.map((res) => `${outcome(res)}${res.headers['idempotent-replayed'] ? ' (replayed)' : ''}`).join(', ');
}

/**
 * Every answer is one of `allowed` (a success status, or `status code` of a problem), never a 5xx,
 * and every failure is an RFC 9457 problem.
 */
function expectClean(answers: TestResponse[], allowed: string[]): void {
  for (const res of answers) {
    expect(res.status, `${outcomes(answers)}\n${res.text}`).toBeLessThan(500);
    if (res.status >= 400) {
      expect(res.headers['content-type'], res.text).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: res.status, code: expect.any(String), type: `/docs/errors#${res.body.code}` });
    }
    expect(allowed, `${outcomes(answers)}\n${res.text}`).toContain(outcome(res));
  }
}

const count = (answers: TestResponse[], wanted: string) => answers.filter((res) => outcome(res) === wanted).length;

describeEachDatabase('concurrency', (t) => {
  let shared: { gatewayId: string; authorizingId: string; rateId: string } | undefined;

  /** One card gateway, one authorizing gateway and one shipping rate for every checkout of the file. */
  async function setup() {
    shared ??= {
      gatewayId: (await makeGateway(t)).id,
      authorizingId: (await makeGateway(t, 'test', { capture: 'manual' })).id,
      rateId: await makeRate(t, 500),
    };
    return shared;
  }

  /** `n` checkouts ready to pay, one after another, each for these skus and quantities in this order. */
  async function checkouts(n: number, lines: (i: number) => Array<{ skuId: string; quantity?: number }>, authorizing = false): Promise<ReadyCheckout[]> {
    const { gatewayId, authorizingId, rateId } = await setup();
    const list: ReadyCheckout[] = [];
    for (let i = 0; i < n; i += 1) list.push(await readyCheckout(t, { items: lines(i), gateway: authorizing ? authorizingId : gatewayId, rateId }));
    return list;
  }

  async function succeeded(orderId: string, kind: string) {
    return (await transactionRows(t, orderId)).filter((row) => row.kind === kind && row.status === 'succeeded');
  }

  async function statusOf(orderIds: string[]): Promise<string[]> {
    const rows = await t.db.selectFrom('orders').select('status').where('id', 'in', orderIds).execute();
    return rows.map((row) => row.status);
  }

  // ---------- stock ----------

  for (const { stock, quantity, buyers } of [{ stock: 3, quantity: 1, buyers: 10 }, { stock: 5, quantity: 2, buyers: 6 }]) {
    const winners = Math.floor(stock / quantity);
    it(`places exactly ${winners} of ${buyers} simultaneous payments for ${quantity} of a sku with ${stock} in stock; the rest get 409 out_of_stock`, async () => {
      const sku = await makeSku(t, { stock });
      const ready = await checkouts(buyers, () => [{ skuId: sku.id, quantity }]);
      const baseline = await stockBaseline(t);

      const answers = await Promise.all(ready.map((r) => pay(t, r.orderId)));

      expectClean(answers, ['200', '409 out_of_stock']);
      expect(count(answers, '200'), outcomes(answers)).toBe(winners);
      for (const res of answers.filter((r) => r.status === 409)) {
        expect(res.body.errors, res.text).toEqual([expect.objectContaining({ field: `items[${sku.id}]`, code: 'out_of_stock' })]);
      }
      expect(await stockOf(t, sku.id)).toBe(stock - winners * quantity);
      expect((await statusOf(ready.map((r) => r.orderId))).filter((s) => s === 'placed')).toHaveLength(winners);
      await assertInvariants(t, baseline);
    });
  }

  it('places as many orders as both skus allow when carts list them in opposite orders and all pay at once', async () => {
    const a = await makeSku(t, { stock: 3 });
    const b = await makeSku(t, { stock: 3 });
    const ready = await checkouts(10, (i) => (i % 2 === 0 ? [{ skuId: a.id }, { skuId: b.id }] : [{ skuId: b.id }, { skuId: a.id }]));
    const baseline = await stockBaseline(t);

    const answers = await Promise.all(ready.map((r) => pay(t, r.orderId)));

    expectClean(answers, ['200', '409 out_of_stock']);
    expect(count(answers, '200'), outcomes(answers)).toBe(3);
    expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([0, 0]);
    await assertInvariants(t, baseline);
  });

  it('sells no more than the stock when whole checkouts run at once, from cart to payment', async () => {
    const { gatewayId, rateId } = await setup();
    const sku = await makeSku(t, { stock: 2 });
    const baseline = await stockBaseline(t);

    // Each buyer's steps run in order; the buyers run at the same time.
    const buyer = async (): Promise<TestResponse[]> => {
      const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } });
      if (cart.status !== 201) return [cart];
      const checkout = await t.storefront.post(`/v1/carts/${cart.body.data.id}/checkout`, {
        customer: { email: `${randomUUID()}@example.com` }, shipping: ADDRESS,
      });
      if (checkout.status !== 200) return [cart, checkout];
      const orderId: string = checkout.body.data.id;
      const methods = await t.storefront.post(`/v1/checkouts/${orderId}/methods`, { shipping: { method: rateId }, payment: { gateway: gatewayId } });
      if (methods.status !== 200) return [cart, checkout, methods];
      return [cart, checkout, methods, await pay(t, orderId)];
    };
    const flows = await Promise.all(Array.from({ length: 8 }, buyer));

    const steps = flows.flat();
    expectClean(steps, ['200', '201', '409 out_of_stock']);
    // Carts and checkouts take no stock: a buyer is refused a cart only once the stock is gone, and
    // of those who reach the payment exactly 2 win.
    for (const flow of flows) {
      if (flow.length < 4) expect(flow.map(outcome), outcomes(steps)).toEqual(['409 out_of_stock']);
    }
    const payments = flows.filter((flow) => flow.length === 4).map((flow) => flow[3]!);
    expect(count(payments, '200'), outcomes(payments)).toBe(2);
    expect(await stockOf(t, sku.id)).toBe(0);
    await assertInvariants(t, baseline);
  });

  it('keeps stock exact when placed orders are canceled while other buyers, listing the skus the other way round, pay for the units', async () => {
    const a = await makeSku(t, { stock: 4 });
    const b = await makeSku(t, { stock: 4 });
    // Three placed orders hold 3 of each sku; five more wait for the 1 left and the 3 the cancels free.
    const placed = await checkouts(3, () => [{ skuId: a.id }, { skuId: b.id }]);
    for (const ready of placed) expect((await pay(t, ready.orderId)).status).toBe(200);
    const waiting = await checkouts(5, () => [{ skuId: b.id }, { skuId: a.id }]);
    const baseline = await stockBaseline(t);

    const [cancels, payments] = await Promise.all([
      Promise.all(placed.map((r) => t.admin.post(`/v1/orders/${r.orderId}/cancel`, { reason: 'race' }))),
      Promise.all(waiting.map((r) => pay(t, r.orderId))),
    ]);

    expectClean(cancels, ['200']);
    expectClean(payments, ['200', '409 out_of_stock']);
    // At least the unit left sells, at most it and the 3 freed; the invariants check the stock exactly.
    const sold = count(payments, '200');
    expect(sold, outcomes(payments)).toBeGreaterThanOrEqual(1);
    expect(sold, outcomes(payments)).toBeLessThanOrEqual(4);
    expect([await stockOf(t, a.id), await stockOf(t, b.id)]).toEqual([4 - sold, 4 - sold]);
    await assertInvariants(t, baseline);
  });

  // ---------- one checkout, several payments ----------

  it('places and charges once when the same checkout is paid six times at once without a key', async () => {
    const sku = await makeSku(t, { stock: 10 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id, quantity: 2 }]);
    const baseline = await stockBaseline(t);

    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(t, ready!.orderId)));

    expectClean(answers, ['200', '409 invalid_state']);
    expect(count(answers, '200'), outcomes(answers)).toBe(1);
    expect(await succeeded(ready!.orderId, 'charge')).toHaveLength(1);
    expect(await stockOf(t, sku.id)).toBe(8);
    expect((await orderRow(t, ready!.orderId)).status).toBe('placed');
    await assertInvariants(t, baseline);
  });

  it('answers the same payment sent six times at once with one Idempotency-Key once, the rest replayed or refused', async () => {
    const sku = await makeSku(t, { stock: 10 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id }]);
    const baseline = await stockBaseline(t);
    const headers = { 'idempotency-key': randomUUID() };

    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(t, ready!.orderId, CARDS.good, headers)));

    expectClean(answers, ['200', '409 idempotency_conflict']);
    const original = answers.filter((res) => res.status === 200 && res.headers['idempotent-replayed'] === undefined);
    expect(original, outcomes(answers)).toHaveLength(1);
    for (const replay of answers.filter((res) => res.status === 200 && res !== original[0])) {
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(original[0]!.body);
    }
    expect(await succeeded(ready!.orderId, 'charge')).toHaveLength(1);
    expect(await stockOf(t, sku.id)).toBe(9);
    await assertInvariants(t, baseline);
  });

  it('charges once when the same checkout is paid at once under different Idempotency-Keys, one of them declined', async () => {
    const sku = await makeSku(t, { stock: 10 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id }]);
    const baseline = await stockBaseline(t);

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => pay(t, ready!.orderId, CARDS.good, { 'idempotency-key': randomUUID() })),
      pay(t, ready!.orderId, CARDS.declined, { 'idempotency-key': randomUUID() }),
    ]);

    expectClean(answers, ['200', '409 invalid_state', '402 payment_declined']);
    expect(count(answers.slice(0, 4), '200'), outcomes(answers)).toBeLessThanOrEqual(1);
    const charges = await succeeded(ready!.orderId, 'charge');
    expect(charges).toHaveLength(count(answers, '200'));
    // The declined card either lost the race (409) or was declined; it never places the order.
    expect(['402 payment_declined', '409 invalid_state']).toContain(outcome(answers[4]!));
    const row = await orderRow(t, ready!.orderId);
    expect(row.status).toBe(count(answers, '200') === 1 ? 'placed' : 'created');
    await assertInvariants(t, baseline);
  });

  it('lets an order canceled while being paid end either placed then canceled, or canceled with the payment given back', async () => {
    const sku = await makeSku(t, { stock: 20 });
    const ready = await checkouts(5, () => [{ skuId: sku.id }]);
    const baseline = await stockBaseline(t);

    const answers = await Promise.all(ready.flatMap((r) => [pay(t, r.orderId), t.admin.post(`/v1/orders/${r.orderId}/cancel`, { reason: 'race' })]));

    const payments = answers.filter((_, i) => i % 2 === 0);
    const cancels = answers.filter((_, i) => i % 2 === 1);
    expectClean(payments, ['200', '409 invalid_state']);
    expectClean(cancels, ['200']);
    expect(await statusOf(ready.map((r) => r.orderId))).toEqual(Array(5).fill('canceled'));
    // Every unit went back: paid orders were canceled after placement, the others never took any.
    expect(await stockOf(t, sku.id)).toBe(20);
    await assertInvariants(t, baseline);
  });

  // ---------- carts ----------

  it('keeps every item when several PUTs change different skus of one cart at once', async () => {
    const skus = await Promise.all(Array.from({ length: 7 }, () => makeSku(t, { stock: 50 })));
    const cart = await t.storefront.post('/v1/carts', { items: { [skus[0]!.id]: 1, [skus[1]!.id]: 1 } });
    expect(cart.status, cart.text).toBe(201);
    const cartId: string = cart.body.data.id;

    const adds = await Promise.all(skus.slice(2).map((sku, i) => t.storefront.put(`/v1/carts/${cartId}`, { items: { [sku.id]: i + 2 } })));
    expectClean(adds, ['200']);
    const changes = await Promise.all([
      t.storefront.put(`/v1/carts/${cartId}`, { items: { [skus[0]!.id]: 9 } }),
      t.storefront.put(`/v1/carts/${cartId}`, { items: { [skus[1]!.id]: 0 } }),
      t.storefront.put(`/v1/carts/${cartId}`, { items: { [skus[2]!.id]: 7 } }),
      t.storefront.put(`/v1/carts/${cartId}`, { is_gift: true, gift_message: 'for you' }),
    ]);
    expectClean(changes, ['200']);

    const read = await t.storefront.get(`/v1/carts/${cartId}`);
    expect(read.status, read.text).toBe(200);
    const quantities = Object.fromEntries(read.body.data.items.map((item: any) => [item.sku_id, item.quantity]));
    expect(quantities).toEqual({
      [skus[0]!.id]: 9, [skus[2]!.id]: 7, [skus[3]!.id]: 3, [skus[4]!.id]: 4, [skus[5]!.id]: 5, [skus[6]!.id]: 6,
    });
    expect(read.body.data).toMatchObject({ is_gift: true, gift_message: 'for you', total_items: 9 + 7 + 3 + 4 + 5 + 6 });
    await assertInvariants(t);
  });

  it("keeps every search term's count exact when checkouts trade their buyers' names at once", async () => {
    const [a, b] = [`Trade${uniqueWord()}`, `Trade${uniqueWord()}`];
    const { gatewayId, rateId } = await setup();
    const sku = await makeSku(t, { stock: 50 });
    const list: ReadyCheckout[] = [];
    for (let i = 0; i < 12; i += 1) {
      list.push(await readyCheckout(t, { items: [{ skuId: sku.id }], gateway: gatewayId, rateId, customer: { last_name: i % 2 === 0 ? a : b }, until: 'data' }));
    }

    // Each checkout drops the name it holds and takes the other: half move one way, half the other.
    const renames = await Promise.all(list.map((checkout, i) => t.storefront.put(`/v1/checkouts/${checkout.orderId}`, {
      customer: { email: checkout.email, first_name: checkout.firstName, last_name: i % 2 === 0 ? b : a },
    })));
    expectClean(renames, ['200']);

    for (const name of [a, b]) {
      const found = await t.admin.get(`/v1/orders?q=${name}&per_page=1`);
      expect(found.status, found.text).toBe(200);
      expect(found.body.meta.pagination.total_items).toBe(6);
    }
    await assertInvariants(t);
  });

  // ---------- fulfillments ----------

  it('never ships more than was ordered when shipments of the same items race', async () => {
    const a = await makeSku(t, { stock: 20 });
    const b = await makeSku(t, { stock: 20 });
    const [ready] = await checkouts(1, () => [{ skuId: a.id, quantity: 3 }, { skuId: b.id, quantity: 2 }]);
    expect((await pay(t, ready!.orderId)).status).toBe(200);
    const items: Array<{ id: string; sku_id: string }> = (await t.admin.get(`/v1/orders/${ready!.orderId}`)).body.data.items;
    const itemA = items.find((i) => i.sku_id === a.id)!.id;
    const itemB = items.find((i) => i.sku_id === b.id)!.id;
    const baseline = await stockBaseline(t);
    const ship = (body: Record<string, unknown>) => t.admin.post(`/v1/orders/${ready!.orderId}/fulfillments`, body);

    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => ship({ items: [{ id: itemA, quantity: 2 }] })),
      ...Array.from({ length: 3 }, () => ship({ items: [{ id: itemB, quantity: 1 }, { id: itemA, quantity: 1 }] })),
      ...Array.from({ length: 3 }, () => ship({})),
    ]);

    expectClean(answers, ['201', '409 invalid_state', '422 validation_failed']);
    const rows = await t.db.selectFrom('order_items').select(['id', 'quantity', 'fulfilled']).where('order_id', '=', ready!.orderId).execute();
    const fulfilled = Object.fromEntries(rows.map((row) => [row.id, row.fulfilled]));
    // A "ship everything" request ran after every other that could take units, or took what was left.
    expect(fulfilled, outcomes(answers)).toEqual({ [itemA]: 3, [itemB]: 2 });
    const shippedByAnswers = answers.filter((res) => res.status === 201).reduce((total, res) => total + res.body.data.items_count, 0);
    expect(shippedByAnswers, outcomes(answers)).toBe(5);
    expect((await orderRow(t, ready!.orderId)).fulfillment_status).toBe('fulfilled');
    await assertInvariants(t, baseline);
  });

  // ---------- captures ----------

  it('captures an authorization once when five captures of the whole of it arrive at once', async () => {
    const sku = await makeSku(t, { stock: 20 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id }], true);
    expect((await pay(t, ready!.orderId)).body.data.financial_status).toBe('authorized');
    const baseline = await stockBaseline(t);

    const answers = await Promise.all(Array.from({ length: 5 }, () => t.admin.post(`/v1/orders/${ready!.orderId}/transactions`, { kind: 'capture' })));

    expectClean(answers, ['201', '409 invalid_state']);
    expect(count(answers, '201'), outcomes(answers)).toBe(1);
    const order = await orderRow(t, ready!.orderId);
    expect(order.financial_status).toBe('paid');
    expect((await succeeded(ready!.orderId, 'capture')).map((row) => row.amount)).toEqual([order.total_price]);
    await assertInvariants(t, baseline);
  });

  it('never refunds more than was captured when partial and whole refunds race', async () => {
    const sku = await makeSku(t, { stock: 20, price: 2000 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id }]);
    expect((await pay(t, ready!.orderId)).status).toBe(200);
    const total = (await orderRow(t, ready!.orderId)).total_price;
    const baseline = await stockBaseline(t);
    const refund = (body: Record<string, unknown>) => t.admin.post(`/v1/orders/${ready!.orderId}/transactions`, { kind: 'refund', ...body });

    const answers = await Promise.all([...Array.from({ length: 4 }, () => refund({ amount: 1000 })), refund({})]);

    expectClean(answers, ['201', '409 invalid_state', '422 validation_failed']);
    const refunded = (await succeeded(ready!.orderId, 'refund')).reduce((sum, row) => sum + row.amount, 0);
    expect(refunded, outcomes(answers)).toBeLessThanOrEqual(total);
    expect((await succeeded(ready!.orderId, 'refund')).length).toBe(count(answers, '201'));
    await assertInvariants(t, baseline);
  });

  it('never captures more than was authorized when partial captures and a void race', async () => {
    const sku = await makeSku(t, { stock: 20, price: 1500 });
    const [ready] = await checkouts(1, () => [{ skuId: sku.id }], true);
    expect((await pay(t, ready!.orderId)).status).toBe(200);
    const total = (await orderRow(t, ready!.orderId)).total_price;
    const part = Math.ceil(total / 3);
    const baseline = await stockBaseline(t);

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => t.admin.post(`/v1/orders/${ready!.orderId}/transactions`, { kind: 'capture', amount: part })),
      t.admin.post(`/v1/orders/${ready!.orderId}/transactions`, { kind: 'void' }),
    ]);

    expectClean(answers, ['201', '409 invalid_state', '422 validation_failed']);
    const captured = (await succeeded(ready!.orderId, 'capture')).reduce((sum, row) => sum + row.amount, 0);
    expect(captured, outcomes(answers)).toBeLessThanOrEqual(total);
    expect(captured).toBe(count(answers.slice(0, 5), '201') * part);
    await assertInvariants(t, baseline);
  });
});
