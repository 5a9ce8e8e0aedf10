import { afterAll, expect, test } from 'vitest';
import { queueNotification } from '../../../src/modules/notifications/queue.js';
import { pay, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { deliverMailOnce, deliverMailUntil, startSmtpServer, stopSmtpServers } from '../../helpers/smtp.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';
import { deliverDueMail } from '../../../src/modules/notifications/mail-delivery.js';
import { mailOptions } from '../../helpers/smtp.js';
import type { DatabaseHandle } from '../../../src/db/database.js';

afterAll(stopSmtpServers);

async function confirmationOf(t: TestContext, orderId: string): Promise<any> {
  const res = await t.admin.get(`/v1/notifications?order_id=${orderId}&kind=order_confirmation`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toHaveLength(1);
  return res.body.data[0];
}

describeEachDatabase('delivering notifications reliably', (t) => {
  test('a server refusing with 5xx is retried with backoff, the error recorded, until it accepts', async () => {
    const smtp = await startSmtpServer();
    smtp.refuse(2, 550, 'Mailbox temporarily disabled');
    const order = await placedOrder(t);

    await deliverMailOnce(t, smtp);
    const failed = await confirmationOf(t, order.orderId);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.last_error).toContain('550');
    expect(failed.last_error).toContain('Mailbox temporarily disabled');
    expect(failed.next_attempt_at).not.toBeNull();
    expect(smtp.to(order.email)).toEqual([]);

    await deliverMailUntil(t, smtp, async () => (await confirmationOf(t, order.orderId)).status === 'sent');
    const sent = await confirmationOf(t, order.orderId);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, last_error: null, next_attempt_at: null });
    expect(smtp.to(order.email)).toHaveLength(1);
  });

  test('a message is failed once retries pass the horizon, and resend queues it again', async () => {
    const smtp = await startSmtpServer();
    smtp.refuse(1000, 554, 'Transaction failed');
    const order = await placedOrder(t);
    // A tiny schedule: its horizon (4320 × base) passes after the first failures.
    await deliverMailUntil(t, smtp, async () => (await confirmationOf(t, order.orderId)).status === 'failed', { retryBaseMs: 0.01 });
    const failed = await confirmationOf(t, order.orderId);
    expect(failed.last_error).toContain('554');
    expect(failed.attempts).toBeGreaterThanOrEqual(1);

    smtp.refuse(0);
    const resent = await t.admin.post(`/v1/notifications/${failed.id}/resend`);
    expect(resent.status, resent.text).toBe(201);
    expect(resent.body.data).toMatchObject({ status: 'pending', attempts: 0, resent_from: failed.id, recipient: order.email, subject: failed.subject });
    await deliverMailUntil(t, smtp, () => smtp.to(order.email).length === 1);
    expect((await t.admin.get(`/v1/notifications/${resent.body.data.id}`)).body.data.status).toBe('sent');
    // The first keeps its history.
    expect((await t.admin.get(`/v1/notifications/${failed.id}`)).body.data).toMatchObject({ status: 'failed', attempts: failed.attempts });
  });

  test('a server down across a restart gets the message once it is back', async () => {
    const smtp = await startSmtpServer();
    await smtp.stop();
    const order = await placedOrder(t);
    await deliverMailOnce(t, smtp);
    const down = await confirmationOf(t, order.orderId);
    expect(down).toMatchObject({ status: 'pending', attempts: 1 });
    expect(down.last_error).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    await deliverMailUntil(t, smtp, () => smtp.to(order.email).length > 0);
    expect(await confirmationOf(t, order.orderId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('a slow server holds neither the API request nor other orders; the message is sent once', async () => {
    const smtp = await startSmtpServer();
    const first = await placedOrder(t);
    const gate = smtp.hold();
    const delivering = deliverDueMail({ db: t.db, kind: t.kind } as DatabaseHandle, mailOptions(smtp));
    await gate.held;
    // The server sits on the message: the worker waits on it, the API does not.
    const second = await readyCheckout(t);
    const paid = await pay(t, second.orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.status).toBe('placed');
    expect(await confirmationOf(t, first.orderId)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await confirmationOf(t, second.orderId)).toMatchObject({ status: 'pending', attempts: 0 });
    // A second worker round meanwhile leaves the claimed message alone.
    await deliverMailUntil(t, smtp, () => smtp.to(second.email).length === 1);
    expect(smtp.to(first.email)).toEqual([]);

    gate.release();
    await delivering;
    expect(smtp.to(first.email)).toHaveLength(1);
    expect(await confirmationOf(t, first.orderId)).toMatchObject({ status: 'sent', attempts: 1 });
    await deliverMailOnce(t, smtp);
    expect(smtp.to(first.email)).toHaveLength(1);
  });

  test('two workers at once send each message once', async () => {
    const smtp = await startSmtpServer();
    const emails: string[] = [];
    for (let i = 0; i < 12; i++) {
      const email = `twice${i}.${uniqueWord()}@example.com`;
      expect(await queueNotification(t.db, Math.floor(Date.now() / 1000), { kind: 'email_verification', to: email, data: { verify_url: 'http://shop.test/account/verify?token=x' } })).toBeDefined();
      emails.push(email);
    }
    const handle = { db: t.db, kind: t.kind } as DatabaseHandle;
    await Promise.all([deliverDueMail(handle, mailOptions(smtp, { batchSize: 5 })), deliverDueMail(handle, mailOptions(smtp, { batchSize: 5 })), deliverDueMail(handle, mailOptions(smtp, { batchSize: 5 }))]);
    await deliverMailUntil(t, smtp, () => emails.every((email) => smtp.to(email).length > 0));
    for (const email of emails) expect(smtp.to(email), email).toHaveLength(1);
  });

  test('the order and its confirmation commit together: a refused payment queues nothing', async () => {
    const ready = await readyCheckout(t);
    const declined = await pay(t, ready.orderId, '4000000000000002');
    expect(declined.status).toBe(402);
    const res = await t.admin.get(`/v1/notifications?order_id=${ready.orderId}`);
    expect(res.body.data).toEqual([]);
  });
});
