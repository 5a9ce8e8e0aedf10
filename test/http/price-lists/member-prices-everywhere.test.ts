import { expect, it } from 'vitest';
import { ADDRESS, CARDS, makeSku, pay, readyCheckout, type ReadySku } from '../../helpers/checkout.js';
import { signedUpCustomer } from '../../helpers/customers.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client, type TestResponse } from '../../helpers/test-app.js';

function ok(res: TestResponse, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describeEachDatabase('a member\'s price wherever a price shows', (t) => {
  async function group(): Promise<any> {
    return ok(await t.admin.post('/v1/customer_groups', { name: `Wholesale ${uniqueWord()}` }), 201).data;
  }

  async function joinGroups(member: { id: string; email: string }, groupIds: string[]): Promise<void> {
    ok(await t.admin.post(`/v1/customers/${member.id}`, { email: member.email, group_ids: groupIds }));
  }

  async function priceList(body: Record<string, unknown>): Promise<any> {
    return ok(await t.admin.post('/v1/price_lists', { name: `List ${uniqueWord()}`, ...body }), 201).data;
  }

  /** A sku at 1000 in a collection and a category of its own, a member of a group whose list sells it at 700. */
  async function wholesaleInListings() {
    const wholesale = await group();
    const member = await signedUpCustomer(t);
    await joinGroups(member, [wholesale.id]);
    const collection = ok(await t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products' }), 201).data;
    const category = ok(await t.admin.post('/v1/categories', { title: `Category ${uniqueWord()}` }), 201).data;
    const sku = await makeSku(t, { price: 1000, stock: 50 });
    ok(await t.admin.post(`/v1/products/${sku.productId}`, { collection_ids: [collection.id], category_ids: [category.id] }));
    await priceList({ customer_group_ids: [wholesale.id], prices: [{ sku_id: sku.id, price: 700 }] });
    return { wholesale, member, collection, category, sku };
  }

  /** Each listing's and read's price of the sku as `client` reads it: `[price, compared_price]`. */
  async function pricesEverywhere(client: Client, sku: ReadySku, collectionId: string, categoryId: string) {
    const word = sku.permalink.replace('product-', '');
    const first = async (url: string) => {
      const found = ok(await client.get(url)).data.find((record: any) => record.id === sku.id || record.id === sku.productId);
      return [found?.price, found?.compared_price];
    };
    return {
      collection: await first(`/v1/collections/${collectionId}/products`),
      category: await first(`/v1/categories/${categoryId}/products`),
      search: await first(`/v1/products?q=${word}`),
      skus: await first(`/v1/skus?q=${word}`),
      productSkus: await first(`/v1/products/${sku.productId}/skus`),
    };
  }

  const all = (price: number, compared: number | null) => ({
    collection: [price, compared], category: [price, compared], search: [price, compared], skus: [price, compared], productSkus: [price, compared],
  });

  it('shows a member its price in collection, category, search and sku listings, and a guest the regular one', async () => {
    const { member, collection, category, sku } = await wholesaleInListings();
    expect(await pricesEverywhere(member.client, sku, collection.id, category.id)).toEqual(all(700, 1000));
    expect(await pricesEverywhere(t.storefront, sku, collection.id, category.id)).toEqual(all(1000, null));
  });

  it('never serves a guest\'s kept listing to a member, nor a member\'s to a guest', async () => {
    const { member, collection, sku } = await wholesaleInListings();
    const url = `/v1/collections/${collection.id}/products`;
    // The guest reads first and its answer is kept; the member, reading the same URL, is not served it.
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('miss');
    expect((await t.storefront.get(url)).headers['x-cache']).toBe('hit');
    const memberRead = await member.client.get(url);
    expect(memberRead.headers['x-cache']).toBeUndefined();
    expect(memberRead.body.data[0]).toMatchObject({ id: sku.productId, price: 700, compared_price: 1000 });
    // Nor the other way round, with the same Accept-Language.
    const guestAgain = await t.storefront.get(url, { headers: { 'accept-language': 'en' } });
    expect(guestAgain.body.data[0]).toMatchObject({ price: 1000, compared_price: null });
    expect((await member.client.get(url, { headers: { 'accept-language': 'en' } })).body.data[0]).toMatchObject({ price: 700 });
    expect((await t.storefront.get(url, { headers: { 'accept-language': 'en' } })).body.data[0]).toMatchObject({ price: 1000, compared_price: null });
  });

  it('filters and sorts a member\'s listing on the regular price, as documented, while showing the member\'s', async () => {
    const { member, sku } = await wholesaleInListings();
    const word = sku.permalink.replace('product-', '');
    const cheaper = await makeSku(t, { price: 800 });
    ok(await t.admin.post(`/v1/products/${cheaper.productId}`, { name: `Product ${word} cheaper` }));
    // 700 for the member, yet not below 800 for the filter: it reads the regular 1000.
    const underEightHundred = ok(await member.client.get(`/v1/products?q=${word}&price[max]=800`)).data;
    expect(underEightHundred.map((product: any) => product.id)).toEqual([cheaper.productId]);
    const overNineHundred = ok(await member.client.get(`/v1/products?q=${word}&price[min]=900`)).data;
    expect(overNineHundred).toMatchObject([{ id: sku.productId, price: 700, compared_price: 1000 }]);
    const sorted = ok(await member.client.get(`/v1/products?q=${word}&sort_by=price-ascending`)).data;
    expect(sorted.map((product: any) => [product.id, product.price])).toEqual([[cheaper.productId, 800], [sku.productId, 700]]);
  });

  it('gives a member of two groups the lowest price of either group\'s lists', async () => {
    const [retail, wholesale] = [await group(), await group()];
    const member = await signedUpCustomer(t);
    await joinGroups(member, [retail.id, wholesale.id]);
    const [a, b] = [await makeSku(t, { price: 1000 }), await makeSku(t, { price: 1000 })];
    await priceList({ customer_group_ids: [retail.id], prices: [{ sku_id: a.id, price: 600 }, { sku_id: b.id, price: 900 }] });
    await priceList({ customer_group_ids: [wholesale.id], prices: [{ sku_id: a.id, price: 800 }, { sku_id: b.id, price: 500 }] });
    expect(ok(await member.client.get(`/v1/skus/${a.id}`)).data).toMatchObject({ price: 600, compared_price: 1000 });
    expect(ok(await member.client.get(`/v1/skus/${b.id}`)).data).toMatchObject({ price: 500, compared_price: 1000 });
    const cart = ok(await member.client.post('/v1/carts', { items: { [a.id]: 1, [b.id]: 2 } }), 201).data;
    expect(cart.items.map((item: any) => [item.sku_id, item.price, item.total])).toEqual(expect.arrayContaining([[a.id, 600, 600], [b.id, 500, 1000]]));
    expect(cart).toMatchObject({ total_price: 1600, total_compared_price: 3000 });
  });

  it('reprices a guest\'s cart once the customer signed in uses it, checks it out and pays the member\'s price', async () => {
    const { member, sku } = await wholesaleInListings();
    const guestCart = ok(await t.storefront.post('/v1/carts', { items: { [sku.id]: 2 } }), 201).data;
    expect(guestCart.items[0]).toMatchObject({ price: 1000, compared_price: null });
    // Reading it signed in changes nothing: still a guest's cart, at the guest's price.
    expect(ok(await member.client.get(`/v1/carts/${guestCart.id}`)).data).toMatchObject({ customer_id: null, total_price: 2000 });
    // Signed in, the buyer keeps the cart: the first write with the token makes it the member's.
    const claimed = ok(await member.client.put(`/v1/carts/${guestCart.id}`, {})).data;
    expect(claimed).toMatchObject({ customer_id: member.id, total_price: 1400 });
    expect(claimed.items[0]).toMatchObject({ price: 700, compared_price: 1000, total: 1400 });
    const row = await t.db.selectFrom('carts').select('customer_id').where('id', '=', guestCart.id).executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(member.id);
    // It is the member's now: the channel key alone no longer reaches it, nor another customer.
    expect((await t.storefront.get(`/v1/carts/${guestCart.id}`)).status).toBe(404);
    expect((await (await signedUpCustomer(t)).client.put(`/v1/carts/${guestCart.id}`, {})).status).toBe(404);

    const checkout = ok(await member.client.post(`/v1/carts/${guestCart.id}/checkout`, {})).data;
    expect(checkout.items[0]).toMatchObject({ price: 700, compared_price: 1000 });
    expect(checkout.total_items_price).toBe(1400);
  });

  it('prices a guest\'s cart checked out by a signed-in member as the member\'s, up to the paid order', async () => {
    const { member, sku } = await wholesaleInListings();
    // Made by a guest, checked out signed in: the checkout claims the cart.
    const ready = await readyCheckout(t, { items: [{ skuId: sku.id, quantity: 3 }], customer: { email: member.email }, shippingPrice: 500, until: 'checkout' });
    expect(ready.checkout.data.items[0]).toMatchObject({ price: 1000 });
    const again = ok(await member.client.post(`/v1/carts/${ready.cartId}/checkout`, {})).data;
    expect(again.id).toBe(ready.orderId);
    expect(again.items[0]).toMatchObject({ price: 700, compared_price: 1000 });
    ok(await member.client.put(`/v1/checkouts/${ready.orderId}`, { customer: { email: member.email, first_name: 'Whole', last_name: 'Sale' }, shipping: ADDRESS }));
    const priced = ok(await member.client.post(`/v1/checkouts/${ready.orderId}/methods`, { shipping: { method: ready.rateId }, payment: { gateway: ready.gatewayId } })).data;
    expect(priced).toMatchObject({ total_items_price: 2100, total_price: 2600 });
    const order = ok(await pay(t, ready.orderId, CARDS.good, undefined, member.client)).data;
    expect(order).toMatchObject({ status: 'placed', customer_id: member.id, total_items_price: 2100, total_price: 2600 });
    expect(order.items[0]).toMatchObject({ price: 700, compared_price: 1000, quantity: 3 });
    const charged = await t.db.selectFrom('transactions').select('amount').where('order_id', '=', ready.orderId).execute();
    expect(charged.map((row) => Number(row.amount))).toEqual([2600]);
  });

  it('reprices a member\'s cart when its list ends and gives the price back when another starts', async () => {
    const wholesale = await group();
    const member = await signedUpCustomer(t);
    await joinGroups(member, [wholesale.id]);
    const sku = await makeSku(t, { price: 1000 });
    const list = await priceList({ customer_group_ids: [wholesale.id], prices: [{ sku_id: sku.id, price: 700 }] });
    const cart = ok(await member.client.post('/v1/carts', { items: { [sku.id]: 1 } }), 201).data;
    expect(cart.items[0]).toMatchObject({ price: 700 });
    ok(await t.admin.post(`/v1/price_lists/${list.id}`, { ends_at: nowSeconds() - 1, starts_at: nowSeconds() - 60 }));
    expect(ok(await member.client.get(`/v1/carts/${cart.id}`)).data.items[0]).toMatchObject({ price: 1000, compared_price: null });
    await priceList({ customer_group_ids: [wholesale.id], prices: [{ sku_id: sku.id, price: 750 }], starts_at: nowSeconds() - 1, ends_at: nowSeconds() + 3600 });
    expect(ok(await member.client.get(`/v1/carts/${cart.id}`)).data.items[0]).toMatchObject({ price: 750, compared_price: 1000 });
  });
});
