import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { eventsOf, expectLeftPayable, orderRow, readyCheckout, stockOf, transactionRows } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { FAKE_PAYMENT_METHODS as PM, signedEvent, stripeEvent } from '../../helpers/fake-stripe.js';
import { useFakeStripe, makeStripeGateway, payByStripe, settle, STRIPE_KEYS } from '../../helpers/stripe-checkout.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

describeEachDatabase('stripe payments', (t) => {
  const stripe = useFakeStripe();

  async function stripeCheckout(options: { settings?: Record<string, unknown>; stock?: number; quantity?: number; price?: number } = {}) {
    const gateway = await makeStripeGateway(t, stripe, options.settings);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ stock: options.stock ?? 5, quantity: options.quantity ?? 1, price: options.price ?? 1000 }] });
    return { ...ready, gateway };
  }

  const creates = () => stripe.seen('/v1/payment_intents');

  // ---------- settings ----------

  it('keeps the secret key and webhook secret write-only and gives the storefront the publishable key', async () => {
    const ready = await stripeCheckout();

    const staff = await t.admin.get(`/v1/gateways/${ready.gateway.id}`);
    expect(staff.body.data).toMatchObject({
      driver: 'stripe', methods: ['card'],
      settings: { publishable_key: STRIPE_KEYS.publishable, secret_key: '********', webhook_secret: '********' },
    });
    const offered = ready.checkout.meta.payment_gateways.find((gateway: any) => gateway.id === ready.gateway.id);
    expect(offered.settings.publishable_key).toBe(STRIPE_KEYS.publishable);
    expect(offered.settings).not.toHaveProperty('secret_key');
    expect(offered.settings).not.toHaveProperty('webhook_secret');
    for (const text of [staff.text, JSON.stringify(ready.checkout)]) {
      expect(text).not.toContain(STRIPE_KEYS.secret);
      expect(text).not.toContain(STRIPE_KEYS.webhook);
    }
  });

  it('refuses a stripe gateway without its keys or with keys of the wrong kind (422 naming each setting)', async () => {
    const missing = await t.admin.post('/v1/gateways', { name: 'Stripe', source: `stripe-${randomUUID().slice(0, 8)}`, driver: 'stripe', settings: {} });
    expectInvalid(missing, 'settings[secret_key]', 'settings[publishable_key]');
    const none = await t.admin.post('/v1/gateways', { name: 'Stripe', source: `stripe-${randomUUID().slice(0, 8)}`, driver: 'stripe' });
    expectInvalid(none, 'settings[secret_key]', 'settings[publishable_key]');

    const swapped = await t.admin.post('/v1/gateways', {
      name: 'Stripe', source: `stripe-${randomUUID().slice(0, 8)}`, driver: 'stripe',
      settings: { secret_key: STRIPE_KEYS.publishable, publishable_key: STRIPE_KEYS.secret, webhook_secret: 'secret', capture: 'later', api_base: 'ftp://x' },
    });
    expectInvalid(swapped, 'settings[secret_key]', 'settings[publishable_key]', 'settings[webhook_secret]', 'settings[capture]', 'settings[api_base]');
    expect(swapped.text).not.toContain(STRIPE_KEYS.secret);
  });

  // ---------- charges ----------

  it('charges the order through a confirmed PaymentIntent and places it paid, sending amount, currency, capture method, order id and an idempotency key', async () => {
    const ready = await stripeCheckout({ stock: 4, quantity: 2 });
    const before = creates().length;

    const res = await payByStripe(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    const order = res.body.data;
    expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', payment_method: 'card', is_test: true });
    expect(res.body.meta.next_action).toBeUndefined();
    const sent = creates().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      authorization: `Bearer ${STRIPE_KEYS.secret}`,
      idempotencyKey: `${ready.orderId}-payment-1`,
      form: {
        amount: String(order.total_price), currency: order.currency.toLowerCase(), payment_method: PM.visa, confirm: 'true',
        capture_method: 'automatic', metadata: { order_id: ready.orderId }, allowed_payment_method_types: ['card'],
      },
    });
    const intent = stripe.intentOf(ready.orderId)!;
    expect(order.transactions).toEqual([expect.objectContaining({
      kind: 'charge', status: 'succeeded', amount: order.total_price, authorization: intent.id, reference: intent.latest_charge,
      credit_card_number: '**** **** **** 4242', credit_card_brand: 'visa', gateway: ready.gateway.source,
    })]);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
    expect(await eventsOf(t, ready.orderId, 'order.paid')).toHaveLength(1);
  });

  it('sends a zero-decimal currency (JPY) as the store keeps it: yen, not hundredths', async () => {
    expect((await t.admin.post('/v1/store', { currency: 'JPY' })).status).toBe(200);
    try {
      const ready = await stripeCheckout({ price: 1500 });
      expect(ready.checkout.data.currency).toBe('JPY');

      const res = await payByStripe(t, ready.orderId);

      expect(res.status, res.text).toBe(200);
      expect(creates().at(-1)!.form).toMatchObject({ amount: String(res.body.data.total_price), currency: 'jpy' });
      expect(stripe.intentOf(ready.orderId)!.amount).toBe(res.body.data.total_price);
    } finally {
      expect((await t.admin.post('/v1/store', { currency: 'USD' })).status).toBe(200);
    }
  });

  it('requires payment[payment_method_id] (422) and sends nothing to Stripe', async () => {
    const ready = await stripeCheckout();
    const before = stripe.requests.length;

    const res = await t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, { payment: { method: 'card', card_number: '4242424242424242' } });

    expectInvalid(res, 'payment[payment_method_id]');
    expect(stripe.requests.length).toBe(before);
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
  });

  it('answers a decline as 402 with Stripe\'s decline code, leaves the order payable, and pays the next attempt under a new key', async () => {
    const ready = await stripeCheckout({ stock: 3 });

    const declined = await payByStripe(t, ready.orderId, PM.insufficientFunds);

    expectProblem(declined, 402, 'payment_declined');
    expect(declined.body.decline_code).toBe('insufficient_funds');
    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ kind: 'charge', status: 'failed', code: 'insufficient_funds' })]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(3);

    const paid = await payByStripe(t, ready.orderId, PM.visa);

    expect(paid.status, paid.text).toBe(200);
    expect(creates().at(-1)!.idempotencyKey).toBe(`${ready.orderId}-payment-2`);
    expect(paid.body.data.transactions.map((row: any) => [row.kind, row.status])).toEqual([['charge', 'failed'], ['charge', 'succeeded']]);
  });

  // ---------- authorizations, captures, refunds, voids ----------

  it('only authorizes with capture manual; staff capture part through Stripe, then refund part of it, in minor units', async () => {
    const ready = await stripeCheckout({ settings: { capture: 'manual' }, price: 2000 });

    const res = await payByStripe(t, ready.orderId);

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'authorized' });
    expect(creates().at(-1)!.form.capture_method).toBe('manual');
    const intent = stripe.intentOf(ready.orderId)!;
    expect(intent.status).toBe('requires_capture');
    const total = res.body.data.total_price as number;

    const capture = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'capture', amount: total - 500 }, { headers: { 'idempotency-key': randomUUID() } });

    expect(capture.status, capture.text).toBe(201);
    expect(capture.body.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: total - 500, authorization: intent.id });
    const captured = stripe.seen(`/v1/payment_intents/${intent.id}/capture`);
    expect(captured).toHaveLength(1);
    expect(captured[0]!.form).toEqual({ amount_to_capture: String(total - 500) });
    expect(captured[0]!.idempotencyKey).toEqual(expect.any(String));
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('partially_paid');

    const refund = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'refund', amount: 700 });

    expect(refund.status, refund.text).toBe(201);
    expect(refund.body.data).toMatchObject({ kind: 'refund', status: 'succeeded', amount: 700, reference: expect.stringMatching(/^re_/) });
    expect(stripe.seen('/v1/refunds').at(-1)!.form).toEqual({ payment_intent: intent.id, amount: '700' });
    expect(stripe.chargeOf(intent.id).amount_refunded).toBe(700);
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('partially_refunded');
  });

  it('refuses a second capture Stripe will not make (402, a failed capture recorded) and voids an authorization by canceling its PaymentIntent', async () => {
    const captured = await stripeCheckout({ settings: { capture: 'manual' } });
    expect((await payByStripe(t, captured.orderId)).status).toBe(200);
    expect((await t.admin.post(`/v1/orders/${captured.orderId}/transactions`, { kind: 'capture', amount: 100 })).status).toBe(201);

    const again = await t.admin.post(`/v1/orders/${captured.orderId}/transactions`, { kind: 'capture', amount: 100 });

    expectProblem(again, 402, 'payment_declined');
    expect((await transactionRows(t, captured.orderId)).at(-1)).toMatchObject({ kind: 'capture', status: 'failed', code: 'payment_intent_unexpected_state' });
    expect((await orderRow(t, captured.orderId)).financial_status).toBe('partially_paid');

    const voided = await stripeCheckout({ settings: { capture: 'manual' } });
    expect((await payByStripe(t, voided.orderId)).status).toBe(200);

    const voiding = await t.admin.post(`/v1/orders/${voided.orderId}/transactions`, { kind: 'void' });

    expect(voiding.status, voiding.text).toBe(201);
    expect(stripe.intentOf(voided.orderId)!.status).toBe('canceled');
    expect((await orderRow(t, voided.orderId)).financial_status).toBe('voided');
  });

  // ---------- 3-D Secure ----------

  it('answers a payment that needs 3-D Secure with meta.next_action, leaves the order created, and places it when Stripe\'s webhook says it succeeded', async () => {
    const ready = await stripeCheckout({ stock: 2 });

    const res = await payByStripe(t, ready.orderId, PM.threeDSecure);

    expect(res.status, res.text).toBe(200);
    const intent = stripe.intentOf(ready.orderId)!;
    expect(res.body.meta.next_action).toEqual({ type: 'requires_action', gateway: 'stripe', payment_intent: intent.id, client_secret: intent.client_secret });
    expect(res.body.data).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null });
    const [pending] = await transactionRows(t, ready.orderId);
    expect(pending).toMatchObject({ kind: 'charge', status: 'pending', authorization: intent.id });
    expect(JSON.stringify(await transactionRows(t, ready.orderId))).not.toContain(intent.client_secret);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ payment_claimed_at: null, reserved_at: expect.any(Number) });
    // Reserved while the buyer confirms: a payment the issuer lets through will find its unit.
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);

    await settle(t, ready.gateway.id, 'payment_intent.succeeded', stripe.completeAction(intent.id, 'succeeded'));

    const order = (await t.admin.get(`/v1/orders/${ready.orderId}`)).body.data;
    expect(order).toMatchObject({ status: 'placed', financial_status: 'paid', number: expect.any(String) });
    expect(order.transactions).toEqual([expect.objectContaining({ id: pending!.id, kind: 'charge', status: 'succeeded', authorization: intent.id, reference: intent.latest_charge })]);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
    expect(await eventsOf(t, ready.orderId, 'order.paid')).toHaveLength(1);
  });

  it('marks the pending payment failed when the buyer fails 3-D Secure, gives its reservation back, and the order stays payable', async () => {
    const ready = await stripeCheckout({ stock: 2 });
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const intent = stripe.intentOf(ready.orderId)!;
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);

    await settle(t, ready.gateway.id, 'payment_intent.payment_failed', stripe.completeAction(intent.id, 'failed'));

    expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ reserved_at: null });

    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ status: 'failed', code: 'payment_intent_authentication_failure' })]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid' });
    const paid = await payByStripe(t, ready.orderId, PM.visa);
    expect(paid.status, paid.text).toBe(200);
    expect(creates().at(-1)!.idempotencyKey).toBe(`${ready.orderId}-payment-2`);
  });

  it('cancels a 3-D Secure payment left unfinished when the buyer pays again, so only the new one can be taken', async () => {
    const ready = await stripeCheckout();
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const abandoned = stripe.intentOf(ready.orderId)!;

    const paid = await payByStripe(t, ready.orderId, PM.visa);

    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
    expect(stripe.intents.get(abandoned.id)!.status).toBe('canceled');
    expect(paid.body.data.transactions.map((row: any) => [row.authorization === abandoned.id, row.status, row.code])).toEqual([
      [true, 'failed', 'superseded'], [false, 'succeeded', null],
    ]);
  });

  it('refuses to pay again while a 3-D Secure payment that went through awaits its webhook (409), charging nothing more; the webhook places the order', async () => {
    const ready = await stripeCheckout();
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const confirmed = stripe.completeAction(stripe.intentOf(ready.orderId)!.id, 'succeeded');
    const intentsBefore = stripe.intents.size;

    const again = await payByStripe(t, ready.orderId, PM.visa);

    expectProblem(again, 409, 'invalid_state');
    expect(stripe.intents.size).toBe(intentsBefore);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', payment_claimed_at: null });

    await settle(t, ready.gateway.id, 'payment_intent.succeeded', confirmed);

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid' });
    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ status: 'succeeded', authorization: confirmed.id })]);
  });

  // ---------- failures ----------

  it('places nothing when the connection to Stripe fails during confirm, and a retry charges once: Stripe replays the same attempt', async () => {
    const ready = await stripeCheckout({ stock: 3 });
    // The library retries a closed connection once by itself, with the same key: both attempts are lost.
    stripe.dropNext(2);

    const lost = await payByStripe(t, ready.orderId);

    expectProblem(lost, 503, 'unavailable');
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    // Stripe may have taken the money: the reservation stays for the retry, which Stripe replays.
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
    const charged = stripe.intentOf(ready.orderId)!;
    expect(charged.status).toBe('succeeded');

    const retry = await payByStripe(t, ready.orderId);

    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
    const sent = creates().filter((request) => request.form.metadata?.order_id === ready.orderId);
    expect(new Set(sent.map((request) => request.idempotencyKey))).toEqual(new Set([`${ready.orderId}-payment-1`]));
    expect([...stripe.intents.values()].filter((intent) => intent.metadata.order_id === ready.orderId)).toHaveLength(1);
    expect(retry.body.data.transactions).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', authorization: charged.id })]);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
  });

  it('answers a Stripe 500 as 503, keeps the spent attempt failed, and pays the next attempt under a new key', async () => {
    const ready = await stripeCheckout();
    stripe.failNext();

    const failed = await payByStripe(t, ready.orderId);

    expectProblem(failed, 503, 'unavailable');
    expect(failed.text).not.toContain(STRIPE_KEYS.secret);
    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ kind: 'charge', status: 'failed' })]);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', payment_claimed_at: null });

    const retry = await payByStripe(t, ready.orderId);

    expect(retry.status, retry.text).toBe(200);
    expect(creates().at(-1)!.idempotencyKey).toBe(`${ready.orderId}-payment-2`);
  });

  it('keeps the unit its payment reserved when staff empty the stock while Stripe charges: the order is placed, nothing refunded', async () => {
    const ready = await stripeCheckout({ stock: 1 });
    const hold = stripe.holdNext();

    const paying = payByStripe(t, ready.orderId);
    await hold.arrived;
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(0);
    expect((await t.admin.post(`/v1/skus/${ready.skus[0]!.id}`, { in_stock: 0 })).status).toBe(200);
    hold.release();
    const res = await paying;

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'placed', financial_status: 'paid' });
    expect(stripe.chargeOf(stripe.intentOf(ready.orderId)!.id).amount_refunded).toBe(0);
  });

  it('refunds the charge when a price changes while Stripe charges, gives the reservation back, and the order stays payable', async () => {
    const ready = await stripeCheckout({ stock: 1 });
    const hold = stripe.holdNext();

    const paying = payByStripe(t, ready.orderId);
    await hold.arrived;
    expect((await t.admin.post(`/v1/skus/${ready.skus[0]!.id}`, { price: 4321 })).status).toBe(200);
    hold.release();
    const res = await paying;

    expectProblem(res, 409, 'checkout_changed');
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);
    const intent = stripe.intentOf(ready.orderId)!;
    expect(stripe.seen('/v1/refunds').at(-1)!.form).toEqual({ payment_intent: intent.id, amount: String(intent.amount) });
    expect(stripe.seen('/v1/refunds').at(-1)!.idempotencyKey).toBe(`${ready.orderId}-give-back-${intent.id}`);
    expect(stripe.chargeOf(intent.id).amount_refunded).toBe(intent.amount);
    await expectLeftPayable(t, ready.orderId);
  });

  it('settles once when Stripe\'s webhook comes before the API answer: the webhook waits, the answer places, the redelivery changes nothing', async () => {
    const ready = await stripeCheckout({ stock: 2 });
    const hold = stripe.holdNext();

    const paying = payByStripe(t, ready.orderId);
    await hold.arrived;
    const intent = stripe.intentOf(ready.orderId)!;
    const early = await notifyOnce(t, ready.gateway.id, intent);
    hold.release();
    const res = await paying;

    expectProblem(early.res, 409, 'invalid_state');
    expect(res.status, res.text).toBe(200);
    const again = await early.send();
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.duplicate).toBe(false);
    const rows = await transactionRows(t, ready.orderId);
    expect(rows).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', authorization: intent.id })]);
    expect(stripe.seen('/v1/refunds').filter((request) => request.form.payment_intent === intent.id)).toEqual([]);
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(1);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
  });
});

/** Posts payment_intent.succeeded for the intent; the same signed event can be sent again (Stripe's redelivery). */
async function notifyOnce(t: TestContext, gatewayId: string, intent: unknown) {
  const { payload, signature } = signedEvent(stripeEvent('payment_intent.succeeded', intent), STRIPE_KEYS.webhook);
  const send = () => t.anonymous.post(`/v1/gateways/${gatewayId}/webhooks`, payload, { headers: { 'stripe-signature': signature } });
  return { res: await send(), send };
}
