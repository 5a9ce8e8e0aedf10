import { afterAll, expect, test } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { startWorker } from '../../../src/worker.js';
import { placedOrder } from '../../helpers/checkout.js';
import { deliverMailOnce, deliverMailUntil, mailTo, startSmtpServer, stopSmtpServers, type SmtpServer } from '../../helpers/smtp.js';
import { createTestApp, describeEachDatabase, testDatabases, type TestContext } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

async function notificationsOf(t: TestContext, orderId: string, kind?: string): Promise<any[]> {
  const res = await t.admin.get(`/v1/notifications?order_id=${orderId}${kind ? `&kind=${kind}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describeEachDatabase('sending notifications over SMTP', (t) => {
  let smtp: SmtpServer;

  test('an order placed sends its confirmation to the buyer, from the store, with both bodies', async () => {
    smtp ??= await startSmtpServer();
    await t.admin.post('/v1/store', { name: 'Linen & Co', email: 'hello@linen.example' });
    const order = await placedOrder(t);
    // Queued in the placement, sent by the worker only.
    const [queued] = await notificationsOf(t, order.orderId);
    expect(queued).toMatchObject({ kind: 'order_confirmation', recipient: order.email, status: 'pending', attempts: 0, subject: null });
    expect(smtp.to(order.email)).toEqual([]);

    const mail = await mailTo(t, smtp, order.email);
    expect(mail.to).toEqual([order.email]);
    expect(mail.from).toBe('hello@linen.example');
    expect(mail.user).toBe('shop');
    expect(mail.parsed.from?.value).toEqual([{ address: 'hello@linen.example', name: 'Linen & Co' }]);
    expect(mail.parsed.to && !Array.isArray(mail.parsed.to) ? mail.parsed.to.value.map((a) => a.address) : []).toEqual([order.email]);
    expect(mail.parsed.subject).toBe(`Order ${order.order.number} confirmed`);
    expect(mail.parsed.headers.get('x-storefront-notification-id')).toBe(queued.id);
    expect(mail.parsed.text).toContain(order.order.number);
    expect(mail.parsed.text).toContain(order.order.items[0].name);
    expect(mail.parsed.html).toContain(order.order.number);
    // Linen & Co is escaped in the HTML.
    expect(mail.parsed.html).toContain('Linen &amp; Co');

    const sent = (await t.admin.get(`/v1/notifications/${queued.id}`)).body.data;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null, subject: `Order ${order.order.number} confirmed` });
    expect(sent.sent_at).toBeGreaterThan(0);
    // Never twice: more rounds send nothing more.
    await deliverMailOnce(t, smtp);
    expect(smtp.to(order.email)).toHaveLength(1);
  });

  test('STOREFRONT_MAIL_FROM is the sender when set', async () => {
    smtp ??= await startSmtpServer();
    const order = await placedOrder(t);
    const mail = await mailTo(t, smtp, order.email, { from: '"Shop" <orders@shop.example>' });
    expect(mail.from).toBe('orders@shop.example');
    expect(mail.parsed.from?.value).toEqual([{ address: 'orders@shop.example', name: 'Shop' }]);
  });

  test('without SMTP a message is rendered and recorded as not_sent, and printed when asked', async () => {
    const order = await placedOrder(t);
    const printed: Array<{ to: string; subject: string }> = [];
    await deliverMailUntil(t, undefined, async () => (await notificationsOf(t, order.orderId))[0].status !== 'pending', { print: (m) => printed.push(m) });
    const [recorded] = await notificationsOf(t, order.orderId);
    expect(recorded).toMatchObject({ status: 'not_sent', attempts: 0, last_error: null, subject: `Order ${order.order.number} confirmed` });
    expect(recorded.text).toContain(order.order.number);
    expect(printed).toEqual([expect.objectContaining({ to: order.email, subject: `Order ${order.order.number} confirmed` })]);
  });

  test('STOREFRONT_MAIL=log makes the worker print each message it composes', async () => {
    const order = await placedOrder(t);
    const lines: string[] = [];
    let printed!: () => void;
    const seen = new Promise<void>((resolve) => (printed = resolve));
    const log = {
      info: (_fields: unknown, message: string) => {
        lines.push(message);
        if (message.includes(order.email)) printed();
      },
      error: () => {},
    };
    const worker = startWorker({ db: t.db, kind: t.kind } as DatabaseHandle, loadConfig({ STOREFRONT_MAIL: 'log', STOREFRONT_WEBHOOK_RETRY_BASE_MS: '20' }), t.files, log);
    try {
      await seen;
    } finally {
      await worker.stop();
    }
    expect(lines.find((line) => line.includes(order.email))).toContain(`Order ${order.order.number} confirmed`);
    expect((await notificationsOf(t, order.orderId))[0].status).toBe('not_sent');
  });

  test('an smtps:// server (TLS from the first byte) gets the message', async () => {
    const tls = await startSmtpServer({ secure: true });
    expect(tls.url).toMatch(/^smtps:\/\//);
    const order = await placedOrder(t);
    const mail = await mailTo(t, tls, order.email);
    expect(mail.parsed.subject).toBe(`Order ${order.order.number} confirmed`);
    expect(mail.user).toBe('shop');
  });
});

for (const kind of testDatabases()) {
  test(`the worker's loop beside the app sends without anyone asking [${kind}]`, async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp(kind, { mail: { smtpUrl: smtp.url } });
    try {
      const order = await placedOrder(t);
      const mail = await smtp.waitFor(order.email, { received: true });
      expect(mail.parsed.subject).toBe(`Order ${order.order.number} confirmed`);
    } finally {
      await t.close();
    }
  });
}
