import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventsOf } from '../../helpers/checkout.js';
import { customerClient, newEmail, queuedToken, signedUpCustomer, signIn, strongPassword } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase, TEST_SHOP_URL, type TestContext } from '../../helpers/test-app.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function resetMailsTo(t: TestContext, email: string) {
  return t.db.selectFrom('notifications').selectAll().where('kind', '=', 'password_reset').where('recipient', '=', email).execute();
}

/** A client of the channel whose requests come from `address` (the test app trusts 127.0.0.1 as its proxy). */
function fromAddress(t: TestContext, address: string) {
  return t.as({ 'channel-key': t.channelKey, 'x-forwarded-for': address });
}

describeEachDatabase('password reset', (t) => {
  /** Asks for a reset link for the customer's email (202 expected) and answers the token mailed. */
  async function mailedResetToken(customer: { id: string; email: string }): Promise<string> {
    const asked = await t.storefront.post('/v1/customers/password_reset', { email: customer.email });
    expect(asked.status, asked.text).toBe(202);
    return queuedToken(t, customer.id, 'password_reset');
  }

  describe('asking for a link', () => {
    it('answers 202 to any email alike, and mails a one-hour link, stored as its hash, to an active customer only', async () => {
      const customer = await signedUpCustomer(t);
      const before = nowSeconds();
      const known = await t.storefront.post('/v1/customers/password_reset', { email: customer.email.toUpperCase() });
      const unknownEmail = newEmail();
      const unknown = await t.storefront.post('/v1/customers/password_reset', { email: unknownEmail });

      // The same answer either way, but for the email echoed as sent.
      expect(known.status, known.text).toBe(202);
      expect(unknown.status, unknown.text).toBe(202);
      expect(known.body).toEqual({ data: { email: customer.email.toUpperCase() } });
      expect(unknown.body).toEqual({ data: { email: unknownEmail } });
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());

      const [mail, ...more] = await resetMailsTo(t, customer.email);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ customer_id: customer.id, status: expect.stringMatching(/^(pending|not_sent|sent)$/) });
      const data = JSON.parse(mail!.data);
      const link = new URL(data.reset_url);
      expect(`${link.origin}${link.pathname}`).toBe(`${TEST_SHOP_URL}/account/reset`);
      const token = link.searchParams.get('token')!;
      expect(token).toMatch(/^cpr_[A-Za-z0-9_-]{32}$/);
      expect(data.expires_at).toBeGreaterThanOrEqual(before + 3600);
      expect(data.expires_at).toBeLessThanOrEqual(nowSeconds() + 3600);
      const rows = await t.db.selectFrom('password_resets').selectAll().where('customer_id', '=', customer.id).execute();
      expect(rows).toEqual([expect.objectContaining({ token_hash: sha256(token), expires_at: data.expires_at })]);
      expect(JSON.stringify(rows)).not.toContain(token);

      // Nothing for an email without an account, nor for a deactivated customer.
      expect(await resetMailsTo(t, unknownEmail)).toEqual([]);
      const inactive = await signedUpCustomer(t);
      expect((await t.admin.post(`/v1/customers/${inactive.id}`, { email: inactive.email, is_active: false })).status).toBe(200);
      expect((await t.storefront.post('/v1/customers/password_reset', { email: inactive.email })).status).toBe(202);
      expect(await resetMailsTo(t, inactive.email)).toEqual([]);

      // A storefront's own: staff reset nothing through it.
      expectProblem(await t.admin.post('/v1/customers/password_reset', { email: customer.email }), 403, 'forbidden');
      expectProblem(await t.anonymous.post('/v1/customers/password_reset', { email: customer.email }), 401, 'unauthorized');
    });
  });

  describe('with the mail switched off', () => {
    it('answers a reset request 202 and makes no link; refuses to send a verification (409) and makes no token', async () => {
      const customer = await signedUpCustomer(t);
      const off = (kind: string, is_enabled: boolean) => t.admin.post(`/v1/notifications/templates/${kind}`, { is_enabled });
      expect((await off('password_reset', false)).status).toBe(200);
      expect((await off('email_verification', false)).status).toBe(200);
      try {
        const asked = await t.storefront.post('/v1/customers/password_reset', { email: customer.email });
        expect(asked.status, asked.text).toBe(202);
        expect(asked.body).toEqual({ data: { email: customer.email } });
        expect(await resetMailsTo(t, customer.email)).toEqual([]);
        expect(await t.db.selectFrom('password_resets').selectAll().where('customer_id', '=', customer.id).execute()).toEqual([]);

        expectProblem(await t.admin.post(`/v1/customers/${customer.id}/verification`, {}), 409, 'invalid_state');
        expect(await t.db.selectFrom('customer_verifications').selectAll().where('customer_id', '=', customer.id).execute()).toEqual([]);
      } finally {
        await off('password_reset', true);
        await off('email_verification', true);
      }
    });
  });

  describe('setting the password', () => {
    it('sets the password with the mailed token, ends every session and uses the link up', async () => {
      const customer = await signedUpCustomer(t);
      const otherSession = customerClient(t, await signIn(t, customer.email, customer.password));
      const token = await mailedResetToken(customer);
      const password = strongPassword();

      const reset = await t.storefront.post('/v1/customers/password', { token, password });

      expect(reset.status, reset.text).toBe(200);
      expect(reset.body.data).toMatchObject({ id: customer.id, email: customer.email });
      for (const session of [customer.client, otherSession]) expectProblem(await session.get(`/v1/customers/${customer.id}`), 401, 'unauthorized');
      expectProblem(await t.storefront.post('/v1/customers/token', { email: customer.email, password: customer.password }), 401, 'unauthorized');
      const signedIn = customerClient(t, await signIn(t, customer.email, password));
      expect((await signedIn.get(`/v1/customers/${customer.id}`)).status).toBe(200);
      const updated = await eventsOf(t, customer.id, 'customer.updated');
      expect(updated[0].data.object).toMatchObject({ id: customer.id });
      expect(JSON.stringify(updated[0].data)).not.toContain(password);

      // Used up: a second use, with any password, is refused and changes nothing.
      const reused = await t.storefront.post('/v1/customers/password', { token, password: strongPassword() });
      expectInvalid(reused, 'token');
      expect(reused.body.errors[0]).toMatchObject({ field: 'token', code: 'invalid' });
      expect((await t.storefront.post('/v1/customers/token', { email: customer.email, password })).status).toBe(200);
      expect(await t.db.selectFrom('password_resets').selectAll().where('customer_id', '=', customer.id).execute()).toEqual([]);
    });

    it('lets the owner sign in at once after a reset, even from a client locked out by failed sign-ins', async () => {
      const customer = await signedUpCustomer(t);
      for (let i = 0; i < 5; i += 1) expectProblem(await t.storefront.post('/v1/customers/token', { email: customer.email, password: `wrong-${i}` }), 401, 'unauthorized');
      expectProblem(await t.storefront.post('/v1/customers/token', { email: customer.email, password: customer.password }), 429, 'rate_limited');
      const password = strongPassword();
      expect((await t.storefront.post('/v1/customers/password', { token: await mailedResetToken(customer), password })).status).toBe(200);
      expect((await t.storefront.post('/v1/customers/token', { email: customer.email, password })).status).toBe(200);
    });

    it('refuses a weak password beside the field and keeps the link usable', async () => {
      const customer = await signedUpCustomer(t);
      const token = await mailedResetToken(customer);
      const weak = await t.storefront.post('/v1/customers/password', { token, password: 'password1' });
      expectInvalid(weak, 'password');
      expect(weak.body.errors[0].code).toBe('too_weak');
      // Nothing changed: the old password and the session still work, and the link still does.
      expect((await customer.client.get(`/v1/customers/${customer.id}`)).status).toBe(200);
      expect((await t.storefront.post('/v1/customers/password', { token, password: strongPassword() })).status).toBe(200);
    });

    it('refuses an expired token, a token of an email the customer left, a deactivated customer, a verification token and a made-up one', async () => {
      const late = await signedUpCustomer(t);
      const expired = await mailedResetToken(late);
      await t.db.updateTable('password_resets').set({ expires_at: nowSeconds() - 1 }).where('customer_id', '=', late.id).execute();
      expectInvalid(await t.storefront.post('/v1/customers/password', { token: expired, password: strongPassword() }), 'token');
      expect((await late.client.get(`/v1/customers/${late.id}`)).status).toBe(200);

      // Mailed to the old address: whoever still reads that mailbox proves nothing about the account.
      const mover = await signedUpCustomer(t);
      const before = await mailedResetToken(mover);
      expect((await mover.client.post(`/v1/customers/${mover.id}`, { email: newEmail(), current_password: mover.password })).status).toBe(200);
      expectInvalid(await t.storefront.post('/v1/customers/password', { token: before, password: strongPassword() }), 'token');

      const deactivated = await signedUpCustomer(t);
      const beforeDeactivation = await mailedResetToken(deactivated);
      expect((await t.admin.post(`/v1/customers/${deactivated.id}`, { email: deactivated.email, is_active: false })).status).toBe(200);
      expectInvalid(await t.storefront.post('/v1/customers/password', { token: beforeDeactivation, password: strongPassword() }), 'token');

      // A customer's own password change cancels the links in its mailbox.
      const changer = await signedUpCustomer(t);
      const beforeChange = await mailedResetToken(changer);
      expect((await changer.client.post(`/v1/customers/${changer.id}`, { email: changer.email, password: strongPassword(), current_password: changer.password })).status).toBe(200);
      expectInvalid(await t.storefront.post('/v1/customers/password', { token: beforeChange, password: strongPassword() }), 'token');

      // One kind of token is no other.
      const verifying = await signedUpCustomer(t);
      expect((await t.admin.post(`/v1/customers/${verifying.id}/verification`, {})).status).toBe(202);
      const verification = await queuedToken(t, verifying.id, 'email_verification');
      expectInvalid(await t.storefront.post('/v1/customers/password', { token: verification, password: strongPassword() }), 'token');
      const resetToken = await mailedResetToken(verifying);
      expectInvalid(await t.storefront.post('/v1/customers/verify', { token: resetToken }), 'token');

      expectInvalid(await t.storefront.post('/v1/customers/password', { token: 'cpr_nothing-like-a-real-token-at-all', password: strongPassword() }), 'token');
      expectProblem(await t.admin.post('/v1/customers/password', { token: resetToken, password: strongPassword() }), 403, 'forbidden');
    });

    it("sets only the password of the customer the link was mailed to: an attacker's own link reaches no other account", async () => {
      const victim = await signedUpCustomer(t);
      const attacker = await signedUpCustomer(t);
      const token = await mailedResetToken(attacker);
      const password = strongPassword();
      // The body names no customer: whatever else is sent, the token decides whose password it is.
      const res = await t.storefront.post('/v1/customers/password', { token, password, email: victim.email, id: victim.id });
      expectProblem(res, 400, 'invalid_request');
      expect((await t.storefront.post('/v1/customers/password', { token, password })).body.data.id).toBe(attacker.id);
      expectProblem(await t.storefront.post('/v1/customers/token', { email: victim.email, password }), 401, 'unauthorized');
      expect((await victim.client.get(`/v1/customers/${victim.id}`)).status).toBe(200);
    });

    it('lets only one of two simultaneous uses of a link set a password', async () => {
      const customer = await signedUpCustomer(t);
      const token = await mailedResetToken(customer);
      const passwords = [strongPassword(), strongPassword()];
      const answers = await Promise.all(passwords.map((password) => t.storefront.post('/v1/customers/password', { token, password })));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 422]);
      const winner = passwords[answers.findIndex((res) => res.status === 200)]!;
      expect((await t.storefront.post('/v1/customers/token', { email: customer.email, password: winner })).status).toBe(200);
    });
  });
});

