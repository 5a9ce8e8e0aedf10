import { afterAll, expect, it } from 'vitest';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { startSmtpServer, stopSmtpServers } from '../../helpers/smtp.js';
import { createTestApp, describeEachDatabase } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

describeEachDatabase('the mail set-up, as staff check it', (t) => {
  it('says mail is not configured and how many messages were recorded unsent, and refuses a test mail with 409', async () => {
    expect((await t.admin.post('/v1/store', { name: 'Kiln & Co', email: 'owner@kiln.example' })).status).toBe(200);
    const before = await t.admin.get('/v1/notifications/mailer');
    expect(before.status, before.text).toBe(200);
    expect(before.body.data).toEqual({
      object: 'mailer', is_configured: false, host: null, is_secure: false, from: '"Kiln & Co" <owner@kiln.example>', is_logged: false, not_sent_count: 0,
    });
    await t.db.insertInto('notifications').values({
      id: 'ntf_01kaaaaaaaaaaaaaaaaaaaaaaa', kind: 'order_confirmation', recipient: 'buyer@example.com', data: '{}', status: 'not_sent', attempts: 0, created_at: 1, updated_at: 1, next_attempt_at: 0,
    } as never).execute();
    expect((await t.admin.get('/v1/notifications/mailer')).body.data.not_sent_count).toBe(1);

    const refused = await t.admin.post('/v1/notifications/test', {});
    expectProblem(refused, 409, 'invalid_state');
    expect(refused.body.detail).toMatch(/STOREFRONT_SMTP_URL/);
  });

  it('lets staff keys read the set-up, a read-only one included, and only writing keys send; no storefront', async () => {
    const readOnly = await t.admin.post('/v1/api_keys', { name: 'Reader', read_only: true });
    const reader = t.as({ authorization: `Bearer ${readOnly.body.data.token}` });
    expect((await reader.get('/v1/notifications/mailer')).status).toBe(200);
    expectProblem(await reader.post('/v1/notifications/test', {}), 403, 'forbidden');
    expectProblem(await t.storefront.get('/v1/notifications/mailer'), 403, 'forbidden');
    expectProblem(await t.storefront.post('/v1/notifications/test', {}), 403, 'forbidden');
    expectProblem(await t.anonymous.post('/v1/notifications/test', {}), 401, 'unauthorized');
  });

  it("sends a test mail through the configured SMTP server to the store's email or the one asked, and says when the server refuses", async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp(t.kind, { mail: { smtpUrl: smtp.url } });
    try {
      expect((await app.admin.post('/v1/store', { name: 'Kiln & Co', email: 'owner@kiln.example' })).status).toBe(200);
      const setup = (await app.admin.get('/v1/notifications/mailer')).body.data;
      expect(setup).toMatchObject({ is_configured: true, host: `127.0.0.1:${smtp.port}`, is_secure: false, from: '"Kiln & Co" <owner@kiln.example>' });
      // The URL's user and password are never shown.
      expect(JSON.stringify(setup)).not.toContain('secret');

      const sent = await app.admin.post('/v1/notifications/test', {});
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.data).toMatchObject({ object: 'mail_test', status: 'sent', to: 'owner@kiln.example', from: '"Kiln & Co" <owner@kiln.example>', error: null });
      const [mail] = smtp.to('owner@kiln.example');
      expect(mail?.parsed.subject).toBe('Test mail from Kiln & Co');
      expect(mail?.parsed.from?.value).toEqual([{ address: 'owner@kiln.example', name: 'Kiln & Co' }]);
      expect(mail?.parsed.text).toMatch(/test message from Kiln & Co/);

      const asked = await app.admin.post('/v1/notifications/test', { to: 'staff@kiln.example' });
      expect(asked.body.data).toMatchObject({ status: 'sent', to: 'staff@kiln.example' });
      expect(smtp.to('staff@kiln.example')).toHaveLength(1);

      smtp.refuse(1, 550, 'Mailbox unavailable');
      const bounced = await app.admin.post('/v1/notifications/test', { to: 'nobody@kiln.example' });
      expect(bounced.status, bounced.text).toBe(200);
      expect(bounced.body.data).toMatchObject({ status: 'failed', to: 'nobody@kiln.example' });
      expect(bounced.body.data.error).toMatch(/550.*Mailbox unavailable/);

      expectInvalid(await app.admin.post('/v1/notifications/test', { to: 'not an address' }), 'to');
      expectInvalid(await app.admin.post('/v1/notifications/test', { to: 7 }), 'to');
      // The test mails are no customer's: the outbox holds none of them.
      expect((await app.admin.get('/v1/notifications')).body.data).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
