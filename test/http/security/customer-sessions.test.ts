import { expect, it } from 'vitest';
import { customerClient, newEmail, signedUpCustomer, signIn, strongPassword } from '../../helpers/customers.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// Rule 4 of the security review: sessions end when the password changes; the sign-in email changes
// only with the current password. Another process refuses the revoked tokens too: see
// test/http/customers/customer-tokens-across-processes.test.ts.
describeEachDatabase('customer sessions after a password or email change', (t) => {
  it("revokes every other token of a customer who changes its password, and keeps the one it used", async () => {
    const customer = await signedUpCustomer(t);
    const otherDevice = customerClient(t, await signIn(t, customer.email, customer.password));
    const me = `/v1/customers/${customer.id}`;
    expect((await otherDevice.get(me)).status).toBe(200);

    const newPassword = strongPassword();
    const changed = await customer.client.post(me, { email: customer.email, password: newPassword, current_password: customer.password });
    expect(changed.status, changed.text).toBe(200);

    expectProblem(await otherDevice.get(me), 401, 'unauthorized');
    expectProblem(await otherDevice.get('/v1/orders'), 401, 'unauthorized');
    expect((await customer.client.get(me)).status).toBe(200);
    const tokens = await t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', customer.id).execute();
    expect(tokens).toHaveLength(1);
    // The old password no longer signs in; the new one does.
    expectProblem(await t.storefront.post('/v1/customers/token', { email: customer.email, password: customer.password }), 401, 'unauthorized');
    await signIn(t, customer.email, newPassword);
  });

  it('revokes every token of a customer whose password staff set', async () => {
    const customer = await signedUpCustomer(t);
    const otherDevice = customerClient(t, await signIn(t, customer.email, customer.password));
    const me = `/v1/customers/${customer.id}`;

    const set = await t.admin.post(me, { email: customer.email, password: strongPassword() });
    expect(set.status, set.text).toBe(200);

    expectProblem(await customer.client.get(me), 401, 'unauthorized');
    expectProblem(await otherDevice.get(me), 401, 'unauthorized');
    expect(await t.db.selectFrom('customer_tokens').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
  });

  it('keeps the tokens of a customer changed in any other way', async () => {
    const customer = await signedUpCustomer(t);
    const me = `/v1/customers/${customer.id}`;
    expect((await t.admin.post(me, { email: customer.email, first_name: 'Renamed', notes: 'staff note' })).status).toBe(200);
    expect((await customer.client.post(me, { email: customer.email, last_name: 'Also' })).status).toBe(200);
    expect((await customer.client.get(me)).status).toBe(200);
  });

  it('changes the sign-in email with a customer token only with the current password (422 naming current_password)', async () => {
    const customer = await signedUpCustomer(t);
    const me = `/v1/customers/${customer.id}`;
    const email = newEmail();

    const without = await customer.client.post(me, { email });
    expectInvalid(without, 'current_password');
    expectInvalid(await customer.client.post(me, { email, current_password: 'not the password at all' }), 'current_password');
    const row = await t.db.selectFrom('customers').select('email').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(customer.email);

    const moved = await customer.client.post(me, { email, current_password: customer.password });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.email).toBe(email);
    await signIn(t, email, customer.password);
    // Staff change a customer's email without any password.
    expect((await t.admin.post(me, { email: newEmail() })).status).toBe(200);
  });
});
