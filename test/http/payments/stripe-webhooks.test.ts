import { expect, it } from 'vitest';
import { releaseExpiredReservations } from '../../../src/modules/checkout/reservation.js';
import { eventsOf, makeGateway, orderRow, readyCheckout, transactionRows } from '../../helpers/checkout.js';
import { expectProblem } from '../../helpers/expect.js';
import { FAKE_PAYMENT_METHODS as PM, signedEvent, stripeEvent } from '../../helpers/fake-stripe.js';
import { useFakeStripe, makeStripeGateway, notifyStripe, payByStripe, sendStripeEvent, settle, STRIPE_KEYS } from '../../helpers/stripe-checkout.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('stripe webhooks', (t) => {
  const stripe = useFakeStripe();

  /** An order placed and paid through a stripe gateway; answers it with its intent. */
  async function paidOrder(settings: Record<string, unknown> = {}) {
    const gateway = await makeStripeGateway(t, stripe, settings);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ price: 3000, stock: 5 }] });
    const res = await payByStripe(t, ready.orderId);
    expect(res.status, res.text).toBe(200);
    return { ...ready, gateway, order: res.body.data, intent: stripe.intentOf(ready.orderId)! };
  }

  // ---------- who may post ----------

  it('refuses an event not signed with the gateway\'s webhook secret (401) and settles nothing', async () => {
    const paid = await paidOrder();
    const charge = stripe.refundOutside(paid.intent.id, 500);
    const event = stripeEvent('charge.refunded', charge);

    const forged = await sendStripeEvent(t, paid.gateway.id, event, 'whsec_anothersecret');
    const unsigned = await t.anonymous.post(`/v1/gateways/${paid.gateway.id}/webhooks`, JSON.stringify(event));
    const { payload, signature } = signedEvent(event, STRIPE_KEYS.webhook);
    const altered = await t.anonymous.post(`/v1/gateways/${paid.gateway.id}/webhooks`, payload.replace('"amount_refunded":500', '"amount_refunded":3000'), { headers: { 'stripe-signature': signature } });

    for (const res of [forged, unsigned, altered]) expectProblem(res, 401, 'unauthorized');
    expect((await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'refund')).toEqual([]);
    expect((await orderRow(t, paid.orderId)).financial_status).toBe('paid');
  });

  it('refuses webhooks for a gateway without a webhook secret (401), and answers 404 for an unknown gateway or one whose driver takes none', async () => {
    const bare = await makeStripeGateway(t, stripe, { webhook_secret: null });
    const testGateway = await makeGateway(t, 'test');
    const event = stripeEvent('payment_intent.succeeded', { id: 'pi_x', object: 'payment_intent' });

    expectProblem(await sendStripeEvent(t, bare.id, event), 401, 'unauthorized');
    expectProblem(await sendStripeEvent(t, 'gtw_00000000000000000000000000', event), 404, 'not_found');
    expectProblem(await sendStripeEvent(t, testGateway.id, event), 404, 'not_found');
  });

  // ---------- duplicates ----------

  it('settles an event once: the same event delivered again answers duplicate and records nothing more', async () => {
    const paid = await paidOrder();
    const event = stripeEvent('charge.refunded', stripe.refundOutside(paid.intent.id, 1000));

    const first = await sendStripeEvent(t, paid.gateway.id, event);
    const second = await sendStripeEvent(t, paid.gateway.id, event);

    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toMatchObject({ id: event.id, kind: 'charge.refunded', duplicate: false });
    expect(second.status, second.text).toBe(200);
    expect(second.body.data).toMatchObject({ id: event.id, duplicate: true });
    expect((await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect(await eventsOf(t, paid.orderId, 'order.refunded')).toHaveLength(1);
  });

  // ---------- refunds ----------

  it('records a refund made in Stripe\'s dashboard: a refund transaction, partially_refunded, order.refunded', async () => {
    const paid = await paidOrder();

    await settle(t, paid.gateway.id, 'charge.refunded', stripe.refundOutside(paid.intent.id, 1200));

    const refunds = (await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: 1200, source_name: 'webhook', authorization: paid.intent.id })]);
    expect((await orderRow(t, paid.orderId)).financial_status).toBe('partially_refunded');
    const [refunded] = await eventsOf(t, paid.orderId, 'order.refunded');
    expect(refunded.data.object).toMatchObject({ id: paid.orderId, financial_status: 'partially_refunded' });

    // The rest refunded later: only the difference is recorded.
    await settle(t, paid.gateway.id, 'charge.refunded', stripe.refundOutside(paid.intent.id, paid.intent.amount - 1200));

    expect((await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'refund').map((row) => row.amount)).toEqual([1200, paid.intent.amount - 1200]);
    expect((await orderRow(t, paid.orderId)).financial_status).toBe('refunded');
  });

  it('records nothing more for the webhook of a refund staff made through the store', async () => {
    const paid = await paidOrder();
    const refund = await t.admin.post(`/v1/orders/${paid.orderId}/transactions`, { kind: 'refund', amount: 800 });
    expect(refund.status, refund.text).toBe(201);

    await settle(t, paid.gateway.id, 'charge.refunded', stripe.chargeOf(paid.intent.id));

    expect((await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect(await eventsOf(t, paid.orderId, 'order.refunded')).toHaveLength(1);
  });

  // ---------- disputes ----------

  it('records a dispute as a pending dispute transaction and order.updated, once', async () => {
    const paid = await paidOrder();
    const dispute = {
      id: 'dp_test_1', object: 'dispute', amount: paid.intent.amount, currency: paid.intent.currency, reason: 'fraudulent',
      status: 'needs_response', charge: paid.intent.latest_charge, payment_intent: paid.intent.id, livemode: false,
    };
    const updatesBefore = (await eventsOf(t, paid.orderId, 'order.updated')).length;

    const event = await settle(t, paid.gateway.id, 'charge.dispute.created', dispute);
    const again = await notifyStripe(t, paid.gateway.id, 'charge.dispute.created', dispute);

    expect(again.res.status).toBe(200);
    const disputes = (await transactionRows(t, paid.orderId)).filter((row) => row.kind === 'dispute');
    expect(disputes).toEqual([expect.objectContaining({
      status: 'pending', amount: paid.intent.amount, code: 'fraudulent', reference: 'dp_test_1', parent_id: paid.order.transactions[0].id, source_name: 'webhook',
    })]);
    expect((await orderRow(t, paid.orderId)).financial_status).toBe('paid');
    const updates = await eventsOf(t, paid.orderId, 'order.updated');
    expect(updates).toHaveLength(updatesBefore + 1);
    expect(updates[0].data.object.transactions).toContainEqual(expect.objectContaining({ kind: 'dispute', reference: 'dp_test_1' }));
    expect(event.id).not.toBe(again.event.id);
  });

  // ---------- payments settled late ----------

  it('places the order when the checkout lost Stripe\'s answer and the buyer never came back: the webhook settles it', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ stock: 2 }] });
    stripe.dropNext(2);
    expectProblem(await payByStripe(t, ready.orderId), 503, 'unavailable');
    const intent = stripe.intentOf(ready.orderId)!;

    await settle(t, gateway.id, 'payment_intent.succeeded', intent);

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid', payment_claimed_at: null });
    expect(await transactionRows(t, ready.orderId)).toEqual([expect.objectContaining({ kind: 'charge', status: 'succeeded', authorization: intent.id, source_name: 'storefront' })]);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toHaveLength(1);
    // The buyer's retry finds the order placed.
    expectProblem(await payByStripe(t, ready.orderId), 409, 'invalid_state');
  });

  it('gives back a second payment of an order already paid (the buyer paid twice): refunded through Stripe, recorded', async () => {
    const paid = await paidOrder();
    // A second PaymentIntent for the same order, taken outside the checkout's attempt (another tab).
    const other = await payByStripeDirect(paid.orderId, paid.intent.amount);

    await settle(t, paid.gateway.id, 'payment_intent.succeeded', other);

    const rows = await transactionRows(t, paid.orderId);
    const second = rows.find((row) => row.authorization === other.id && row.kind === 'charge');
    expect(second).toMatchObject({ status: 'succeeded', amount: other.amount });
    expect(rows).toContainEqual(expect.objectContaining({ kind: 'refund', status: 'succeeded', parent_id: second!.id, amount: other.amount }));
    expect(stripe.chargeOf(other.id).amount_refunded).toBe(other.amount);
    expect(stripe.chargeOf(paid.intent.id).amount_refunded).toBe(0);
    expect((await orderRow(t, paid.orderId)).financial_status).toBe('paid');
  });

  it('places a 3-D Secure payment completed after staff emptied the stock: its unit was reserved when the payment began', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ stock: 1 }] });
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    expect((await t.admin.post(`/v1/skus/${ready.skus[0]!.id}`, { in_stock: 0 })).status).toBe(200);
    const intent = stripe.intentOf(ready.orderId)!;

    await settle(t, gateway.id, 'payment_intent.succeeded', stripe.completeAction(intent.id, 'succeeded'));

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid', reserved_at: null });
    expect(stripe.chargeOf(intent.id).amount_refunded).toBe(0);
  });

  it('gives back a 3-D Secure payment completed after the buyer changed the checkout: the change returned the reservation, the payment is refunded', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ stock: 1 }] });
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const skuId = ready.skus[0]!.id;
    expect((await t.admin.get(`/v1/skus/${skuId}`)).body.data.in_stock).toBe(0);
    expect((await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { customer: { email: ready.email, is_newsletterable: true } })).status).toBe(200);
    expect((await t.admin.get(`/v1/skus/${skuId}`)).body.data.in_stock).toBe(1);
    expect((await t.admin.post(`/v1/skus/${skuId}`, { in_stock: 0 })).status).toBe(200);
    const intent = stripe.intentOf(ready.orderId)!;

    await settle(t, gateway.id, 'payment_intent.succeeded', stripe.completeAction(intent.id, 'succeeded'));

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    const rows = await transactionRows(t, ready.orderId);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([['charge', 'succeeded'], ['refund', 'succeeded']]);
    expect(stripe.chargeOf(intent.id).amount_refunded).toBe(intent.amount);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);
  });

  it('gives the stock back when a checkout expires with its 3-D Secure payment unfinished; a payment confirmed later takes the stock then', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ stock: 2 }] });
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const skuId = ready.skus[0]!.id;
    const stock = async () => (await t.admin.get(`/v1/skus/${skuId}`)).body.data.in_stock;
    expect(await stock()).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    expect(await releaseExpiredReservations({ db: t.db, kind: t.kind }, now)).toBe(0);

    await t.db.updateTable('orders').set({ checkout_expires_at: now - 1 }).where('id', '=', ready.orderId).execute();
    expect(await releaseExpiredReservations({ db: t.db, kind: t.kind }, now)).toBe(1);

    expect(await stock()).toBe(2);
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', reserved_at: null });
    expect(await releaseExpiredReservations({ db: t.db, kind: t.kind }, now)).toBe(0);
    const intent = stripe.intentOf(ready.orderId)!;
    await settle(t, gateway.id, 'payment_intent.succeeded', stripe.completeAction(intent.id, 'succeeded'));
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'placed', financial_status: 'paid' });
    expect(await stock()).toBe(1);
  });

  it('never places an order for a payment of another amount than its total: the payment is refunded and the order stays payable', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, items: [{ price: 5000, stock: 3 }] });
    const short = await payByStripeDirect(ready.orderId, 100);

    await settle(t, gateway.id, 'payment_intent.succeeded', short);

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    expect((await transactionRows(t, ready.orderId)).map((row) => [row.kind, row.status, row.amount])).toEqual([['charge', 'succeeded', 100], ['refund', 'succeeded', 100]]);
    expect(stripe.chargeOf(short.id).amount_refunded).toBe(100);
    expect(await eventsOf(t, ready.orderId, 'order.placed')).toEqual([]);
  });

  it('gives back a 3-D Secure payment when the buyer changed the checkout total meanwhile: the order keeps its new total and stays payable', async () => {
    const gateway = await makeStripeGateway(t, stripe);
    const ready = await readyCheckout(t, { gateway: gateway.id, shippingPrice: 500 });
    expect((await payByStripe(t, ready.orderId, PM.threeDSecure)).status).toBe(200);
    const intent = stripe.intentOf(ready.orderId)!;
    const dearer = await t.admin.post('/v1/shipping_zones', {
      name: 'Dearer', countries: ['US'], rates: [{ name: 'Express', kind: 'weight', from: 0, to: null, price: 1500 }],
    });
    expect(dearer.status, dearer.text).toBe(201);
    const changed = await t.storefront.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: dearer.body.data.rates[0].id }, payment: { gateway: gateway.id } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data.total_price).toBe(intent.amount + 1000);

    await settle(t, gateway.id, 'payment_intent.succeeded', stripe.completeAction(intent.id, 'succeeded'));

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', total_price: intent.amount + 1000 });
    expect(stripe.chargeOf(intent.id).amount_refunded).toBe(intent.amount);
    expect((await transactionRows(t, ready.orderId)).map((row) => [row.kind, row.status])).toEqual([['charge', 'succeeded'], ['refund', 'succeeded']]);
  });

  /** A PaymentIntent made straight at Stripe for the order (not through the checkout). */
  async function payByStripeDirect(orderId: string, amount: number) {
    const response = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STRIPE_KEYS.secret}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: `amount=${amount}&currency=usd&payment_method=${PM.visa}&confirm=true&metadata[order_id]=${orderId}`,
    });
    expect(response.status).toBe(200);
    return stripe.intents.get(((await response.json()) as { id: string }).id)!;
  }
});
