import { expect, it } from 'vitest';
import { ADDRESS, makeSku, orderRow, readyCheckout } from '../../helpers/checkout.js';
import { newEmail, signedUpCustomer, verifyEmail } from '../../helpers/customers.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

/** What a stored customer holds that no anonymous buyer may read. */
const STORED = {
  first_name: 'Storedfirst',
  last_name: 'Storedlast',
  notes: 'calls before noon',
  tags: ['wholesale'],
  addresses: [{ ...ADDRESS, first_name: 'Storedfirst', address1: '12 Quiet Mews', phone: '+1 555 0142' }],
};
const SECRETS = ['Storedfirst', 'Storedlast', 'before noon', 'wholesale', '12 Quiet Mews', '0142'];

// Rule 5 of the security review: an anonymous checkout shows what the buyer sent, never a stored customer.
describeEachDatabase('checkout privacy', (t) => {
  async function expectOnlyWhatWasSent(text: string, body: any, email: string, customerId: string): Promise<void> {
    expect(body.data.customer).toMatchObject({
      id: null, object: 'customer', email, first_name: 'Sent', last_name: 'Buyer', name: 'Sent Buyer',
      notes: null, tags: [], addresses: [], default_address: null,
    });
    expect(body.data.customer_id).toBeNull();
    expect(text).not.toContain(customerId);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  }

  for (const [who, make] of [
    ['a customer made by staff', async (email: string) => (await t.admin.post('/v1/customers', { email, ...STORED })).body.data.id as string],
    ['a verified account', async (email: string) => {
      const { id } = await signedUpCustomer(t, { email, first_name: STORED.first_name, last_name: STORED.last_name, addresses: STORED.addresses });
      await t.admin.post(`/v1/customers/${id}`, { email, notes: STORED.notes, tags: STORED.tags });
      await verifyEmail(t, id);
      return id;
    }],
  ] as const) {
    it(`shows an anonymous checkout with the email of ${who} only what the buyer sent (PUT, GET and create)`, async () => {
      const email = newEmail();
      const customerId = await make(email);
      expect(customerId).toMatch(/^cus_/);
      const sent = { email: email.toUpperCase(), first_name: 'Sent', last_name: 'Buyer' };
      const ready = await readyCheckout(t, { until: 'checkout' });

      const put = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { customer: sent, shipping: ADDRESS });
      expect(put.status, put.text).toBe(200);
      await expectOnlyWhatWasSent(put.text, put.body, sent.email, customerId);
      const got = await t.storefront.get(`/v1/checkouts/${ready.orderId}`);
      expect(got.status, got.text).toBe(200);
      await expectOnlyWhatWasSent(got.text, got.body, sent.email, customerId);
      expect(got.body).toEqual(put.body);

      const sku = await makeSku(t);
      const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } });
      const created = await t.storefront.post(`/v1/carts/${cart.body.data.id}/checkout`, { customer: sent });
      expect(created.status, created.text).toBe(200);
      await expectOnlyWhatWasSent(created.text, created.body, sent.email, customerId);
    });
  }

  it('still links the order of an anonymous checkout to the verified account, and shows that customer its own record', async () => {
    const email = newEmail();
    const account = await signedUpCustomer(t, { email, first_name: STORED.first_name });
    await verifyEmail(t, account.id);
    const ready = await readyCheckout(t, { until: 'checkout' });

    const put = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { customer: { email, first_name: 'Sent', last_name: 'Buyer' } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data.customer.id).toBeNull();
    expect((await orderRow(t, ready.orderId)).customer_id).toBe(account.id);

    // The account's owner, signed in, reads the checkout with its own record.
    const own = await account.client.get(`/v1/checkouts/${ready.orderId}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.data).toMatchObject({ customer_id: account.id, customer: { id: account.id, first_name: STORED.first_name } });
  });

  it('shows no customer before the buyer sent one', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });
    expect(ready.checkout.data).toMatchObject({ customer: null, customer_id: null, email: null });
  });
});
