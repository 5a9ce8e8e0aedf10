import { afterAll, describe, expect, it } from 'vitest';
import { orderRow, placedOrder } from '../../helpers/checkout.js';
import { customerClient, newEmail, signedUpCustomer, signIn, strongPassword } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { deliverMailUntil, mailTo, startSmtpServer, stopSmtpServers, type ReceivedMail, type SmtpServer } from '../../helpers/smtp.js';
import { describeEachDatabase, TEST_SHOP_URL } from '../../helpers/test-app.js';

afterAll(stopSmtpServers);

/** The token of the link to `path` in a received message, read from its text part as a customer reads it. */
function linkToken(mail: ReceivedMail, path: string): string {
  const url = mail.parsed.text?.match(new RegExp(`${TEST_SHOP_URL}${path}\\?token=[A-Za-z0-9_-]+`))?.[0];
  expect(url, mail.parsed.text).toBeDefined();
  // The HTML part carries the same link.
  expect(mail.parsed.html).toContain(url!);
  return new URL(url!).searchParams.get('token')!;
}

// Point 5 of issue "Customer notifications": the account flows, through a real SMTP server.
describeEachDatabase('account mail through SMTP', (t) => {
  let smtp: SmtpServer;

  describe('password reset', () => {
    it('resets a password with the token of the received mail: the new password signs in, every old session is refused', async () => {
      smtp ??= await startSmtpServer();
      const customer = await signedUpCustomer(t, { first_name: 'Ada' });
      const secondSession = customerClient(t, await signIn(t, customer.email, customer.password));

      expect((await t.storefront.post('/v1/customers/password_reset', { email: customer.email })).status).toBe(202);
      const mail = await mailTo(t, smtp, customer.email);

      expect(mail.to).toEqual([customer.email]);
      expect(mail.parsed.to).toMatchObject({ value: [{ address: customer.email }] });
      expect(mail.parsed.subject).toMatch(/^Reset your password for /);
      const token = linkToken(mail, '/account/reset');
      expect(token).toMatch(/^cpr_/);
      // The staff log says it was sent, and never shows the link.
      const [logged] = (await t.admin.get(`/v1/notifications?customer_id=${customer.id}&kind=password_reset`)).body.data;
      expect(logged).toMatchObject({ recipient: customer.email, status: 'sent', attempts: 1 });
      expect(JSON.stringify(logged)).not.toContain(token);

      const password = strongPassword();
      const reset = await t.storefront.post('/v1/customers/password', { token, password });
      expect(reset.status, reset.text).toBe(200);

      for (const session of [customer.client, secondSession]) expectProblem(await session.get(`/v1/customers/${customer.id}`), 401, 'unauthorized');
      expectProblem(await t.storefront.post('/v1/customers/token', { email: customer.email, password: customer.password }), 401, 'unauthorized');
      const fresh = customerClient(t, await signIn(t, customer.email, password));
      expect((await fresh.get(`/v1/customers/${customer.id}`)).body.data).toMatchObject({ id: customer.id, first_name: 'Ada' });
      // The same mail cannot be used twice.
      expectInvalid(await t.storefront.post('/v1/customers/password', { token, password: strongPassword() }), 'token');
    });

    it('mails nothing for an email without an account, and answers it as it answers an account', async () => {
      smtp ??= await startSmtpServer();
      const stranger = newEmail();
      const customer = await signedUpCustomer(t);
      const unknown = await t.storefront.post('/v1/customers/password_reset', { email: stranger });
      const known = await t.storefront.post('/v1/customers/password_reset', { email: customer.email });
      expect([unknown.status, known.status]).toEqual([202, 202]);
      expect(Object.keys(unknown.body.data)).toEqual(Object.keys(known.body.data));

      // Once the account's mail arrived, whatever was queued before it has been sent too: nothing for the stranger.
      await mailTo(t, smtp, customer.email);
      expect(smtp.to(stranger)).toEqual([]);
      const logged = await t.admin.get(`/v1/notifications?kind=password_reset&per_page=250`);
      expect(logged.body.data.map((n: { recipient: string }) => n.recipient)).not.toContain(stranger);
    });
  });

  describe('email verification', () => {
    it("verifies an email with the token of the received mail and joins the guest orders of that email; the asker never sees the token", async () => {
      smtp ??= await startSmtpServer();
      const email = newEmail();
      const guestOrder = await placedOrder(t, { customer: { email } });
      const customer = await signedUpCustomer(t, { email });

      const asked = await customer.client.post(`/v1/customers/${customer.id}/verification`, {});
      expect(asked.status, asked.text).toBe(202);
      expect(asked.body.data.email).toBe(email);
      // The guest order's confirmation went to the same address: the verification is the one with its subject.
      const isVerification = (m: ReceivedMail) => /^Confirm your email for /.test(m.parsed.subject ?? '');
      await deliverMailUntil(t, smtp, () => smtp.to(email).some(isVerification));
      const mail = smtp.to(email).find(isVerification)!;
      const token = linkToken(mail, '/account/verify');
      expect(asked.text).not.toContain(token);
      expect((await t.admin.get(`/v1/notifications?customer_id=${customer.id}`)).text).not.toContain(token);

      const verified = await t.storefront.post('/v1/customers/verify', { token });
      expect(verified.status, verified.text).toBe(200);
      expect(verified.body.data).toMatchObject({ id: customer.id, is_verified: true });
      expect((await orderRow(t, guestOrder.orderId)).customer_id).toBe(customer.id);
      expectInvalid(await t.storefront.post('/v1/customers/verify', { token }), 'token');
    });
  });
});
