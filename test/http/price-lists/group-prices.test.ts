import { expect, it } from 'vitest';
import { CARDS, makeSku, orderRow, pay, readyCheckout, type ReadySku } from '../../helpers/checkout.js';
import { signedUpCustomer, verifyEmail } from '../../helpers/customers.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client, type TestResponse } from '../../helpers/test-app.js';

const HOUR = 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function ok(res: TestResponse, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

describeEachDatabase('prices of customer groups', (t) => {
  /** A group with a signed-in member, and a sku at `price` (stocked, shippable) named by a word of its own. */
  async function wholesale(price = 1000) {
    const group = ok(await t.admin.post('/v1/customer_groups', { name: `Wholesale ${uniqueWord()}` }), 201).data;
    const member = await signedUpCustomer(t);
    ok(await t.admin.post(`/v1/customers/${member.id}`, { email: member.email, group_ids: [group.id] }));
    const sku: ReadySku = await makeSku(t, { price, stock: 50 });
    return { group, member, sku };
  }

  async function priceList(body: Record<string, unknown>): Promise<any> {
    return ok(await t.admin.post('/v1/price_lists', { name: `List ${uniqueWord()}`, ...body }), 201).data;
  }

  /** The prices `client` reads for the sku: its own read, its product's read and both listings. */
  async function readPrices(client: Client, sku: ReadySku) {
    const product = ok(await client.get(`/v1/products/${sku.productId}`)).data;
    const skuRead = ok(await client.get(`/v1/skus/${sku.id}`)).data;
    const listed = ok(await client.get(`/v1/products?q=${sku.permalink.replace('product-', '')}`)).data;
    const skusListed = ok(await client.get(`/v1/products/${sku.productId}/skus`)).data;
    return [
      { price: product.price, compared_price: product.compared_price },
      { price: product.skus[0].price, compared_price: product.skus[0].compared_price },
      { price: skuRead.price, compared_price: skuRead.compared_price },
      { price: listed[0]?.price, compared_price: listed[0]?.compared_price },
      { price: skusListed[0]?.price, compared_price: skusListed[0]?.compared_price },
    ];
  }
  const everywhere = (price: number, compared: number | null) => Array(5).fill({ price, compared_price: compared });

  it('never shows a guest or another customer the group price, not even from the storefront cache', async () => {
    const { group, member, sku } = await wholesale(1000);
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 700 }] });
    const other = await signedUpCustomer(t);

    // The member reads first: nothing it is answered is kept for the channel.
    const url = `/v1/products/${sku.productId}`;
    const memberRead = await member.client.get(url);
    expect(memberRead.body.data).toMatchObject({ price: 700, compared_price: 1000 });
    expect(memberRead.headers['x-cache']).toBeUndefined();
    const guestRead = await t.storefront.get(url);
    expect(guestRead.headers['x-cache']).toBe('miss');
    expect(guestRead.body.data).toMatchObject({ price: 1000, compared_price: null });
    // A guest's answer, kept, is never served to the member either.
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('hit');
    expect((await member.client.get(url)).body.data).toMatchObject({ price: 700 });

    expect(await readPrices(t.storefront, sku)).toEqual(everywhere(1000, null));
    expect(await readPrices(other.client, sku)).toEqual(everywhere(1000, null));

    // A guest typing the member's (proven) email at checkout pays the regular price.
    await verifyEmail(t, member.id);
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 2 }], customer: { email: member.email } });
    expect(ready.checkout.data.items[0]).toMatchObject({ price: 1000 });
    const order = ok(await pay(t, ready.orderId, CARDS.good)).data;
    // The order joins the member's account (its email is proven), yet was priced for a guest.
    expect((await orderRow(t, ready.orderId)).customer_id).toBe(member.id);
    expect(order.items[0]).toMatchObject({ price: 1000, compared_price: null });
    expect(order.total_items_price).toBe(2000);
    // Another customer's cart and checkout: regular prices.
    const cart = ok(await other.client.post('/v1/carts', { items: { [sku.id]: 1 } }), 201).data;
    expect(cart.items[0]).toMatchObject({ price: 1000 });
  });

  it('gives no price of a list not yet started, ended, inactive, of another group, in another currency or above the regular price', async () => {
    const { group, member, sku } = await wholesale(1000);
    const otherGroup = ok(await t.admin.post('/v1/customer_groups', { name: 'Other' }), 201).data;
    const now = nowSeconds();
    const list = await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 500 }], starts_at: now + HOUR });
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 510 }], starts_at: now - 2 * HOUR, ends_at: now - HOUR });
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 520 }], is_active: false });
    await priceList({ customer_group_ids: [otherGroup.id], prices: [{ sku_id: sku.id, price: 530 }] });
    await priceList({ prices: [{ sku_id: sku.id, price: 540 }] });
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 1200 }] });
    expect(await readPrices(member.client, sku)).toEqual(everywhere(1000, null));
    const cart = ok(await member.client.post('/v1/carts', { items: { [sku.id]: 1 } }), 201).data;
    expect(cart.items[0]).toMatchObject({ price: 1000, compared_price: null });

    // Once the schedule starts, the price applies.
    ok(await t.admin.post(`/v1/price_lists/${list.id}`, { starts_at: now - 60 }));
    expect(await readPrices(member.client, sku)).toEqual(everywhere(500, 1000));
    // Out of the group, the member is a customer like any other.
    ok(await t.admin.post(`/v1/customers/${member.id}`, { email: member.email, group_ids: [] }));
    expect(await readPrices(member.client, sku)).toEqual(everywhere(1000, null));
  });

  it('shows a wholesale customer the lowest of its prices everywhere, and charges it', async () => {
    const { group, member, sku } = await wholesale(1000);
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 800 }] });
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, currency: 'USD', price: 650 }], ends_at: nowSeconds() + HOUR });
    expect(await readPrices(member.client, sku)).toEqual(everywhere(650, 1000));

    const ready = await readyCheckout(t, { client: member.client, items: [{ skuId: sku.id, quantity: 3 }], customer: { email: member.email }, shippingPrice: 500 });
    const cart = ok(await member.client.get(`/v1/carts/${ready.cartId}`)).data;
    expect(cart.items[0]).toMatchObject({ price: 650, compared_price: 1000, total: 1950 });
    expect(ready.checkout.data.items[0]).toMatchObject({ price: 650, compared_price: 1000 });
    expect(ready.checkout.data).toMatchObject({ total_items_price: 1950, total_price: 2450 });
    const order = ok(await pay(t, ready.orderId, CARDS.good, undefined, member.client)).data;
    expect(order).toMatchObject({ status: 'placed', total_items_price: 1950, total_price: 2450 });
    expect(order.items[0]).toMatchObject({ price: 650, compared_price: 1000 });
    const charged = await t.db.selectFrom('transactions').select('amount').where('order_id', '=', ready.orderId).execute();
    expect(charged.map((row) => Number(row.amount))).toEqual([2450]);
    // Staff read the order as it was paid.
    expect(ok(await t.admin.get(`/v1/orders/${ready.orderId}`)).data.items[0]).toMatchObject({ price: 650, compared_price: 1000 });
    // Staff read the catalogue at regular prices, and a cart they make for the member at the member's.
    expect(await readPrices(t.admin, sku)).toEqual(everywhere(1000, null));
    const staffCart = ok(await t.admin.post('/v1/carts', { customer_id: member.id, items: { [sku.id]: 1 } }), 201).data;
    expect(staffCart.items[0]).toMatchObject({ price: 650, compared_price: 1000 });
  });

  it('charges nothing when the member\'s list stops applying between checkout and payment (409 checkout_changed)', async () => {
    const { group, member, sku } = await wholesale(1000);
    const list = await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 700 }] });
    const ready = await readyCheckout(t, { client: member.client, items: [{ skuId: sku.id }], customer: { email: member.email } });
    expect(ready.checkout.data.items[0]).toMatchObject({ price: 700 });
    ok(await t.admin.post(`/v1/price_lists/${list.id}`, { is_active: false }));
    const refused = await pay(t, ready.orderId, CARDS.good, undefined, member.client);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('checkout_changed');
    expect(await t.db.selectFrom('transactions').selectAll().where('order_id', '=', ready.orderId).execute()).toEqual([]);
    // Checked out again, the order holds the regular price and pays it.
    const again = ok(await member.client.post(`/v1/carts/${ready.cartId}/checkout`, {})).data;
    expect(again.items[0]).toMatchObject({ price: 1000, compared_price: null });
  });

  it('prices a member in a market by its lists in the market\'s currency only', async () => {
    const { group, member, sku } = await wholesale(1000);
    const market = ok(await t.admin.post('/v1/markets', { name: 'Germany', country_codes: ['DE'], currency: 'EUR', locales: ['de'], exchange_rate: '0.9' }), 201).data;
    await priceList({ customer_group_ids: [group.id], prices: [{ sku_id: sku.id, price: 100 }, { sku_id: sku.id, currency: 'eur', price: 600 }] });
    const read = ok(await member.client.get(`/v1/skus/${sku.id}?country=DE`)).data;
    expect(read).toMatchObject({ price: 600, compared_price: 900, currency: 'EUR' });
    expect(ok(await t.storefront.get(`/v1/skus/${sku.id}?market=${market.id}`)).data).toMatchObject({ price: 900, compared_price: null, currency: 'EUR' });
    const cart = ok(await member.client.post('/v1/carts', { country_code: 'DE', items: { [sku.id]: 2 } }), 201).data;
    expect(cart).toMatchObject({ currency: 'EUR' });
    expect(cart.items[0]).toMatchObject({ price: 600, compared_price: 900, total: 1200 });
    // In the store's currency the list's price without currency applies.
    expect(ok(await member.client.get(`/v1/skus/${sku.id}`)).data).toMatchObject({ price: 100, compared_price: 1000, currency: 'USD' });
    ok(await t.admin.delete(`/v1/markets/${market.id}`), 204);
  });
});
