import { expect, it } from 'vitest';
import {
  ADDRESS, CARDS, eventsOf, makeGateway, makeRate, makeSku, orderRow, pay, payWith, readyCheckout, stockOf, transactionRows,
} from '../../helpers/checkout.js';
import { newEmail, signedUpCustomer } from '../../helpers/customers.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

const UNKNOWN_CUSTOMER = 'cus_00000000000000000000000000';
const UNKNOWN_CHANNEL = 'chn_00000000000000000000000000';

describeEachDatabase('staff orders', (t) => {
  async function newChannel(): Promise<{ id: string; client: Client }> {
    const channel = await t.admin.post('/v1/channels', { name: `Phone ${uniqueWord()}` });
    expect(channel.status, channel.text).toBe(201);
    const key = await t.admin.post(`/v1/channels/${channel.body.data.id}/keys`);
    expect(key.status, key.text).toBe(201);
    return { id: channel.body.data.id, client: t.as({ 'channel-key': key.body.data.token }) };
  }

  async function readOnlyClient(): Promise<Client> {
    const key = await t.admin.post('/v1/api_keys', { name: `Reader ${uniqueWord()}`, read_only: true });
    expect(key.status, key.text).toBe(201);
    return t.as({ authorization: `Bearer ${key.body.data.token}` });
  }

  function cartRow(id: string) {
    return t.db.selectFrom('carts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function cartCount(): Promise<number> {
    return (await t.db.selectFrom('carts').select('id').execute()).length;
  }

  it('takes a whole phone order for a customer on a channel: pay later with the manual gateway, then mark it paid', async () => {
    const channel = await newChannel();
    const customer = await signedUpCustomer(t, { first_name: 'Ada', last_name: 'Lovelace' });
    const saved = await t.admin.post(`/v1/customers/${customer.id}/addresses`, ADDRESS);
    expect(saved.status, saved.text).toBe(201);
    const lamp = await makeSku(t, { price: 2500, stock: 4 });
    const rateId = await makeRate(t, 600);
    const gateway = await makeGateway(t, 'manual');

    // Staff make the cart on the phone channel for the customer; the source is theirs, whatever is sent.
    const cart = await t.admin.post('/v1/carts', { channel_id: channel.id, customer_id: customer.id, items: { [lamp.id]: 2 }, source_name: 'web' });
    expect(cart.status, cart.text).toBe(201);
    expect(cart.body.data).toMatchObject({ customer_id: customer.id, source_name: 'admin', total_price: 5000 });
    expect(await cartRow(cart.body.data.id)).toMatchObject({ channel_id: channel.id, customer_id: customer.id, source_name: 'admin' });

    // The checkout knows the buyer: the customer's email and names, shown to staff with its id.
    const checkout = await t.admin.post(`/v1/carts/${cart.body.data.id}/checkout`, {});
    expect(checkout.status, checkout.text).toBe(200);
    const id = checkout.body.data.id;
    expect(checkout.body.data).toMatchObject({ customer_id: customer.id, email: customer.email, source_name: 'admin' });
    expect(checkout.body.data.customer).toMatchObject({ id: customer.id, email: customer.email, first_name: 'Ada' });

    // Shipping to the customer's saved address (billing the same), then the methods.
    const data = await t.admin.put(`/v1/checkouts/${id}`, { shipping: { id: saved.body.data.id } });
    expect(data.status, data.text).toBe(200);
    expect(data.body.data.shipping).toMatchObject({ first_name: ADDRESS.first_name, address: { country_code: ADDRESS.country_code } });
    expect(data.body.data.billing).toEqual(data.body.data.shipping);
    const methods = await t.admin.post(`/v1/checkouts/${id}/methods`, { shipping: { method: rateId }, payment: { gateway: gateway.id } });
    expect(methods.status, methods.text).toBe(200);
    expect(methods.body.data).toMatchObject({ shipping_rate: 600, total_price: 5600 });

    // Pay later: placed, numbered, stock taken, awaiting the money.
    const placed = await payWith(t, id, { method: 'transfer' }, t.admin);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.data).toMatchObject({ status: 'placed', financial_status: 'pending', source_name: 'admin', customer_id: customer.id });
    expect(placed.body.data.number).toMatch(/^#\d+$/);
    expect(await stockOf(t, lamp.id)).toBe(2);
    expect(await orderRow(t, id)).toMatchObject({ channel_id: channel.id, customer_id: customer.id, source_name: 'admin', financial_status: 'pending' });
    expect((await eventsOf(t, id, 'order.placed')).length).toBe(1);
    expect(await eventsOf(t, id, 'order.paid')).toEqual([]);

    // The money arrives: staff record it with a capture.
    const capture = await t.admin.post(`/v1/orders/${id}/transactions`, { kind: 'capture' });
    expect(capture.status, capture.text).toBe(201);
    expect(capture.body.data).toMatchObject({ kind: 'capture', status: 'succeeded', amount: 5600 });
    expect((await t.admin.get(`/v1/orders/${id}`)).body.data).toMatchObject({ financial_status: 'paid', source_name: 'admin' });
    expect((await eventsOf(t, id, 'order.paid')).length).toBe(1);

    // The customer finds the order among its own.
    const mine = await customer.client.get('/v1/orders');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.map((o: { id: string }) => o.id)).toContain(id);
  });

  it('marks a manual payment received at payment: placed paid with one succeeded charge, on the first channel by default', async () => {
    const email = newEmail();
    const ready = await readyCheckout(t, { client: t.admin, gateway: { driver: 'manual' }, customer: { email }, items: [{ price: 1200, stock: 3 }] });
    expect(await cartRow(ready.cartId)).toMatchObject({ channel_id: t.channelId, customer_id: null, source_name: 'admin' });

    const paid = await payWith(t, ready.orderId, { method: 'cash', mark_paid: true }, t.admin);

    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid', source_name: 'admin', email });
    expect(await stockOf(t, ready.skus[0]!.id)).toBe(2);
    const rows = await transactionRows(t, ready.orderId);
    expect(rows.map((row) => [row.kind, row.status, row.amount, row.parent_id])).toEqual([['charge', 'succeeded', paid.body.data.total_price, null]]);
    expect((await eventsOf(t, ready.orderId, 'order.placed')).length).toBe(1);
    expect((await eventsOf(t, ready.orderId, 'order.paid')).length).toBe(1);
    // The guest made from the email owns it, as for any guest checkout.
    const guest = await t.db.selectFrom('customers').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow();
    expect((await orderRow(t, ready.orderId)).customer_id).toBe(guest.id);
    // Its money can be given back like any other.
    const refund = await t.admin.post(`/v1/orders/${ready.orderId}/transactions`, { kind: 'refund' });
    expect(refund.status, refund.text).toBe(201);
    expect((await orderRow(t, ready.orderId)).financial_status).toBe('refunded');
  });

  it('refuses mark_paid with a gateway that charges itself, leaving the order payable', async () => {
    const ready = await readyCheckout(t, { client: t.admin });

    const refused = await payWith(t, ready.orderId, { method: 'card', card_number: CARDS.good, mark_paid: true }, t.admin);

    expectInvalid(refused, 'payment[mark_paid]');
    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', payment_claimed_at: null });
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    const paid = await pay(t, ready.orderId, CARDS.good, undefined, t.admin);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ financial_status: 'paid', source_name: 'admin' });
  });

  it('refuses a storefront that declares its own payment received (mark_paid): nothing placed', async () => {
    const ready = await readyCheckout(t, { gateway: { driver: 'manual' } });

    expectProblem(await payWith(t, ready.orderId, { method: 'transfer', mark_paid: true }), 403, 'forbidden');

    expect(await orderRow(t, ready.orderId)).toMatchObject({ status: 'created', financial_status: 'unpaid', number: null });
    expect(await transactionRows(t, ready.orderId)).toEqual([]);
    // Paid the storefront's way it waits for the money.
    const placed = await payWith(t, ready.orderId, { method: 'transfer' });
    expect(placed.body.data).toMatchObject({ financial_status: 'pending' });
    expect(placed.body.data.source_name).not.toBe('admin');
  });

  it('refuses a channel key that names a customer or a channel, on create and on change', async () => {
    const victim = await signedUpCustomer(t);
    const other = await newChannel();
    const sku = await makeSku(t);
    const carts = await cartCount();

    expectProblem(await t.storefront.post('/v1/carts', { customer_id: victim.id, items: { [sku.id]: 1 } }), 403, 'forbidden');
    expectProblem(await t.storefront.post('/v1/carts', { channel_id: other.id }), 403, 'forbidden');
    expect(await cartCount()).toBe(carts);

    const mine = (await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } })).body.data;
    expectProblem(await t.storefront.put(`/v1/carts/${mine.id}`, { customer_id: victim.id }), 403, 'forbidden');
    expect(await cartRow(mine.id)).toMatchObject({ customer_id: null, channel_id: t.channelId });
    // The victim's orders gain nothing from the storefront's checkout.
    const checkout = await t.storefront.post(`/v1/carts/${mine.id}/checkout`, { customer: { email: newEmail() } });
    expect(checkout.body.data.customer_id).toBeNull();
    expect((await orderRow(t, checkout.body.data.id)).customer_id).not.toBe(victim.id);
  });

  it("refuses a customer token that sends another customer's id", async () => {
    const me = await signedUpCustomer(t);
    const victim = await signedUpCustomer(t);
    const carts = await cartCount();

    expectProblem(await me.client.post('/v1/carts', { customer_id: victim.id }), 403, 'forbidden');
    expect(await cartCount()).toBe(carts);
    const mine = (await me.client.post('/v1/carts', {})).body.data;
    expectProblem(await me.client.put(`/v1/carts/${mine.id}`, { customer_id: victim.id }), 403, 'forbidden');
    expect((await cartRow(mine.id)).customer_id).toBe(me.id);
  });

  it('keeps source_name admin to staff: a storefront may not send it, nor change it on a cart staff made', async () => {
    const sku = await makeSku(t);
    expectInvalid(await t.storefront.post('/v1/carts', { source_name: 'admin' }), 'source_name');
    expectInvalid(await t.storefront.post('/v1/carts', { source_name: ' Admin ' }), 'source_name');

    const staffCart = (await t.admin.post('/v1/carts', { items: { [sku.id]: 1 } })).body.data;
    const changed = await t.storefront.put(`/v1/carts/${staffCart.id}`, { source_name: 'web', note: 'by the buyer' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ source_name: 'admin', customer_note: 'by the buyer' });
    const checkout = await t.storefront.post(`/v1/carts/${staffCart.id}/checkout`, {});
    expect(checkout.body.data.source_name).toBe('admin');

    // A storefront cart that staff check out becomes a staff order, and stays one when its buyer checks it out again.
    const webCart = (await t.storefront.post('/v1/carts', { source_name: 'web', items: { [sku.id]: 1 } })).body.data;
    const byStaff = await t.admin.post(`/v1/carts/${webCart.id}/checkout`, {});
    expect(byStaff.body.data.source_name).toBe('admin');
    const again = await t.storefront.post(`/v1/carts/${webCart.id}/checkout`, {});
    expect(again.body.data).toMatchObject({ id: byStaff.body.data.id, source_name: 'admin' });
  });

  it("keeps a customer's staff cart and checkout from the storefront and from other customers, and lets the customer and staff use them", async () => {
    const customer = await signedUpCustomer(t);
    const stranger = await signedUpCustomer(t);
    const sku = await makeSku(t);
    const cart = (await t.admin.post('/v1/carts', { customer_id: customer.id, items: { [sku.id]: 1 } })).body.data;
    const checkout = (await t.admin.post(`/v1/carts/${cart.id}/checkout`, {})).body.data;

    for (const client of [t.storefront, stranger.client]) {
      expectProblem(await client.get(`/v1/carts/${cart.id}`), 404, 'not_found');
      expectProblem(await client.put(`/v1/carts/${cart.id}`, { note: 'hijack' }), 404, 'not_found');
      expectProblem(await client.get(`/v1/checkouts/${checkout.id}`), 404, 'not_found');
      expectProblem(await client.put(`/v1/checkouts/${checkout.id}`, { customer: { email: newEmail() } }), 404, 'not_found');
    }
    expect((await cartRow(cart.id)).customer_note).toBeNull();

    const seen = await customer.client.get(`/v1/checkouts/${checkout.id}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data).toMatchObject({ customer_id: customer.id, email: customer.email });
    expect((await customer.client.get(`/v1/carts/${cart.id}`)).status).toBe(200);
  });

  it("lets staff read and change a storefront's cart and checkout", async () => {
    const customer = await signedUpCustomer(t);
    const sku = await makeSku(t, { price: 700 });
    const cart = (await customer.client.post('/v1/carts', { items: { [sku.id]: 1 } })).body.data;

    const read = await t.admin.get(`/v1/carts/${cart.id}`);
    expect(read.status, read.text).toBe(200);
    const changed = await t.admin.put(`/v1/carts/${cart.id}`, { items: { [sku.id]: 3 }, source_name: 'ignored' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ total_items: 3, customer_id: customer.id, source_name: null });

    const checkout = (await customer.client.post(`/v1/carts/${cart.id}/checkout`, {})).body.data;
    const staffView = await t.admin.get(`/v1/checkouts/${checkout.id}`);
    expect(staffView.status, staffView.text).toBe(200);
    expect(staffView.body.data).toMatchObject({ customer_id: customer.id, total_items: 3 });

    // Staff complete it on the phone: the customer's order, still the storefront's own source.
    const rateId = await makeRate(t);
    const gateway = await makeGateway(t, 'manual');
    expect((await t.admin.put(`/v1/checkouts/${checkout.id}`, { shipping: ADDRESS })).status).toBe(200);
    expect((await t.admin.post(`/v1/checkouts/${checkout.id}/methods`, { shipping: { method: rateId }, payment: { gateway: gateway.id } })).status).toBe(200);
    const paid = await payWith(t, checkout.id, { method: 'cash', mark_paid: true }, t.admin);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data).toMatchObject({ financial_status: 'paid', customer_id: customer.id, email: customer.email, source_name: null });
    expect((await customer.client.get(`/v1/orders/${checkout.id}`)).status).toBe(200);
  });

  it('refuses unknown channels and customers with 422, and moving a cart to another channel', async () => {
    const carts = await cartCount();
    const both = await t.admin.post('/v1/carts', { channel_id: UNKNOWN_CHANNEL, customer_id: UNKNOWN_CUSTOMER });
    expectInvalid(both, 'channel_id', 'customer_id');
    expectInvalid(await t.admin.post('/v1/carts', { customer_id: UNKNOWN_CUSTOMER }), 'customer_id');
    expect(await cartCount()).toBe(carts);

    const customer = await signedUpCustomer(t);
    const cart = (await t.admin.post('/v1/carts', {})).body.data;
    expectInvalid(await t.admin.put(`/v1/carts/${cart.id}`, { customer_id: UNKNOWN_CUSTOMER }), 'customer_id');
    expectInvalid(await t.admin.put(`/v1/carts/${cart.id}`, { channel_id: (await newChannel()).id }), 'channel_id');
    expect(await cartRow(cart.id)).toMatchObject({ customer_id: null, channel_id: t.channelId });

    // A known customer attaches.
    const attached = await t.admin.put(`/v1/carts/${cart.id}`, { customer_id: customer.id });
    expect(attached.status, attached.text).toBe(200);
    expect(attached.body.data.customer_id).toBe(customer.id);
  });

  it('lets a read-only key read carts and checkouts but not write them', async () => {
    const reader = await readOnlyClient();
    const ready = await readyCheckout(t, { client: t.admin, gateway: { driver: 'manual' } });
    const before = await orderRow(t, ready.orderId);
    const carts = await cartCount();

    expect((await reader.get(`/v1/carts/${ready.cartId}`)).status).toBe(200);
    expect((await reader.get(`/v1/checkouts/${ready.orderId}`)).status).toBe(200);
    expectProblem(await reader.post('/v1/carts', {}), 403, 'forbidden');
    expectProblem(await reader.put(`/v1/carts/${ready.cartId}`, { note: 'reader' }), 403, 'forbidden');
    expectProblem(await reader.post(`/v1/carts/${ready.cartId}/checkout`, {}), 403, 'forbidden');
    expectProblem(await reader.put(`/v1/checkouts/${ready.orderId}`, { customer: { email: newEmail() } }), 403, 'forbidden');
    expectProblem(await reader.post(`/v1/checkouts/${ready.orderId}/methods`, { payment: { gateway: ready.gatewayId } }), 403, 'forbidden');
    expectProblem(await reader.post(`/v1/checkouts/${ready.orderId}/payment`, { payment: { method: 'cash', mark_paid: true } }), 403, 'forbidden');

    expect(await orderRow(t, ready.orderId)).toEqual(before);
    expect(await cartCount()).toBe(carts);
    expect((await cartRow(ready.cartId)).customer_note).toBeNull();
  });
});
