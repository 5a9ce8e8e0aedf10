import { expect, it } from 'vitest';
import { ADDRESS, eventsOf, makeGateway, makeRate, makeSku, pay, placedOrder } from '../../helpers/checkout.js';
import { uniqueWord } from '../../helpers/expect.js';
import { uploadFile } from '../../helpers/files.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** A record type: where it is made, the body that makes it, and the members an update must repeat. */
interface Kind {
  name: string;
  path: string;
  create(t: TestContext): Promise<Record<string, unknown>>;
  update?: Record<string, unknown>;
}

const simpleKinds: Kind[] = [
  { name: 'product', path: '/v1/products', create: async () => ({ name: `Hat ${uniqueWord()}` }) },
  { name: 'sku', path: '/v1/skus', create: async (t) => ({ product_id: (await t.admin.post('/v1/products', { name: `Cap ${uniqueWord()}` })).body.data.id }) },
  { name: 'collection', path: '/v1/collections', create: async () => ({ title: `Summer ${uniqueWord()}`, kind: 'products' }), update: { title: 'Summer', kind: 'products' } },
  { name: 'category', path: '/v1/categories', create: async () => ({ title: `Hats ${uniqueWord()}` }), update: { title: 'Hats' } },
  { name: 'customer', path: '/v1/customers', create: async () => ({ email: `${uniqueWord()}@example.com` }) },
  { name: 'discount', path: '/v1/discounts', create: async () => ({ title: 'Free shipping', kind: 'free_shipping' }) },
  { name: 'blog', path: '/v1/blogs', create: async () => ({ title: `News ${uniqueWord()}` }) },
  { name: 'post', path: '/v1/posts', create: async (t) => ({ title: 'Hello', blog_id: (await t.admin.post('/v1/blogs', { title: `Blog ${uniqueWord()}` })).body.data.id }) },
  { name: 'page', path: '/v1/pages', create: async () => ({ title: `About ${uniqueWord()}` }) },
];

