import { afterAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { queueAbandonedCheckouts } from '../../../src/modules/notifications/abandoned-checkouts.js';
import { placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { deliverMailUntil, mailTo, startSmtpServer, stopSmtpServers, type SmtpServer } from '../../helpers/smtp.js';
import { describeEachDatabase, TEST_SHOP_URL, type TestContext } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

async function notifications(t: TestContext, query: string): Promise<any[]> {
  const res = await t.admin.get(`/v1/notifications?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const HOUR_MS = 3_600_000;

describeEachDatabase('the kinds of customer notifications', (t) => {
  let smtp: SmtpServer;
  const handle = () => ({ db: t.db, kind: t.kind }) as DatabaseHandle;

  test('a shipment the buyer is to be told of sends its tracking and the order\'s page; one without the flag sends nothing', async () => {
    smtp ??= await startSmtpServer();
    const quiet = await placedOrder(t);
    expect((await t.admin.post(`/v1/orders/${quiet.orderId}/fulfillments`, { tracking_code: 'QUIET1' })).status).toBe(201);
    expect(await notifications(t, `order_id=${quiet.orderId}&kind=shipping_confirmation`)).toEqual([]);

    const order = await placedOrder(t);
    const made = await t.admin.post(`/v1/orders/${order.orderId}/fulfillments`, { tracking_code: '1Z999', carrier: 'UPS', is_customer_notified: true });
    expect(made.status, made.text).toBe(201);
    const [queued] = await notifications(t, `order_id=${order.orderId}&kind=shipping_confirmation`);
    expect(queued).toMatchObject({ recipient: order.email, status: 'pending', data: { fulfillment: { id: made.body.data.id, tracking_code: '1Z999' } } });
    await deliverMailUntil(t, smtp, () => smtp.to(order.email).some((m) => m.parsed.subject?.includes('on its way')));
    const mail = smtp.to(order.email).find((m) => m.parsed.subject?.includes('on its way'))!;
    expect(mail.parsed.subject).toBe(`Order ${order.order.number} is on its way`);
    expect(mail.parsed.text).toContain('UPS tracking number: 1Z999');
    expect(mail.parsed.html).toContain('1Z999');
    // The order's page in the shop, in both parts.
    const page = `${TEST_SHOP_URL}/orders/${order.orderId}`;
    expect(mail.parsed.text).toContain(`Your order: ${page}`);
    expect(mail.parsed.html).toContain(`<a href="${page}"`);
  });

  test('a changed tracking code is news for the buyer; a change of nothing the buyer sees is not', async () => {
    const order = await placedOrder(t);
    const made = (await t.admin.post(`/v1/orders/${order.orderId}/fulfillments`, { tracking_code: 'OLD', is_customer_notified: true })).body.data;
    const path = `/v1/orders/${order.orderId}/fulfillments/${made.id}`;
    expect((await t.admin.post(path, { tracking_code: 'NEW' })).status).toBe(200);
    expect((await t.admin.post(path, { tracking_code: 'NEW' })).status).toBe(200);
    const sent = await notifications(t, `order_id=${order.orderId}&kind=shipping_confirmation`);
    expect(sent.map((n) => n.data.fulfillment.tracking_code)).toEqual(['NEW', 'OLD']);
    // Staff asking afterwards for a quiet shipment to be told sends it once.
    const quiet = await placedOrder(t);
    const shipment = (await t.admin.post(`/v1/orders/${quiet.orderId}/fulfillments`, { tracking_code: 'Q' })).body.data;
    expect((await t.admin.post(`/v1/orders/${quiet.orderId}/fulfillments/${shipment.id}`, { is_customer_notified: true })).status).toBe(200);
    expect(await notifications(t, `order_id=${quiet.orderId}&kind=shipping_confirmation`)).toHaveLength(1);
  });

  test('a placed order canceled tells the buyer; a checkout canceled before placement does not', async () => {
    smtp ??= await startSmtpServer();
    const order = await placedOrder(t);
    expect((await t.admin.post(`/v1/orders/${order.orderId}/cancel`, { reason: 'customer' })).status).toBe(200);
    const [queued] = await notifications(t, `order_id=${order.orderId}&kind=order_canceled`);
    expect(queued).toMatchObject({ recipient: order.email, order_id: order.orderId });
    await deliverMailUntil(t, smtp, () => smtp.to(order.email).some((m) => m.parsed.subject?.includes('canceled')));
    const mail = smtp.to(order.email).find((m) => m.parsed.subject?.includes('canceled'))!;
    expect(mail.parsed.text).toContain('Reason: customer.');

    const checkout = await readyCheckout(t);
    expect((await t.admin.post(`/v1/orders/${checkout.orderId}/cancel`, {})).status).toBe(200);
    expect(await notifications(t, `order_id=${checkout.orderId}`)).toEqual([]);
  });

  test('a refund, direct or of a return, tells the buyer the amount', async () => {
    smtp ??= await startSmtpServer();
    const order = await placedOrder(t, { items: [{ price: 2000, quantity: 2 }] });
    expect((await t.admin.post(`/v1/orders/${order.orderId}/transactions`, { kind: 'refund', amount: 750 })).status).toBe(201);
    const [direct] = await notifications(t, `order_id=${order.orderId}&kind=refund`);
    expect(direct.data.refund).toMatchObject({ amount: 750, currency: order.order.currency });

    expect((await t.admin.post(`/v1/orders/${order.orderId}/fulfillments`, {})).status).toBe(201);
    const item = order.order.items[0];
    const made = (await t.admin.post(`/v1/orders/${order.orderId}/returns`, { items: [{ id: item.id, quantity: 1, reason: 'damaged' }] })).body.data;
    expect((await t.admin.post(`/v1/orders/${order.orderId}/returns/${made.id}/receive`)).status).toBe(200);
    const refunded = await t.admin.post(`/v1/orders/${order.orderId}/returns/${made.id}/refund`, { amount: 1000 });
    expect(refunded.status, refunded.text).toBe(200);
    const refunds = await notifications(t, `order_id=${order.orderId}&kind=refund`);
    expect(refunds.map((n) => n.data.refund.amount)).toEqual([1000, 750]);

    await deliverMailUntil(t, smtp, () => smtp.to(order.email).filter((m) => m.parsed.subject?.startsWith('Refund')).length === 2);
    const texts = smtp.to(order.email).filter((m) => m.parsed.subject?.startsWith('Refund')).map((m) => m.parsed.text ?? '');
    expect(texts.some((text) => /7\.50/.test(text))).toBe(true);
    expect(texts.some((text) => /10\.00/.test(text))).toBe(true);
  });

  test('a kind switched off queues nothing until it is switched on again', async () => {
    const off = await t.admin.post('/v1/notifications/templates/order_confirmation', { is_enabled: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body.data.is_enabled).toBe(false);
    try {
      const quiet = await placedOrder(t);
      expect(await notifications(t, `order_id=${quiet.orderId}`)).toEqual([]);
    } finally {
      expect((await t.admin.post('/v1/notifications/templates/order_confirmation', { is_enabled: true })).status).toBe(200);
    }
    const told = await placedOrder(t);
    expect(await notifications(t, `order_id=${told.orderId}&kind=order_confirmation`)).toHaveLength(1);
  });

  test('an open checkout with an email and no payment is reminded once, after the hours set, with a link back', async () => {
    smtp ??= await startSmtpServer();
    // The first scan starts at the checkouts opened from `hours` ago.
    await queueAbandonedCheckouts(handle(), 4);
    const abandoned = await readyCheckout(t, { until: 'data' });
    const anonymous = await readyCheckout(t, { until: 'checkout' });
    const paid = await placedOrder(t);

    expect(await queueAbandonedCheckouts(handle(), 4)).toBe(0);
    expect(await notifications(t, `checkout_id=${abandoned.orderId}`)).toEqual([]);

    const later = Date.now() + 4 * HOUR_MS + 60_000;
    await queueAbandonedCheckouts(handle(), 4, later);
    await queueAbandonedCheckouts(handle(), 4, later + HOUR_MS);
    const reminders = await notifications(t, `checkout_id=${abandoned.orderId}`);
    expect(reminders).toEqual([expect.objectContaining({ kind: 'abandoned_checkout', recipient: abandoned.email, order_id: null })]);
    expect(await notifications(t, `checkout_id=${anonymous.orderId}`)).toEqual([]);
    expect(await notifications(t, `checkout_id=${paid.orderId}`)).toEqual([]);

    const mail = await mailTo(t, smtp, abandoned.email);
    const link = `${TEST_SHOP_URL}/checkout/${abandoned.orderId}`;
    expect(mail.parsed.text).toContain(link);
    expect(mail.parsed.html).toContain(`href="${link}"`);
    expect(mail.parsed.text).toContain(abandoned.checkout.data.items[0].name);
  });
});
