import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADDRESS, eventsOf, orderRow, placedOrder } from '../../helpers/checkout.js';
import { customerClient, newEmail, queuedToken, signedUpCustomer, signIn, strongPassword, verifyEmail } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// Rule 1 of the security review: guest orders join an account only once it has proven its email.
describeEachDatabase('guest orders and account takeover', (t) => {
  async function orderIdsOf(client: Client): Promise<string[]> {
    const res = await client.get('/v1/orders?per_page=250');
    expect(res.status, res.text).toBe(200);
    return res.body.data.map((order: { id: string }) => order.id);
  }

  /** Staff send the verification mail; the token is read from the link in the message queued. */
  async function issueVerification(customerId: string): Promise<{ token: string; expires_at: number }> {
    const res = await t.admin.post(`/v1/customers/${customerId}/verification`, {});
    expect(res.status, res.text).toBe(202);
    return { token: await queuedToken(t, customerId, 'email_verification'), expires_at: res.body.data.expires_at };
  }

  function customerRow(id: string) {
    return t.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  }

  describe('the attack', () => {
    it("gives a stranger who signs up with a guest buyer's email none of the guest's orders, addresses or data", async () => {
      const email = newEmail();
      const victim = await placedOrder(t, { customer: { email, first_name: 'Victima', last_name: 'Compradora' } });
      const guestId = (await orderRow(t, victim.orderId)).customer_id!;
      expect(guestId).toMatch(/^cus_/);
      // Staff kept a note, a tag and an address on the guest.
      expect((await t.admin.post(`/v1/customers/${guestId}`, { email, notes: 'leave at the side door', tags: ['regular'] })).status).toBe(200);
      const saved = await t.admin.post(`/v1/customers/${guestId}/addresses`, { ...ADDRESS, address1: '9 Hidden Road', phone: '+1 555 0199' });
      expect(saved.status, saved.text).toBe(201);

      const password = strongPassword();
      const signUp = await t.storefront.post('/v1/customers', { email, password });
      expect(signUp.status, signUp.text).toBe(201);
      const account = signUp.body.data;
      expect(account).toMatchObject({
        email, name: null, first_name: null, last_name: null, notes: null, tags: [], addresses: [], default_address: null, is_verified: false,
      });
      expect(account.id).not.toBe(guestId);

      const attacker = customerClient(t, await signIn(t, email, password));
      expect(await orderIdsOf(attacker)).toEqual([]);
      expectProblem(await attacker.get(`/v1/orders/${victim.orderId}`), 404, 'not_found');
      expectProblem(await attacker.get(`/v1/customers/${guestId}`), 404, 'not_found');
      const me = await attacker.get(`/v1/customers/${account.id}`);
      expect(me.status, me.text).toBe(200);
      for (const secret of ['Victima', 'Compradora', '9 Hidden Road', '0199', 'side door', 'regular']) expect(me.text).not.toContain(secret);
      const addresses = await attacker.get(`/v1/customers/${account.id}/addresses`);
      expect(addresses.body.data).toEqual([]);

      // The guest's order keeps its buyer's email and belongs to nobody; the guest record is retired.
      expect(await orderRow(t, victim.orderId)).toMatchObject({ customer_id: null, email });
      expect(await customerRow(guestId)).toBeUndefined();
      const retired = await eventsOf(t, guestId, 'customer.deleted');
      expect(retired).toHaveLength(1);
      expect(retired[0].data.object).toMatchObject({ id: guestId, notes: 'leave at the side door' });
      expect(await eventsOf(t, account.id, 'customer.created')).toHaveLength(1);
      // Staff still find the order by its email, no longer by the retired guest's id.
      const found = await t.admin.get(`/v1/orders?q=${guestId}`);
      expect(found.body.data).toEqual([]);
    });

    it('keeps an order placed with the email of an account that has not proven it a guest order', async () => {
      const attacker = await signedUpCustomer(t);
      const victim = await placedOrder(t, { customer: { email: attacker.email.toUpperCase() } });

      expect(await orderRow(t, victim.orderId)).toMatchObject({ customer_id: null });
      expect(await orderIdsOf(attacker.client)).toEqual([]);
      expectProblem(await attacker.client.get(`/v1/orders/${victim.orderId}`), 404, 'not_found');
    });

    it("gives a stranger who asks for its own verification no token: the link goes only to the guest buyer's mailbox", async () => {
      const email = newEmail();
      const victim = await placedOrder(t, { customer: { email } });
      const attacker = await signedUpCustomer(t, { email });

      const asked = await attacker.client.post(`/v1/customers/${attacker.id}/verification`, {});

      // The answer says where the link went, never what it is: only the owner of the mailbox can redeem it.
      expect(asked.status, asked.text).toBe(202);
      expect(Object.keys(asked.body.data).sort()).toEqual(['email', 'expires_at']);
      expect(asked.text).not.toMatch(/cvt_/);
      const mails = await t.db.selectFrom('notifications').selectAll().where('customer_id', '=', attacker.id).where('kind', '=', 'email_verification').execute();
      expect(mails.map((mail) => mail.recipient)).toEqual([email]);
      // Staff sending it get no token either.
      const bystaff = await t.admin.post(`/v1/customers/${attacker.id}/verification`, {});
      expect(bystaff.status, bystaff.text).toBe(202);
      expect(bystaff.text).not.toMatch(/cvt_/);
      expect((await customerRow(attacker.id))!.is_verified).toBe(0);
      expect(await orderIdsOf(attacker.client)).toEqual([]);
      expect(await orderRow(t, victim.orderId)).toMatchObject({ customer_id: null });
    });

    it('takes the proof away from an account that changes its email, and attaches no order of the new email', async () => {
      const victimEmail = newEmail();
      const earlier = await placedOrder(t, { customer: { email: victimEmail } });
      // Staff delete the guest record: its order stays with the email, linked to nobody.
      expect((await t.admin.delete(`/v1/customers/${(await orderRow(t, earlier.orderId)).customer_id}`)).status).toBe(204);
      const attacker = await signedUpCustomer(t);
      await verifyEmail(t, attacker.id);
      expect((await customerRow(attacker.id))!.is_verified).toBe(1);

      const moved = await attacker.client.post(`/v1/customers/${attacker.id}`, { email: victimEmail, current_password: attacker.password });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data).toMatchObject({ email: victimEmail, is_verified: false });

      const later = await placedOrder(t, { customer: { email: victimEmail } });
      expect(await orderIdsOf(attacker.client)).toEqual([]);
      expect(await orderRow(t, earlier.orderId)).toMatchObject({ customer_id: null });
      expect(await orderRow(t, later.orderId)).toMatchObject({ customer_id: null });

      // Staff changing an account's email takes the proof away too.
      const other = await signedUpCustomer(t);
      await verifyEmail(t, other.id);
      const byStaff = await t.admin.post(`/v1/customers/${other.id}`, { email: newEmail() });
      expect(byStaff.body.data.is_verified).toBe(false);
      // A change of case only is the same email: the proof stays.
      const sameEmail = await signedUpCustomer(t);
      await verifyEmail(t, sameEmail.id);
      const recased = await sameEmail.client.post(`/v1/customers/${sameEmail.id}`, { email: sameEmail.email.toUpperCase() });
      expect(recased.status, recased.text).toBe(200);
      expect(recased.body.data.is_verified).toBe(true);
    });
  });

  describe('verification', () => {
    it('mails a single-use token, stored as its hash, valid for 48 hours, at the request of staff or the customer itself', async () => {
      const customer = await signedUpCustomer(t);
      const other = await signedUpCustomer(t);
      expectProblem(await t.storefront.post(`/v1/customers/${customer.id}/verification`, {}), 403, 'forbidden');
      expectProblem(await other.client.post(`/v1/customers/${customer.id}/verification`, {}), 404, 'not_found');
      expectProblem(await t.admin.post('/v1/customers/cus_00000000000000000000000000/verification', {}), 404, 'not_found');

      const before = nowSeconds();
      const sent = await customer.client.post(`/v1/customers/${customer.id}/verification`, {});
      expect(sent.status, sent.text).toBe(202);
      expect(sent.body.data).toEqual({ email: customer.email, expires_at: expect.any(Number) });
      expect(sent.text).not.toContain('cvt_');
      expect(sent.body.data.expires_at).toBeGreaterThanOrEqual(before + 48 * 3600);
      expect(sent.body.data.expires_at).toBeLessThanOrEqual(nowSeconds() + 48 * 3600);
      const token = await queuedToken(t, customer.id, 'email_verification');
      expect(token).toMatch(/^cvt_[A-Za-z0-9_-]{32}$/);
      const rows = await t.db.selectFrom('customer_verifications').selectAll().where('customer_id', '=', customer.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).toBe(sha256(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('verifies the email and joins the guest orders placed with it, in any case and with or without a token', async () => {
      const email = newEmail();
      const asGuest = await placedOrder(t, { customer: { email: email.toUpperCase() } });
      const sameCase = await placedOrder(t, { customer: { email } });
      const unrelated = await placedOrder(t, { customer: { email: newEmail() } });
      const owner = await signedUpCustomer(t, { email });
      // Signed in as someone else, a buyer typed this email: that order is the other customer's.
      const someoneElse = await signedUpCustomer(t);
      const theirs = await placedOrder(t, { client: someoneElse.client, customer: { email } });
      expect(await orderIdsOf(owner.client)).toEqual([]);

      const { token } = await issueVerification(owner.id);
      const redeemed = await t.storefront.post('/v1/customers/verify', { token });

      expect(redeemed.status, redeemed.text).toBe(200);
      expect(redeemed.body.data).toMatchObject({ id: owner.id, email, is_verified: true });
      expect((await orderIdsOf(owner.client)).sort()).toEqual([asGuest.orderId, sameCase.orderId].sort());
      expect((await orderRow(t, unrelated.orderId)).customer_id).not.toBe(owner.id);
      expect((await orderRow(t, theirs.orderId)).customer_id).toBe(someoneElse.id);
      const updated = await eventsOf(t, owner.id, 'customer.updated');
      expect(updated[0].data.object).toMatchObject({ id: owner.id, is_verified: true });
      // Staff find the joined orders by the customer's id.
      const found = await t.admin.get(`/v1/orders?q=${owner.id}`);
      expect(found.body.data.map((o: { id: string }) => o.id).sort()).toEqual([asGuest.orderId, sameCase.orderId].sort());

      // From now on an anonymous checkout with the email is the account's (a verified account, as Shopify does).
      const next = await placedOrder(t, { customer: { email } });
      expect((await orderRow(t, next.orderId)).customer_id).toBe(owner.id);
      expect(await orderIdsOf(owner.client)).toContain(next.orderId);

      // Redeeming with the customer's own token works as well.
      const second = await signedUpCustomer(t);
      const { token: secondToken } = await issueVerification(second.id);
      const withToken = await second.client.post('/v1/customers/verify', { token: secondToken });
      expect(withToken.status, withToken.text).toBe(200);
      expect(withToken.body.data.is_verified).toBe(true);
    });

    it('refuses a used, expired, unknown or outdated token (422 on token) and changes nothing', async () => {
      const customer = await signedUpCustomer(t);
      const { token } = await issueVerification(customer.id);
      expect((await t.storefront.post('/v1/customers/verify', { token })).status).toBe(200);
      const reused = await t.storefront.post('/v1/customers/verify', { token });
      expectInvalid(reused, 'token');
      expect(reused.body.errors[0]).toMatchObject({ field: 'token', code: 'invalid' });

      const late = await signedUpCustomer(t);
      const expired = await issueVerification(late.id);
      await t.db.updateTable('customer_verifications').set({ expires_at: nowSeconds() - 1 }).where('customer_id', '=', late.id).execute();
      expectInvalid(await t.storefront.post('/v1/customers/verify', { token: expired.token }), 'token');
      expect((await customerRow(late.id))!.is_verified).toBe(0);

      expectInvalid(await t.storefront.post('/v1/customers/verify', { token: 'cvt_nothing-like-a-real-token-at-all' }), 'token');
      expectProblem(await t.admin.post('/v1/customers/verify', { token }), 403, 'forbidden');

      // A token proves the email it was issued for, not one the customer moved to since.
      const mover = await signedUpCustomer(t);
      const issuedBefore = await issueVerification(mover.id);
      const moved = await mover.client.post(`/v1/customers/${mover.id}`, { email: newEmail(), current_password: mover.password });
      expect(moved.status, moved.text).toBe(200);
      expectInvalid(await t.storefront.post('/v1/customers/verify', { token: issuedBefore.token }), 'token');
      expect((await customerRow(mover.id))!.is_verified).toBe(0);
    });
  });

  describe('staff attach an order', () => {
    it('attaches an order to a customer with POST /v1/orders/{id} customer_id, and detaches it with null', async () => {
      const customer = await signedUpCustomer(t);
      const order = await placedOrder(t, { customer: { email: newEmail() } });

      const attached = await t.admin.post(`/v1/orders/${order.orderId}`, { customer_id: customer.id });
      expect(attached.status, attached.text).toBe(200);
      expect(attached.body.data).toMatchObject({ customer_id: customer.id, customer: { id: customer.id } });
      expect(await orderIdsOf(customer.client)).toEqual([order.orderId]);
      expect((await t.admin.get(`/v1/orders?q=${customer.id}`)).body.data.map((o: { id: string }) => o.id)).toEqual([order.orderId]);

      const detached = await t.admin.post(`/v1/orders/${order.orderId}`, { customer_id: null });
      expect(detached.status, detached.text).toBe(200);
      expect(detached.body.data).toMatchObject({ customer_id: null, customer: null });
      expect(await orderIdsOf(customer.client)).toEqual([]);
      expect((await t.admin.get(`/v1/orders?q=${customer.id}`)).body.data).toEqual([]);
    });

    it('refuses an unknown customer (422 on customer_id) and a storefront caller', async () => {
      const order = await placedOrder(t, { customer: { email: newEmail() } });
      const before = await orderRow(t, order.orderId);

      expectInvalid(await t.admin.post(`/v1/orders/${order.orderId}`, { customer_id: 'cus_00000000000000000000000000' }), 'customer_id');
      const customer = await signedUpCustomer(t);
      expectProblem(await customer.client.post(`/v1/orders/${order.orderId}`, { customer_id: customer.id }), 403, 'forbidden');
      expect(await orderRow(t, order.orderId)).toEqual(before);
    });
  });
});