async function createProduct(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin.post('/v1/products', { name: `Hat ${uniqueWord()}`, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describeEachDatabase('metadata on records', (t) => {
  for (const kind of simpleKinds) {
    it(`sets a ${kind.name}'s metadata on create and merges it on update`, async () => {
      const created = await kind.create(t);
      const res = await t.admin.post(kind.path, { ...created, metadata: { color: 'red', size: 'L' }, private_metadata: { cost: '12' } });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ metadata: { color: 'red', size: 'L' }, private_metadata: { cost: '12' } });
      const id = res.body.data.id as string;
      // Updates that replace the record (collections, categories, customers) repeat what they require.
      const update = kind.name === 'customer' ? { email: res.body.data.email } : kind.update ?? {};

      const changed = await t.admin.post(`${kind.path}/${id}`, { ...update, metadata: { size: null, fit: 'slim' }, private_metadata: { cost: '' } });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.body.data.metadata).toEqual({ color: 'red', fit: 'slim' });
      expect(changed.body.data.private_metadata).toEqual({});
      const read = await t.admin.get(`${kind.path}/${id}`);
      expect(read.body.data.metadata).toEqual({ color: 'red', fit: 'slim' });
    });
  }

  it('leaves metadata as it is when a write sends none, or sends an empty object', async () => {
    const product = await createProduct(t, { metadata: { a: '1' } });
    expect((await t.admin.post(`/v1/products/${product.id}`, { name: 'Renamed' })).body.data.metadata).toEqual({ a: '1' });
    expect((await t.admin.post(`/v1/products/${product.id}`, { metadata: {} })).body.data.metadata).toEqual({ a: '1' });
    expect(product.private_metadata).toEqual({});
  });

  it('keeps every key of concurrent writes to one record', async () => {
    const product = await createProduct(t, {});
    const keys = Array.from({ length: 8 }, (_, i) => `k${i}`);
    const answers = await Promise.all(keys.map((key) => t.admin.post(`/v1/products/${product.id}`, { metadata: { [key]: 'v' } })));
    expect(answers.map((res) => res.status)).toEqual(keys.map(() => 200));
    expect(Object.keys((await t.admin.get(`/v1/products/${product.id}`)).body.data.metadata).sort()).toEqual(keys);
  });

  it('refuses a 51st key, a key over 40 characters, a value over 500 and a value that is not a string, naming the key', async () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    const product = await createProduct(t, { metadata: fifty });
    expect(Object.keys(product.metadata)).toHaveLength(50);

    const more = await t.admin.post(`/v1/products/${product.id}`, { metadata: { extra: 'v' } });
    expect(more.status).toBe(422);
    expect(more.body.errors).toEqual([expect.objectContaining({ field: 'metadata[extra]', code: 'too_many_keys' })]);
    // Removing one makes room for another in the same write: the limit is on the result.
    const swapped = await t.admin.post(`/v1/products/${product.id}`, { metadata: { k0: null, extra: 'v' } });
    expect(swapped.status, swapped.text).toBe(200);
    expect(Object.keys(swapped.body.data.metadata)).toHaveLength(50);

    const longKey = 'k'.repeat(41);
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ metadata: { [longKey]: 'v' } }, `metadata[${longKey}]`, 422],
      [{ metadata: { note: 'x'.repeat(501) } }, 'metadata[note]', 422],
      [{ metadata: { count: 3 } }, 'metadata[count]', 422],
      [{ private_metadata: { flag: true } }, 'private_metadata[flag]', 422],
      [{ metadata: { 'a[b]': 'v' } }, 'metadata[a[b]]', 422],
    ];
    for (const [body, field, status] of cases) {
      const res = await t.admin.post('/v1/products', { name: 'Bad', ...body });
      expect(res.status, res.text).toBe(status);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await t.admin.post('/v1/products', { name: 'Fine', metadata: { ['k'.repeat(40)]: 'x'.repeat(500) } })).status).toBe(201);
  });

  it('filters lists by metadata[key]=value, a key with dots and quotes meaning itself', async () => {
    const word = uniqueWord();
    const odd = 'a.b"c';
    const match = await createProduct(t, { name: `Match ${word}`, metadata: { [odd]: word, season: 'summer' } });
    await createProduct(t, { name: `Nested ${word}`, metadata: { 'a.b': word, season: 'winter' } });

    const query = `metadata[${encodeURIComponent(odd)}]=${word}`;
    const staff = await t.admin.get(`/v1/products?${query}`);
    expect(staff.status, staff.text).toBe(200);
    expect(staff.body.data.map((p: { id: string }) => p.id)).toEqual([match.id]);
    expect(staff.body.meta.pagination.total_items).toBe(1);
    const both = await t.admin.get(`/v1/products?${query}&metadata[season]=winter`);
    expect(both.body.data).toEqual([]);

    const storefront = await t.storefront.get(`/v1/products?${query}`);
    expect(storefront.body.data.map((p: { id: string }) => p.id)).toEqual([match.id]);

    const customer = (await t.admin.post('/v1/customers', { email: `${word}@example.com`, metadata: { tier: word } })).body.data;
    expect((await t.admin.get(`/v1/customers?metadata[tier]=${word}`)).body.data.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    const page = (await t.admin.post('/v1/pages', { title: `About ${word}`, metadata: { [odd]: word } })).body.data;
    expect((await t.admin.get(`/v1/pages?${query}`)).body.data.map((p: { id: string }) => p.id)).toEqual([page.id]);
    expect((await t.admin.get(`/v1/discounts?metadata[x]=${word}`)).body.data).toEqual([]);
  });

  it('shows a storefront metadata but never private_metadata, and refuses private_metadata it sends', async () => {
    const product = await createProduct(t, { metadata: { badge: 'new' }, private_metadata: { supplier: 'Acme' } });
    const read = await t.storefront.get(`/v1/products/${product.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.metadata).toEqual({ badge: 'new' });
    expect(read.body.data).not.toHaveProperty('private_metadata');
    expect(read.body.data.skus[0]).not.toHaveProperty('private_metadata');
    expect(read.text).not.toContain('Acme');
    const listed = await t.storefront.get(`/v1/products?metadata[badge]=new&per_page=250`);
    expect(listed.text).not.toContain('private_metadata');
    // Staff reading after the storefront still see everything (no view was changed in place).
    expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.private_metadata).toEqual({ supplier: 'Acme' });

    const sku = await makeSku(t);
    const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 }, private_metadata: { x: '1' } });
    expect(cart.status).toBe(403);
    expect(cart.body).toMatchObject({ code: 'forbidden', errors: [{ field: 'private_metadata' }] });
    const mine = (await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 } })).body.data;
    expect((await t.storefront.put(`/v1/carts/${mine.id}`, { private_metadata: {} })).status).toBe(403);
  });

  it('lets staff alone write metadata on a customer; the customer reads it but not its private_metadata', async () => {
    const email = `${uniqueWord()}@example.com`;
    const refused = await t.storefront.post('/v1/customers', { email, password: 'a long pass phrase 42', metadata: { tier: 'gold' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'metadata', code: 'not_allowed' })]);
    const forbidden = await t.storefront.post('/v1/customers', { email, password: 'a long pass phrase 42', private_metadata: { tier: 'gold' } });
    expect(forbidden.status).toBe(403);

    const signedUp = await t.storefront.post('/v1/customers', { email, password: 'a long pass phrase 42' });
    expect(signedUp.status, signedUp.text).toBe(201);
    expect(signedUp.body.data.metadata).toEqual({});
    expect(signedUp.body.data).not.toHaveProperty('private_metadata');
    const id = signedUp.body.data.id as string;
    await t.admin.post(`/v1/customers/${id}`, { email, metadata: { tier: 'gold', private_metadata: 'a key like any other' }, private_metadata: { risk: 'low' } });
    const token = (await t.storefront.post('/v1/customers/token', { email, password: 'a long pass phrase 42' })).body.data.token as string;
    const own = await t.as({ authorization: `Bearer ${token}`, 'channel-key': t.channelKey }).get(`/v1/customers/${id}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.metadata).toEqual({ tier: 'gold', private_metadata: 'a key like any other' });
    expect(own.body.data).not.toHaveProperty('private_metadata');
    expect(own.text).not.toContain('risk');
  });

  it("copies the cart's metadata, set by the storefront, to its order, and shows it in the order's events", async () => {
    const sku = await makeSku(t);
    const gateway = await makeGateway(t, 'test', {});
    const rateId = await makeRate(t);
    const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 1 }, metadata: { gift_wrap: 'blue', referrer: 'newsletter' } });
    expect(cart.status, cart.text).toBe(201);
    expect(cart.body.data.metadata).toEqual({ gift_wrap: 'blue', referrer: 'newsletter' });
    expect(cart.body.data).not.toHaveProperty('private_metadata');
    const cartId = cart.body.data.id as string;
    const updated = await t.storefront.put(`/v1/carts/${cartId}`, { metadata: { referrer: null, note: 'ring twice' } });
    expect(updated.body.data.metadata).toEqual({ gift_wrap: 'blue', note: 'ring twice' });
    // Staff may add private metadata to the buyer's cart.
    expect((await t.admin.put(`/v1/carts/${cartId}`, { private_metadata: { fraud_score: '3' } })).status).toBe(200);

    const orderId = (await t.storefront.post(`/v1/carts/${cartId}/checkout`, {})).body.data.id as string;
    await t.storefront.put(`/v1/checkouts/${orderId}`, { customer: { email: `${uniqueWord()}@example.com`, first_name: 'Ann', last_name: 'Lee' }, shipping: ADDRESS });
    await t.storefront.post(`/v1/checkouts/${orderId}/methods`, { shipping: { method: rateId }, payment: { gateway: gateway.id } });
    const paid = await pay(t, orderId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.data.metadata).toEqual({ gift_wrap: 'blue', note: 'ring twice' });
    expect(paid.body.data).not.toHaveProperty('private_metadata');

    const order = (await t.admin.get(`/v1/orders/${orderId}`)).body.data;
    expect(order.metadata).toEqual({ gift_wrap: 'blue', note: 'ring twice' });
    expect(order.private_metadata).toEqual({ fraud_score: '3' });
    expect((await t.admin.get(`/v1/orders?metadata[gift_wrap]=blue&id=${orderId}`)).body.data.map((o: { id: string }) => o.id)).toEqual([orderId]);

    const changed = await t.admin.post(`/v1/orders/${orderId}`, { private_metadata: { reviewed: 'yes' } });
    expect(changed.body.data.private_metadata).toEqual({ fraud_score: '3', reviewed: 'yes' });
    const [event] = await eventsOf(t, orderId, 'order.updated');
    expect(event.data.object.metadata).toEqual({ gift_wrap: 'blue', note: 'ring twice' });
    expect(event.data.object.private_metadata).toEqual({ fraud_score: '3', reviewed: 'yes' });
  });

  it('records metadata in the events of a product', async () => {
    const product = await createProduct(t, { metadata: { badge: 'new' }, private_metadata: { supplier: 'Acme' } });
    const [event] = await eventsOf(t, product.id, 'product.created');
    expect(event.data.object).toMatchObject({ metadata: { badge: 'new' }, private_metadata: { supplier: 'Acme' } });
  });

  it('keeps metadata on fulfillments, returns and files', async () => {
    const { orderId } = await placedOrder(t);
    const fulfillment = await t.admin.post(`/v1/orders/${orderId}/fulfillments`, { metadata: { box: 'small' }, private_metadata: { picker: 'Jo' } });
    expect(fulfillment.status, fulfillment.text).toBe(201);
    expect(fulfillment.body.data).toMatchObject({ metadata: { box: 'small' }, private_metadata: { picker: 'Jo' } });
    const fulfillmentId = fulfillment.body.data.id as string;
    const updated = await t.admin.post(`/v1/orders/${orderId}/fulfillments/${fulfillmentId}`, { metadata: { box: '', weight: '2kg' } });
    expect(updated.body.data.metadata).toEqual({ weight: '2kg' });
    expect((await t.admin.get(`/v1/orders/${orderId}/fulfillments?metadata[weight]=2kg`)).body.data.map((f: { id: string }) => f.id)).toEqual([fulfillmentId]);

    const itemId = (await t.admin.get(`/v1/orders/${orderId}`)).body.data.items[0].id as string;
    const returned = await t.admin.post(`/v1/orders/${orderId}/returns`, { items: [{ id: itemId, quantity: 1, reason: 'other' }], metadata: { rma: 'R-1' } });
    expect(returned.status, returned.text).toBe(201);
    expect(returned.body.data).toMatchObject({ metadata: { rma: 'R-1' }, private_metadata: {} });
    expect((await t.admin.get(`/v1/orders/${orderId}/returns?metadata[rma]=R-1`)).body.data).toHaveLength(1);
    expect((await t.admin.get(`/v1/orders/${orderId}/returns?metadata[rma]=R-2`)).body.data).toHaveLength(0);

    const file = await uploadFile(t);
    expect(file.metadata).toEqual({});
    const tagged = await t.admin.post(`/v1/files/${file.id}`, { metadata: { shoot: 'spring' } });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body.data.metadata).toEqual({ shoot: 'spring' });
    expect((await t.admin.get('/v1/files?metadata[shoot]=spring')).body.data.map((f: { id: string }) => f.id)).toEqual([file.id]);
  });
});
