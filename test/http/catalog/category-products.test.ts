import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { pay, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

describeEachDatabase('products of a category, and hidden_on', (t) => {
  const { createProduct } = catalogFactories(t);

  async function createCategory(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/categories', { title: `Category ${uniqueWord()}`, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function listed(url: string, client: Client = t.admin): Promise<{ ids: string[]; total: number }> {
    const res = await client.get(url);
    expect(res.status, res.text).toBe(200);
    return { ids: ids(res.body.data), total: res.body.meta.pagination.total_items };
  }

  /** A second sales channel and a client sending one of its keys. */
  async function secondChannel(): Promise<{ id: string; client: Client }> {
    const channel = await t.admin.post('/v1/channels', { name: `Channel ${uniqueWord()}` });
    expect(channel.status, channel.text).toBe(201);
    const key = await t.admin.post(`/v1/channels/${channel.body.data.id}/keys`);
    expect(key.status, key.text).toBe(201);
    return { id: channel.body.data.id, client: t.as({ 'channel-key': key.body.data.token }) };
  }

  /** A root with a child and a grandchild, and a product in each, plus one outside. */
  async function tree() {
    const root = await createCategory();
    const child = await createCategory({ parent_id: root.id });
    const grandchild = await createCategory({ parent_id: child.id });
    const inRoot = await createProduct({ category_ids: [root.id], price: 300 });
    const inChild = await createProduct({ category_ids: [child.id], price: 100 });
    const inGrandchild = await createProduct({ category_ids: [grandchild.id, root.id], price: 200 });
    const outside = await createProduct({ category_ids: [await createCategory().then((c) => c.id)] });
    return { root, child, grandchild, inRoot, inChild, inGrandchild, outside };
  }

  // ---------------------------------------------------------------- attacks: what the storefront may see

  it('never shows the storefront an inactive or unpublished product of a category, whatever the query says', async () => {
    const category = await createCategory();
    const shown = await createProduct({ category_ids: [category.id] });
    const inactive = await createProduct({ category_ids: [category.id], is_active: false });
    const later = await createProduct({ category_ids: [category.id], available_at: Math.floor(Date.now() / 1000) + 3600 });

    for (const query of ['', '?active=false', '?published=false', '?active=false&published=false']) {
      expect(await listed(`/v1/categories/${category.id}/products${query}`, t.storefront)).toEqual({ ids: [shown.id], total: 1 });
      expect(await listed(`/v1/products?category_id=${category.id}${query ? `&${query.slice(1)}` : ''}`, t.storefront))
        .toEqual({ ids: [shown.id], total: 1 });
    }
    expect((await listed(`/v1/categories/${category.id}/products`)).ids).toEqual([shown.id, inactive.id, later.id]);
  });

  it('hides a product from the storefront of each channel in its hidden_on, and only those', async () => {
    const other = await secondChannel();
    const category = await createCategory();
    const collection = await t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products' });
    const word = uniqueWord();
    const hidden = await createProduct({ name: `Hidden ${word}`, category_ids: [category.id], collection_ids: [collection.body.data.id], hidden_on: [t.channelId] });
    const shown = await createProduct({ name: `Shown ${word}`, category_ids: [category.id], collection_ids: [collection.body.data.id] });
    expect(hidden.hidden_on).toEqual([t.channelId]);

    const lists = [
      `/v1/categories/${category.id}/products`, `/v1/products?category_id=${category.id}`, `/v1/products?q=${word}`,
      `/v1/collections/${collection.body.data.id}/products`,
    ];
    for (const url of lists) {
      expect(await listed(url, t.storefront), url).toEqual({ ids: [shown.id], total: 1 });
      expect(await listed(url, other.client), url).toEqual({ ids: [hidden.id, shown.id], total: 2 });
      expect(await listed(url), url).toEqual({ ids: [hidden.id, shown.id], total: 2 });
    }
    expectProblem(await t.storefront.get(`/v1/products/${hidden.id}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/products/${hidden.id}/skus`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/skus/${hidden.sku_id}`), 404, 'not_found');
    expect((await listed(`/v1/skus?id=${hidden.sku_id},${shown.sku_id}`, t.storefront)).ids).toEqual([shown.sku_id]);
    expect((await t.admin.get(`/v1/products/${hidden.id}`)).status).toBe(200);
    expect((await other.client.get(`/v1/products/${hidden.id}`)).status).toBe(200);
    expect((await other.client.get(`/v1/skus/${hidden.sku_id}`)).status).toBe(200);
  });

  it("never shows a storefront which other channels hide a product: hidden_on is staff's", async () => {
    const other = await secondChannel();
    const word = uniqueWord();
    const product = await createProduct({ name: `Elsewhere ${word}`, hidden_on: [other.id] });
    const hiddenOn = async (client: Client) => {
      const one = await client.get(`/v1/products/${product.id}`);
      const listed = await client.get(`/v1/products?q=${word}`);
      const cart = await client.post('/v1/carts', { items: { [product.sku_id]: 1 } });
      expect([one.status, listed.status, cart.status], cart.text).toEqual([200, 200, 201]);
      const changed = await client.put(`/v1/carts/${cart.body.data.id}`, { items: { [product.sku_id]: 2 } });
      const read = await client.get(`/v1/carts/${cart.body.data.id}`);
      return [one.body.data, listed.body.data[0], cart.body.data.items[0].product, changed.body.data.items[0].product, read.body.data.items[0].product]
        .map((view) => view.hidden_on);
    };
    expect(await hiddenOn(t.storefront)).toEqual([[], [], [], [], []]);
    expect(await hiddenOn(t.admin)).toEqual(Array(5).fill([other.id]));
  });

  it("counts a collection's members for a channel without those hidden on it, counting none twice", async () => {
    const collection = (await t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products' })).body.data;
    const member = (body: Record<string, unknown>) => createProduct({ collection_ids: [collection.id], ...body });
    const later = Math.floor(Date.now() / 1000) + 3600;
    const shown = await member({});
    await member({ hidden_on: [t.channelId] });
    await member({ hidden_on: [t.channelId], available_at: later });
    await member({ hidden_on: [t.channelId], is_active: false });
    await member({ available_at: later });

    const page = await t.storefront.get(`/v1/collections/${collection.id}/products?per_page=1`);
    expect(ids(page.body.data)).toEqual([shown.id]);
    expect(page.body.meta.pagination).toMatchObject({ total_items: 1, total_pages: 1 });
    expect((await listed(`/v1/collections/${collection.id}/products`)).total).toBe(5);
  });

  it("refuses a hidden product's sku in a cart of that channel, and its payment when hidden after checkout", async () => {
    const other = await secondChannel();
    const hidden = await createProduct({ price: 500, hidden_on: [t.channelId] });
    const refused = await t.storefront.post('/v1/carts', { items: { [hidden.sku_id]: 1 } });
    expectInvalid(refused, `items[${hidden.sku_id}]`);
    const cart = await t.storefront.post('/v1/carts', {});
    expectInvalid(await t.storefront.put(`/v1/carts/${cart.body.data.id}`, { items: { [hidden.sku_id]: 1 } }), `items[${hidden.sku_id}]`);
    expect((await other.client.post('/v1/carts', { items: { [hidden.sku_id]: 1 } })).status).toBe(201);

    const later = await createProduct({ price: 500 });
    const checkout = await readyCheckout(t, { items: [{ skuId: later.sku_id }] });
    expect((await t.admin.post(`/v1/products/${later.id}`, { hidden_on: [t.channelId] })).status).toBe(200);
    const paid = await pay(t, checkout.orderId);
    expectInvalid(paid, `items[${later.sku_id}]`);
    expect((await t.admin.get(`/v1/orders/${checkout.orderId}`)).body.data.status).toBe('created');
  });

  it('shows the product again once hidden_on no longer names the channel, and records product.updated', async () => {
    const product = await createProduct({ hidden_on: [t.channelId] });
    expect((await t.storefront.get(`/v1/products/${product.id}`)).status).toBe(404);

    const res = await t.admin.post(`/v1/products/${product.id}`, { hidden_on: [] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.hidden_on).toEqual([]);
    expect((await t.storefront.get(`/v1/products/${product.id}`)).status).toBe(200);
    const events = await t.admin.get(`/v1/events?related_object=${product.id}&kind=product.updated`);
    expect(events.body.data[0].data.object.hidden_on).toEqual([]);
  });

  it('refuses hidden_on naming no sales channel, changing nothing', async () => {
    const product = await createProduct();
    const res = await t.admin.post(`/v1/products/${product.id}`, { hidden_on: [t.channelId, 'chn_nope', 'x'] });
    expectInvalid(res, 'hidden_on[1]', 'hidden_on[2]');
    expect(res.body.errors.map((e: { field: string }) => e.field)).not.toContain('hidden_on[0]');
    expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.hidden_on).toEqual([]);
    expectInvalid(await t.admin.post('/v1/products', { name: 'Nope', hidden_on: ['chn_nope'] }), 'hidden_on[0]');
    expectInvalid(await t.admin.post('/v1/products', { name: 'Nope', hidden_on: 'chn_x' }), 'hidden_on');
  });

  it('stores each channel of hidden_on once', async () => {
    const product = await createProduct({ hidden_on: [t.channelId, t.channelId] });
    expect(product.hidden_on).toEqual([t.channelId]);
  });

  // ---------------------------------------------------------------- the listing

  it("lists a category's products with those of every category below it, each once, in creation order", async () => {
    const { root, child, grandchild, inRoot, inChild, inGrandchild } = await tree();

    expect(await listed(`/v1/categories/${root.id}/products`)).toEqual({ ids: [inRoot.id, inChild.id, inGrandchild.id], total: 3 });
    expect(await listed(`/v1/categories/${child.id}/products`)).toEqual({ ids: [inChild.id, inGrandchild.id], total: 2 });
    expect(await listed(`/v1/categories/${grandchild.id}/products`)).toEqual({ ids: [inGrandchild.id], total: 1 });
    expect(await listed(`/v1/products?category_id=${child.id}`)).toEqual({ ids: [inChild.id, inGrandchild.id], total: 2 });
    expect(await listed(`/v1/categories/${child.id}/products`, t.storefront)).toEqual({ ids: [inChild.id, inGrandchild.id], total: 2 });
  });

  it("takes the product listing's filters, sort and pagination", async () => {
    const { root, inRoot, inChild, inGrandchild } = await tree();
    const base = `/v1/categories/${root.id}/products`;

    expect((await listed(`${base}?sort_by=price-ascending`)).ids).toEqual([inChild.id, inGrandchild.id, inRoot.id]);
    expect((await listed(`${base}?price[min]=150&price[max]=300&sort_by=price-descending`)).ids).toEqual([inRoot.id, inGrandchild.id]);
    expect((await listed(`${base}?q=${encodeURIComponent(inChild.name.split(' ')[1])}`)).ids).toEqual([inChild.id]);
    const page = await t.admin.get(`${base}?per_page=2&page=2`);
    expect(ids(page.body.data)).toEqual([inGrandchild.id]);
    expect(page.body.meta.pagination).toMatchObject({ current_page: 2, total_pages: 2, total_items: 3, from: 3, to: 3 });
    expect((await listed(`/v1/products?category_id=${root.id}&sort_by=price-descending&per_page=1`))).toEqual({ ids: [inRoot.id], total: 3 });
  });

  it('answers 404 for an unknown category, an empty list for an unknown category_id filter, 400 for a bad query', async () => {
    expectProblem(await t.admin.get('/v1/categories/cat_unknown/products'), 404, 'not_found');
    expectProblem(await t.storefront.get('/v1/categories/cat_unknown/products'), 404, 'not_found');
    expect(await listed('/v1/products?category_id=cat_unknown')).toEqual({ ids: [], total: 0 });
    const category = await createCategory();
    expectProblem(await t.admin.get(`/v1/categories/${category.id}/products?per_page=0`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`/v1/categories/${category.id}/products?sort_by=nope`), 400, 'invalid_request');
    expect(await listed(`/v1/categories/${category.id}/products`)).toEqual({ ids: [], total: 0 });
  });
});
