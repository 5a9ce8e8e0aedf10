import { expect, it } from 'vitest';
import { ADDRESS, CARDS, eventsOf, pay, placedOrder, readyCheckout } from '../../helpers/checkout.js';
import { signedUpCustomer, verifyEmail } from '../../helpers/customers.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

type Buyer = Awaited<ReturnType<typeof signedUpCustomer>>;

/** An order the signed-in buyer places, shipped to `address`. */
async function orderShippedTo(t: TestContext, buyer: Buyer, address: Record<string, string>) {
  const ready = await readyCheckout(t, { client: buyer.client, customer: { email: buyer.email }, until: 'data' });
  expect((await buyer.client.put(`/v1/checkouts/${ready.orderId}`, { shipping: address })).status).toBe(200);
  const methods = await buyer.client.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: ready.rateId }, payment: { gateway: ready.gatewayId } });
  expect(methods.status, methods.text).toBe(200);
  const paid = await pay(t, ready.orderId, CARDS.good, undefined, buyer.client);
  expect(paid.status, paid.text).toBe(200);
}

async function addressBook(t: TestContext, id: string): Promise<Array<Record<string, unknown>>> {
  return (await t.admin.get(`/v1/customers/${id}`)).body.data.addresses;
}

describeEachDatabase('a customer keeps the address their order ships to', (t) => {
  it('adds the address of a signed-in buyer\'s order to their book, primary as their first, once however it is typed', async () => {
    const buyer = await signedUpCustomer(t);
    expect(await addressBook(t, buyer.id)).toEqual([]);

    await orderShippedTo(t, buyer, ADDRESS);
    expect(await addressBook(t, buyer.id)).toEqual([expect.objectContaining({ ...ADDRESS, state: 'New York', is_primary: true })]);
    const updates = (await eventsOf(t, buyer.id, 'customer.updated')).length;
    expect(updates).toBeGreaterThanOrEqual(1);

    // The same address again, in capitals: still one, and the customer is not changed.
    await orderShippedTo(t, buyer, { ...ADDRESS, address1: ADDRESS.address1.toUpperCase() });
    expect(await addressBook(t, buyer.id)).toHaveLength(1);
    expect(await eventsOf(t, buyer.id, 'customer.updated')).toHaveLength(updates);

    // Another address joins the book, not primary.
    await orderShippedTo(t, buyer, { ...ADDRESS, address1: '2 Side Street' });
    const book = await addressBook(t, buyer.id);
    expect(book.map((address) => [address.address1, address.is_primary]).sort()).toEqual([['1 Main Street', true], ['2 Side Street', false]]);
  });

  it('keeps a guest\'s address on the guest staff see, but never writes to an account from a checkout it did not sign in to', async () => {
    const { email } = await placedOrder(t);
    const guest = (await t.admin.get(`/v1/customers?q=${encodeURIComponent(email)}`)).body.data[0];
    expect(guest.email).toBe(email);
    expect(await addressBook(t, guest.id)).toEqual([expect.objectContaining({ address1: ADDRESS.address1, is_primary: true })]);

    // Anyone may type a verified account's email: the order is the account's, its book is not theirs to write.
    const account = await signedUpCustomer(t);
    await verifyEmail(t, account.id);
    const stranger = await readyCheckout(t, { customer: { email: account.email }, until: 'data' });
    expect((await t.storefront.put(`/v1/checkouts/${stranger.orderId}`, { shipping: { ...ADDRESS, address1: '9 Stranger Road' } })).status).toBe(200);
    expect((await t.storefront.post(`/v1/checkouts/${stranger.orderId}/methods`, { shipping: { method: stranger.rateId }, payment: { gateway: stranger.gatewayId } })).status).toBe(200);
    expect((await pay(t, stranger.orderId)).status).toBe(200);
    expect((await t.admin.get(`/v1/orders/${stranger.orderId}`)).body.data.customer_id).toBe(account.id);
    expect(await addressBook(t, account.id)).toEqual([]);
  });
});
