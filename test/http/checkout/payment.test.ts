import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  ADDRESS, CARDS, eventsOf, expectLeftPayable, makeGateway, makeRate, makeSku, orderRow, pay, payWith, readyCheckout, stockOf, transactionRows,
} from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

/** `#` + a number of the store's sequence, which starts at 1001. */
const NUMBER = /^#(\d+)$/;
const sequenceOf = (number: string) => Number(NUMBER.exec(number)?.[1]);

describeEachDatabase('checkout payment and placement', (t) => {
  async function succeededCharges(orderId: string) {
    return (await transactionRows(t, orderId)).filter((row) => row.kind === 'charge' && row.status === 'succeeded');
  }

  /** A signed-up, signed-in customer and a client that sends its token with the channel key. */
  async function signedInCustomer(): Promise<{ id: string; email: string; client: Client }> {
    const email = `${uniqueWord()}@example.com`;
    const password = `pw-${uniqueWord()}`;
    const signUp = await t.storefront.post('/v1/customers', { email, password, first_name: 'Grace', last_name: 'Hopper' });
    expect(signUp.status, signUp.text).toBe(201);
    const signIn = await t.storefront.post('/v1/customers/token', { email, password });
    expect(signIn.status, signIn.text).toBe(200);
    const client = t.as({ authorization: `Bearer ${signIn.body.data.token}`, 'channel-key': t.channelKey });
    return { id: signUp.body.data.id, email, client };
  }

  // ---------- placement in one step ----------

  it('places and pays the order in one step with the test card, taking stock and recording order.placed and order.paid', async () => {
    const ready = await readyCheckout(t, {
      items: [{ price: 1200, quantity: 2, stock: 5 }, { price: 300, quantity: 1, stockPolicy: 'none', stock: 7 }],
      shippingPrice: 450,
    });
    const [tracked, untracked] = ready.skus;
    const before = ready.checkout.data;
    expect(before).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null, placed_at: null, total_price: 2 * 1200 + 300 + 450 });

    const res = await pay(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    expect(res.body.meta).toMatchObject({ selected_payment_gateway: ready.gatewayId, selected_shipping_method: ready.rateId });
    const order = res.body.data;
    expect(order).toMatchObject({
      id: ready.orderId,
      object: 'order',
      status: 'placed',
      financial_status: 'paid',
      fulfillment_status: 'unfulfilled',
      gateway: ready.gatewaySource,
      payment_method: 'card',
      total_price: 2 * 1200 + 300 + 450,
      is_test: true,
    });
    expect(order.number).toMatch(NUMBER);
    expect(sequenceOf(order.number)).toBeGreaterThanOrEqual(1001);
    expect(order.placed_at).toEqual(expect.any(Number));
    expect(order.placed_at).toBeGreaterThanOrEqual(before.created_at);
    expect(order.transactions).toEqual([expect.objectContaining({
      object: 'transaction',
      kind: 'charge',
      status: 'succeeded',
      amount: order.total_price,
      currency: order.currency,
      gateway: ready.gatewaySource,
      credit_card_number: '**** **** **** 4242',
      credit_card_brand: 'visa',
      is_test: true,
      order_id: ready.orderId,
      parent_id: null,
    })]);
    expect(res.text).not.toContain(CARDS.good);

    const row = await orderRow(t, ready.orderId);
    expect(row).toMatchObject({ status: 'placed', number: order.number, financial_status: 'paid', placed_at: order.placed_at, payment_claimed_at: null });
    const transactions = await transactionRows(t, ready.orderId);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ id: order.transactions[0].id, kind: 'charge', status: 'succeeded', amount: order.total_price });
    expect(JSON.stringify(transactions)).not.toContain(CARDS.good);

    expect(await stockOf(t, tracked!.id)).toBe(3);
    expect(await stockOf(t, untracked!.id)).toBe(7);

    const placed = await eventsOf(t, ready.orderId, 'order.placed');
    const paid = await eventsOf(t, ready.orderId, 'order.paid');
    expect(placed).toHaveLength(1);
    expect(paid).toHaveLength(1);
    expect(placed[0].data.object).toMatchObject({ id: ready.orderId, status: 'placed', number: order.number, financial_status: 'paid' });
    expect(paid[0].data.object).toMatchObject({ id: ready.orderId, financial_status: 'paid' });
  });

  it('numbers placed orders from one sequence: consecutive and unique', async () => {
    const first = await readyCheckout(t);
    const second = await readyCheckout(t);

    const a = await pay(t, first.orderId);
    const b = await pay(t, second.orderId);

    expect(a.status, a.text).toBe(200);
    expect(b.status, b.text).toBe(200);
    expect(sequenceOf(b.body.data.number)).toBe(sequenceOf(a.body.data.number) + 1);
    const numbers = (await t.db.selectFrom('orders').select('number').where('number', 'is not', null).execute()).map((r) => r.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('puts the store order_suffix after the number', async () => {
    const ready = await readyCheckout(t);
    const suffix = await t.admin.post('/v1/store', { order_suffix: '-WEB' });
    expect(suffix.status, suffix.text).toBe(200);
    try {
      const res = await pay(t, ready.orderId);

      expect(res.status, res.text).toBe(200);
      expect(res.body.data.number).toMatch(/^#\d+-WEB$/);
    } finally {
      expect((await t.admin.post('/v1/store', { order_suffix: null })).status).toBe(200);
    }
  });

  it('takes the payment as a form-encoded body with bracket names', async () => {
    const ready = await readyCheckout(t);

    const res = await t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, undefined, {
      form: `payment[method]=card&payment[card_number]=${CARDS.good}`,
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
  });

  // ---------- declines ----------

  for (const [card, declineCode] of [[CARDS.declined, 'card_declined'], [CARDS.noFunds, 'insufficient_funds']] as const) {
    it(`answers 402 payment_declined (${declineCode}) for card ${card}, records a failed charge and leaves the order payable`, async () => {
      const ready = await readyCheckout(t, { items: [{ stock: 4, quantity: 1 }] });

      const res = await pay(t, ready.orderId, card);

      expectProblem(res, 402, 'payment_declined');
      expect(res.body.decline_code).toBe(declineCode);
      expect(await orderRow(t, ready.orderId)).toMatchObject({
        status: 'created', financial_status: 'unpaid', number: null, placed_at: null, payment_claimed_at: null,
      });
      const failed = await transactionRows(t, ready.orderId);
      expect(failed).toEqual([expect.objectContaining({ kind: 'charge', status: 'failed', code: declineCode, credit_card_number: `**** **** **** ${card.slice(-4)}` })]);
      expect(await stockOf(t, ready.skus[0]!.id)).toBe(4);
      expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);

      const retry = await pay(t, ready.orderId, CARDS.good);

      expect(retry.status, retry.text).toBe(200);
      expect(retry.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
      expect(retry.body.data.transactions.map((tr: any) => [tr.kind, tr.status])).toEqual([['charge', 'failed'], ['charge', 'succeeded']]);
      expect(await stockOf(t, ready.skus[0]!.id)).toBe(3);
    });
  }

  it('declines a card number that is not a test card without placing the order', async () => {
    const ready = await readyCheckout(t);

    const res = await pay(t, ready.orderId, '5555555555554444');

    expectProblem(res, 402, 'payment_declined');
    expect(res.body.decline_code).toBe('invalid_card');
    expect((await orderRow(t, ready.orderId)).status).toBe('created');
  });

  // ---------- refusals ----------

  it('refuses to pay a placed order (409 invalid_state naming current and requested) and charges nothing more', async () => {
    const ready = await readyCheckout(t);
    expect((await pay(t, ready.orderId)).status).toBe(200);

    const again = await pay(t, ready.orderId);

    expectProblem(again, 409, 'invalid_state');
    expect(again.body).toMatchObject({ current: 'placed', requested: 'placed' });
    expect(await succeededCharges(ready.orderId)).toHaveLength(1);
    expect(await transactionRows(t, ready.orderId)).toHaveLength(1);
  });

  it('refuses to pay a checkout that lacks its data (422 naming each missing member)', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });

    const res = await pay(t, ready.orderId);

    expectInvalid(res, 'customer[email]', 'shipping', 'shipping[method]', 'payment[gateway]', 'billing');
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect((await orderRow(t, ready.orderId)).status).toBe('created');
  });

  it('refuses to pay before the methods are chosen, naming only what is missing', async () => {
    const ready = await readyCheckout(t, { until: 'data' });

    const res = await pay(t, ready.orderId);

    expectInvalid(res, 'shipping[method]', 'payment[gateway]');
    expect(fieldsOf(res)).not.toContain('customer[email]');
    expect(fieldsOf(res)).not.toContain('billing');
  });

  it('refuses an unknown payment[method] of the gateway (422) and charges nothing', async () => {
    const ready = await readyCheckout(t);

    const res = await payWith(t, ready.orderId, { method: 'bitcoin' });

    expectInvalid(res, 'payment[method]');
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect((await orderRow(t, ready.orderId)).status).toBe('created');
  });

  it('refuses to pay through a gateway disabled after it was chosen (422 naming payment[gateway])', async () => {
    const ready = await readyCheckout(t);
    expect((await t.admin.post(`/v1/gateways/${ready.gatewayId}`, { is_enabled: false })).status).toBe(200);

    const res = await pay(t, ready.orderId);

    expectInvalid(res, 'payment[gateway]');
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect((await orderRow(t, ready.orderId)).status).toBe('created');
  });

  it('requires payment[method] (422)', async () => {
    const ready = await readyCheckout(t);

    expectInvalid(await t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, { payment: {} }), 'payment[method]');
    expectInvalid(await t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, {}), 'payment');
  });

  it('answers 404 for an unknown checkout and for another channel\'s checkout', async () => {
    const ready = await readyCheckout(t);
    const channel = await t.admin.post('/v1/channels', { name: `Other ${uniqueWord()}` });
    expect(channel.status, channel.text).toBe(201);
    const key = await t.admin.post(`/v1/channels/${channel.body.data.id}/keys`);
    expect(key.status, key.text).toBe(201);

    expectProblem(await pay(t, 'ord_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await pay(t, ready.orderId, CARDS.good, undefined, t.as({ 'channel-key': key.body.data.token })), 404, 'not_found');
    expect((await orderRow(t, ready.orderId)).status).toBe('created');
  });

  // ---------- no double charge ----------

  it('replays a payment repeated with the same Idempotency-Key and charges once', async () => {
    const ready = await readyCheckout(t, { items: [{ stock: 5 }] });
    const headers = { 'idempotency-key': randomUUID() };

    const first = await pay(t, ready.orderId, CARDS.good, headers);
    const second = await pay(t, ready.orderId, CARDS.good, headers);

    expect(first.status, first.text).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await succeededCharges(ready.orderId)).toHaveLength(1);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(4);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
  });

  it('charges once when the same payment arrives twice at the same time, with or without a key', async () => {
    const keyed = await readyCheckout(t);
    const bare = await readyCheckout(t);
    const headers = { 'idempotency-key': randomUUID() };

    const answers = await Promise.all([
      pay(t, keyed.orderId, CARDS.good, headers), pay(t, keyed.orderId, CARDS.good, headers),
      pay(t, bare.orderId), pay(t, bare.orderId),
    ]);

    const describe = (list: typeof answers) => list.map((res) => `${res.status} ${res.body?.code ?? ''} ${res.headers['idempotent-replayed'] ?? ''}`).join('; ');
    // With the key, the repeat is either refused while the first runs or given the first's answer.
    const [keyedFirst, keyedSecond] = answers.slice(0, 2).sort((a, b) => Number(a.headers['idempotent-replayed'] === 'true') - Number(b.headers['idempotent-replayed'] === 'true') || a.status - b.status);
    expect(keyedFirst!.status, describe(answers)).toBe(200);
    if (keyedSecond!.status === 200) {
      expect(keyedSecond!.headers['idempotent-replayed'], describe(answers)).toBe('true');
      expect(keyedSecond!.body).toEqual(keyedFirst!.body);
    } else {
      expectProblem(keyedSecond!, 409, 'idempotency_conflict');
    }
    // Without a key, the second payment of the same order is refused: under way, or placed already.
    const bareAnswers = answers.slice(2).sort((a, b) => a.status - b.status);
    expect(bareAnswers.map((res) => res.status), describe(answers)).toEqual([200, 409]);
    expectProblem(bareAnswers[1]!, 409, 'invalid_state');
    expect(await succeededCharges(keyed.orderId)).toHaveLength(1);
    expect(await succeededCharges(bare.orderId)).toHaveLength(1);
  });

  it('charges the total that is placed when the shipping method changes while paying', async () => {
    const dearer = await makeRate(t, 900);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const ready = await readyCheckout(t, { shippingPrice: 500 });

      const [payment, change] = await Promise.all([
        pay(t, ready.orderId),
        t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: dearer }, payment: { gateway: ready.gatewayId } }),
      ]);

      expect(payment.status, payment.text).toBe(200);
      if (change.status !== 200) expectProblem(change, 409, 'invalid_state');
      const row = await orderRow(t, ready.orderId);
      expect(row.status).toBe('placed');
      expect(row.total_price).toBe(change.status === 200 ? 1900 : 1500);
      expect((await succeededCharges(ready.orderId)).map((charge) => charge.amount)).toEqual([row.total_price]);
      expect(payment.body.data.total_price).toBe(row.total_price);
    }
  });

  // ---------- authorizations and offline payments ----------

  it('only authorizes with a test gateway set to capture manually: placed, authorized, stock taken, no order.paid', async () => {
    const ready = await readyCheckout(t, { gateway: { driver: 'test', settings: { capture: 'manual' } }, items: [{ stock: 6, quantity: 2 }] });

    const res = await pay(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'authorized', number: expect.stringMatching(NUMBER) });
    expect(res.body.data.transactions).toEqual([expect.objectContaining({
      kind: 'authorization', status: 'succeeded', amount: res.body.data.total_price, authorization: expect.stringMatching(/^test_auth_/),
    })]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'authorized' });
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(4);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
    expect(await eventsOf(t, ready.orderId, 'order.paid')).toEqual([]);
  });

  for (const method of ['transfer', 'cash'] as const) {
    it(`places a manual-gateway order paid by ${method} as pending with a pending transaction, stock taken, no order.paid`, async () => {
      const ready = await readyCheckout(t, { gateway: { driver: 'manual' }, items: [{ stock: 3, quantity: 1 }] });

      const res = await payWith(t, ready.orderId, { method });

      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'pending', payment_method: method, is_test: false });
      expect(res.body.data.transactions).toEqual([expect.objectContaining({
        kind: 'authorization', status: 'pending', amount: res.body.data.total_price, credit_card_number: null,
      })]);
      expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'pending' });
      expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
      expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
      expect(await eventsOf(t, ready.orderId, 'order.paid')).toEqual([]);
    });
  }

  it('refuses a method the manual gateway does not offer (card, or one its settings leave out)', async () => {
    const narrowed = await readyCheckout(t, { gateway: { driver: 'manual', settings: { methods: ['cash'] } } });

    expectInvalid(await pay(t, narrowed.orderId), 'payment[method]');
    expectInvalid(await payWith(t, narrowed.orderId, { method: 'transfer' }), 'payment[method]');
    expect(await transactionRows(t, narrowed.orderId)).toEqual([]);
  });

  // ---------- stock ----------

  it('refuses payment when stock fell below the order after checkout (409 out_of_stock naming the sku) and charges nothing', async () => {
    const ready = await readyCheckout(t, { items: [{ stock: 5, quantity: 2 }, { stock: 5, quantity: 1 }] });
    const [short, plenty] = ready.skus;
    const lowered = await t.admin.post(`/v1/skus/${short!.id}`, { in_stock: 1 });
    expect(lowered.status, lowered.text).toBe(200);

    const res = await pay(t, ready.orderId);

    expectProblem(res, 409, 'out_of_stock');
    expect(fieldsOf(res)).toEqual([`items[${short!.id}]`]);
    expect(await succeededCharges(ready.orderId)).toEqual([]);
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null, payment_claimed_at: null });
    expect(await stockOf(t, short!.id)).toBe(1);
    expect(await stockOf(t, plenty!.id)).toBe(5);
  });

  it('records sku.low_stock when a placement takes a notifying sku down to its threshold', async () => {
    const sku = await makeSku(t, { stock: 4 });
    expect((await t.admin.post(`/v1/skus/${sku.id}`, { is_notify: true, low_threshold: 2 })).status).toBe(200);
    const above = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 1 }] });
    const crossing = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 1 }] });

    expect((await pay(t, above.orderId)).status).toBe(200);
    expect(await eventsOf(t, sku.id, 'sku.low_stock')).toEqual([]);
    expect((await pay(t, crossing.orderId)).status).toBe(200);

    const events = await eventsOf(t, sku.id, 'sku.low_stock');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toMatchObject({ id: sku.id, in_stock: 2 });
  });

  it('lets a backorderable sku go below zero', async () => {
    const sku = await makeSku(t, { stock: 1 });
    expect((await t.admin.post(`/v1/skus/${sku.id}`, { is_backorderable: true })).status).toBe(200);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 3 }] });

    const res = await pay(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    expect(await stockOf(t, sku.id)).toBe(-2);
  });

  it('places exactly as many concurrent orders as stock allows; the rest get 409 out_of_stock and keep no money', async () => {
    const STOCK = 3;
    const BUYERS = 8;
    const sku = await makeSku(t, { stock: STOCK });
    const gateway = await makeGateway(t);
    const rateId = await makeRate(t);
    const checkouts = [];
    for (let i = 0; i < BUYERS; i += 1) checkouts.push(await readyCheckout(t, { items: [{ skuId: sku.id }], gateway: gateway.id, rateId }));

    const answers = await Promise.all(checkouts.map((ready) => pay(t, ready.orderId)));

    const winners = answers.filter((res) => res.status === 200);
    const losers = answers.filter((res) => res.status !== 200);
    expect(winners, answers.map((res) => `${res.status} ${res.body?.code ?? ''}`).join('\n')).toHaveLength(STOCK);
    for (const res of losers) expectProblem(res, 409, 'out_of_stock');
    expect(losers).toHaveLength(BUYERS - STOCK);
    expect(await stockOf(t, sku.id)).toBe(0);

    const rows = await t.db.selectFrom('orders').selectAll().where('id', 'in', checkouts.map((c) => c.orderId)).execute();
    const placed = rows.filter((row) => row.status === 'placed');
    expect(placed).toHaveLength(STOCK);
    expect(new Set(placed.map((row) => row.number)).size).toBe(STOCK);
    expect(placed.every((row) => row.financial_status === 'paid' && NUMBER.test(row.number!))).toBe(true);

    for (const row of rows.filter((r) => r.status !== 'placed')) await expectLeftPayable(t, row.id);

    // A loser stays payable once stock is back.
    const loser = rows.find((r) => r.status !== 'placed')!;
    expect((await t.admin.post(`/v1/skus/${sku.id}`, { in_stock: 1 })).status).toBe(200);
    const retry = await pay(t, loser.id);
    expect(retry.status, retry.text).toBe(200);
    expect(await stockOf(t, sku.id)).toBe(0);
  });

  // ---------- customers ----------

  it('lets a signed-in customer list only its own placed orders, and answers 404 for another\'s', async () => {
    const ada = await signedInCustomer();
    const bob = await signedInCustomer();
    const placed = await readyCheckout(t, { client: ada.client, customer: { email: ada.email } });
    expect((await pay(t, placed.orderId, CARDS.good, undefined, ada.client)).status).toBe(200);
    const unpaid = await readyCheckout(t, { client: ada.client, customer: { email: ada.email } });
    const others = await readyCheckout(t, { client: bob.client, customer: { email: bob.email } });
    expect((await pay(t, others.orderId, CARDS.good, undefined, bob.client)).status).toBe(200);

    const list = await ada.client.get('/v1/orders');

    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((o: any) => o.id)).toEqual([placed.orderId]);
    expect(list.body.data[0]).toMatchObject({ customer_id: ada.id, status: 'placed' });
    expect(list.body.meta.pagination.total_items).toBe(1);
    expect((await ada.client.get(`/v1/orders/${placed.orderId}`)).status).toBe(200);
    expectProblem(await ada.client.get(`/v1/orders/${others.orderId}`), 404, 'not_found');
    expectProblem(await ada.client.get(`/v1/orders/${unpaid.orderId}`), 404, 'not_found');
    // Another customer cannot pay (or see) Ada's checkout either.
    expectProblem(await pay(t, unpaid.orderId, CARDS.good, undefined, bob.client), 404, 'not_found');
    expectProblem(await pay(t, unpaid.orderId), 404, 'not_found');
  });

  it('shows a signed-in customer paying its own record, as the checkout does', async () => {
    const ada = await signedInCustomer();
    const saved = await ada.client.post(`/v1/customers/${ada.id}/addresses`, ADDRESS);
    expect(saved.status, saved.text).toBe(201);
    const ready = await readyCheckout(t, { client: ada.client, customer: { email: ada.email } });

    const res = await pay(t, ready.orderId, CARDS.good, undefined, ada.client);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.customer).toMatchObject({ id: ada.id, addresses: [expect.objectContaining({ id: saved.body.data.id })] });
    const checkout = await ada.client.get(`/v1/checkouts/${ready.orderId}`);
    expect(res.body).toEqual(checkout.body);
  });

  it('places an order that needs no shipping with only a billing address', async () => {
    const ready = await readyCheckout(t, { items: [{ isShippingRequired: false, stock: 2 }] });
    expect(ready.checkout.meta.is_shipping_required).toBe(false);

    const res = await pay(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'placed', fulfillment_status: 'not_required', shipping: null, billing: expect.objectContaining({ phone: ADDRESS.phone }),
    });
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);
  });
});