describeEachDatabase('password reset limits', (t) => {
  it('refuses a fourth request for one email from one client within the hour, whether or not the email has an account', async () => {
    const customer = await signedUpCustomer(t);
    for (const [email, address] of [[customer.email, '203.0.113.1'], [newEmail(), '203.0.113.2']] as const) {
      const client = fromAddress(t, address);
      for (let i = 0; i < 3; i += 1) expect((await client.post('/v1/customers/password_reset', { email })).status).toBe(202);
      const refused = await client.post('/v1/customers/password_reset', { email });
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect(await resetMailsTo(t, customer.email)).toHaveLength(3);
    // Another client may still ask for its own email.
    expect((await fromAddress(t, '198.51.100.7').post('/v1/customers/password_reset', { email: customer.email })).status).toBe(202);
  });

  it('mails one email at most 3 links an hour (the account mail cap), however many clients ask, and answers them all alike', async () => {
    const customer = await signedUpCustomer(t);
    for (let i = 1; i <= 8; i += 1) {
      const res = await fromAddress(t, `192.0.2.${i}`).post('/v1/customers/password_reset', { email: customer.email });
      expect(res.status, res.text).toBe(202);
      expect(res.body).toEqual({ data: { email: customer.email } });
    }
    expect(await resetMailsTo(t, customer.email)).toHaveLength(3);
    // The last link mailed works.
    const token = await queuedToken(t, customer.id, 'password_reset');
    expect((await t.storefront.post('/v1/customers/password', { token, password: strongPassword() })).status).toBe(200);
  });
}, { trustProxy: ['127.0.0.1'] });
