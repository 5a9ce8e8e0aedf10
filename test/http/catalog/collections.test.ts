import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { CollectionRow } from '../../../src/db/types.js';
import { describeEachDatabase, type Client, type TestResponse } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem, fieldsOf } from '../../helpers/expect.js';

/** A word no other test uses: tests in this file share one database. */
function token(): string {
  return `k${randomBytes(4).toString('hex')}`;
}

function uniqueTitle(prefix: string): string {
  return `${prefix} ${token()}`;
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

describeEachDatabase('collections', (t) => {
  async function createCollection(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/collections', { title: uniqueTitle('Collection'), kind: 'products', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function createProduct(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/products', { name: uniqueTitle('Product'), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function createSku(productId: string, body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/skus', { product_id: productId, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function rowOf(id: string): Promise<CollectionRow | undefined> {
    return t.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  function rulesOf(id: string) {
    return t.db.selectFrom('collection_rules').select(['field', 'condition', 'value', 'position'])
      .where('collection_id', '=', id).orderBy('position').execute();
  }

  function membersOf(id: string) {
    return t.db.selectFrom('collection_products').select(['product_id', 'position'])
      .where('collection_id', '=', id).orderBy('position').execute();
  }

  async function eventsOf(id: string, kind: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function listProducts(collectionId: string, query = '', client: Client = t.admin): Promise<TestResponse> {
    const res = await client.get(`/v1/collections/${collectionId}/products${query ? `?${query}` : ''}`);
    expect(res.status, res.text).toBe(200);
    return res;
  }

  async function productIdsOf(collectionId: string, query = '', client: Client = t.admin): Promise<string[]> {
    return ids((await listProducts(collectionId, query, client)).body.data);
  }

  // ---------------------------------------------------------------- create, get, update, delete, list

  it('creates a collection with every field of the spec, stores it and records collection.created', async () => {
    const title = uniqueTitle('Summer Sale');
    const visibleAt = nowSeconds() - 60;

    const res = await t.admin.post('/v1/collections', {
      title, kind: 'products', description: '<p>Hot</p>', meta_title: 'Meta', meta_description: 'Meta description',
      image_url: 'https://cdn.example.com/summer.jpg', visible_at: visibleAt,
    });

    expect(res.status, res.text).toBe(201);
    const collection = res.body.data;
    expect(collection).toEqual({
      id: expect.stringMatching(/^col_[0-9a-z]{26}$/),
      object: 'collection',
      permalink: slug(title),
      title,
      description: '<p>Hot</p>',
      meta_title: 'Meta',
      meta_description: 'Meta description',
      image_url: 'https://cdn.example.com/summer.jpg',
      kind: 'products',
      sorting_rule: 'manual',
      is_visible: true,
      visible_at: visibleAt,
      disjunctive: false,
      rules: [],
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: collection.created_at,
    });
    expect(Math.abs(collection.created_at - nowSeconds())).toBeLessThan(60);
    expect(await rowOf(collection.id)).toEqual({
      id: collection.id, permalink: slug(title), title, description: '<p>Hot</p>', meta_title: 'Meta',
      meta_description: 'Meta description', image_url: 'https://cdn.example.com/summer.jpg', kind: 'products',
      sorting_rule: 'manual', is_visible: 1, visible_at: visibleAt, disjunctive: 0, metadata: '{}', private_metadata: '{}', translations: '{}',
      created_at: collection.created_at, updated_at: collection.created_at,
    });
    const events = await eventsOf(collection.id, 'collection.created');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ object: 'event', kind: 'collection.created' });
    expect(events[0].data.object).toEqual(collection);
  });

  it('fills the optional fields with null and the defaults, and keeps generated permalinks unique', async () => {
    const title = uniqueTitle('Plain');

    const first = await createCollection({ title });
    const second = await createCollection({ title });

    expect(first).toMatchObject({
      description: null, meta_title: null, meta_description: null, image_url: null,
      sorting_rule: 'manual', is_visible: true, visible_at: null, disjunctive: false, rules: [],
    });
    expect([first.permalink, second.permalink]).toEqual([slug(title), `${slug(title)}-2`]);
  });

  it('keeps an explicit permalink and refuses one already taken (422 on permalink)', async () => {
    const permalink = `explicit-${token()}`;
    const first = await createCollection({ permalink });
    const other = await createCollection();

    expect(first.permalink).toBe(permalink);
    expectInvalid(await t.admin.post('/v1/collections', { title: uniqueTitle('Dup'), kind: 'products', permalink }), 'permalink');
    expectInvalid(await t.admin.post(`/v1/collections/${other.id}`, { title: other.title, kind: 'products', permalink }), 'permalink');
    expectInvalid(await t.admin.post('/v1/collections', { title: uniqueTitle('Bad'), kind: 'products', permalink: 'Not A Slug' }), 'permalink');
    expect((await rowOf(other.id))?.permalink).toBe(other.permalink);
  });

  it('gets a collection by id', async () => {
    const collection = await createCollection();

    const res = await t.admin.get(`/v1/collections/${collection.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: collection });
  });

  it('updates a collection, keeps the fields left out and records collection.updated', async () => {
    const collection = await createCollection({ description: 'Kept', image_url: 'https://cdn.example.com/a.jpg' });
    const title = uniqueTitle('Renamed');
    const visibleAt = nowSeconds() + 3600;

    const res = await t.admin.post(`/v1/collections/${collection.id}`, {
      title, kind: 'products', sorting_rule: 'name-desc', is_visible: false, visible_at: visibleAt, meta_title: 'New meta',
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...collection,
      title,
      sorting_rule: 'name-desc',
      is_visible: false,
      visible_at: visibleAt,
      meta_title: 'New meta',
      updated_at: expect.any(Number),
    });
    expect(await rowOf(collection.id)).toMatchObject({
      title, permalink: collection.permalink, description: 'Kept', image_url: 'https://cdn.example.com/a.jpg',
      sorting_rule: 'name-desc', is_visible: 0, visible_at: visibleAt, meta_title: 'New meta',
    });
    const events = await eventsOf(collection.id, 'collection.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(res.body.data);
  });

  it('requires title and kind on update (422 naming each) and changes nothing', async () => {
    const collection = await createCollection();

    expectInvalid(await t.admin.post(`/v1/collections/${collection.id}`, { kind: 'products' }), 'title');
    expectInvalid(await t.admin.post(`/v1/collections/${collection.id}`, { title: 'No kind' }), 'kind');
    const neither = await t.admin.post(`/v1/collections/${collection.id}`, { description: 'x' });
    expectInvalid(neither, 'title', 'kind');
    expect(neither.body.errors).toContainEqual(expect.objectContaining({ field: 'title', code: 'required' }));
    expect(neither.body.errors).toContainEqual(expect.objectContaining({ field: 'kind', code: 'required' }));
    expectInvalid(await t.admin.post(`/v1/collections/${collection.id}`, { title: 'Bad kind', kind: 'automatic' }), 'kind');

    expect(await rowOf(collection.id)).toMatchObject({ title: collection.title, description: null });
    expect(await eventsOf(collection.id, 'collection.updated')).toEqual([]);
  });

  it('requires title and kind on create (422 naming each)', async () => {
    const res = await t.admin.post('/v1/collections', { description: 'Nothing else' });
    expectInvalid(res, 'title', 'kind');
    expectInvalid(await t.admin.post('/v1/collections', { title: '', kind: 'products' }), 'title');
    const blank = await t.admin.post('/v1/collections', { title: '   ', kind: 'products' });
    expectInvalid(blank, 'title');
    expect(blank.body.errors).toContainEqual({ field: 'title', code: 'invalid_format', message: 'must not be blank' });
  });

  it('deletes a collection (204, then 404); its products survive; collection.deleted carries it with its rules', async () => {
    const smart = await createCollection({ kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: token() }] });
    const hand = await createCollection();
    const product = await createProduct({ collection_ids: [hand.id] });

    const res = await t.admin.delete(`/v1/collections/${smart.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await t.admin.delete(`/v1/collections/${hand.id}`)).status).toBe(204);

    expect(await rowOf(smart.id)).toBeUndefined();
    expect(await rulesOf(smart.id)).toEqual([]);
    expect(await membersOf(hand.id)).toEqual([]);
    expectProblem(await t.admin.get(`/v1/collections/${smart.id}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/collections/${hand.id}/products`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/collections/${smart.id}`), 404, 'not_found');
    const survivor = await t.admin.get(`/v1/products/${product.id}`);
    expect(survivor.status).toBe(200);
    expect(survivor.body.data.collection_ids).toEqual([]);
    const events = await eventsOf(smart.id, 'collection.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(smart);
    expect(events[0].data.object.rules).toEqual([
      { id: expect.stringMatching(/^rul_[0-9a-z]{26}$/), object: 'collection_rule', field: 'title', condition: 'contains', value: smart.rules[0].value },
    ]);
  });

  it('lists collections searched by q (case-insensitive), in creation order, with the pagination block', async () => {
    const word = token();
    const first = await createCollection({ title: `Spring ${word} One` });
    const second = await createCollection({ title: `Autumn ${word.toUpperCase()} Two` });
    const third = await createCollection({ title: `Winter ${word} Three` });
    await createCollection({ title: uniqueTitle('Unrelated') });

    const page1 = await t.admin.get(`/v1/collections?q=${word}&per_page=2`);
    const page2 = await t.admin.get(`/v1/collections?q=${word}&per_page=2&page=2`);
    const narrowed = await t.admin.get(`/v1/collections?q=${encodeURIComponent(`${word} winter`)}`);

    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data).toEqual([first, second]);
    expect(page1.body.meta.pagination).toEqual({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 2, total_items: 3,
      links: { previous_page: null, next_page: `/v1/collections?q=${word}&per_page=2&page=2` },
    });
    expect(page2.body.data).toEqual([third]);
    expect(page2.body.meta.pagination).toEqual({
      current_page: 2, previous_page: 1, next_page: null, per_page: 2, from: 3, to: 3, total_pages: 2, total_items: 3,
      links: { previous_page: `/v1/collections?q=${word}&per_page=2&page=1`, next_page: null },
    });
    expect(ids(narrowed.body.data)).toEqual([third.id]);
  });

  it('accepts a form-urlencoded body on create', async () => {
    const title = uniqueTitle('Form Made');

    const res = await t.admin.post('/v1/collections', undefined, {
      form: `title=${encodeURIComponent(title)}&kind=products&is_visible=false&sorting_rule=price-desc`,
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ title, kind: 'products', is_visible: false, sorting_rule: 'price-desc', permalink: slug(title) });
    expect(await rowOf(res.body.data.id)).toMatchObject({ title, is_visible: 0, sorting_rule: 'price-desc' });
  });

  it('accepts smart rules in a form-urlencoded body with bracket names', async () => {
    const word = token();
    const form = [
      `title=${word}`, 'kind=smart', 'disjunctive=true',
      'rules[0][field]=title', 'rules[0][condition]=contains', `rules[0][value]=${word}`,
      'rules[1][field]=price', 'rules[1][condition]=equals', 'rules[1][value]=5',
    ].join('&');

    const res = await t.admin.post('/v1/collections', undefined, { form });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'smart', disjunctive: true,
      rules: [{ field: 'title', condition: 'contains', value: word }, { field: 'price', condition: 'equals', value: '5' }],
    });
    expect(await rulesOf(res.body.data.id)).toHaveLength(2);
    const bad = await t.admin.post('/v1/collections', undefined, { form: `title=${word}&kind=smart&rules[0][field]=price&rules[0][condition]=contains&rules[0][value]=x` });
    expectInvalid(bad, 'rules[0][condition]', 'rules[0][value]');
  });

  // ---------------------------------------------------------------- kind products: membership

  it('puts products in by collection_ids and by position, and lists them in manual order', async () => {
    const collection = await createCollection();
    const first = await createProduct({ collection_ids: [collection.id] });
    const later = await createProduct();
    const middle = await createProduct();
    expect(first.collection_ids).toEqual([collection.id]);

    const added = await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: later.id, position: 5 });
    expect(added.status, added.text).toBe(200);
    expect(added.body.data).toEqual({ object: 'collection_product', collection_id: collection.id, product_id: later.id, position: 5 });
    await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: middle.id, position: 2 });

    expect(await membersOf(collection.id)).toEqual([
      { product_id: first.id, position: 0 },
      { product_id: middle.id, position: 2 },
      { product_id: later.id, position: 5 },
    ]);
    expect(await productIdsOf(collection.id)).toEqual([first.id, middle.id, later.id]);

    // Adding a member again moves it; without a position it goes last.
    const moved = await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: first.id, position: 9 });
    expect(moved.body.data.position).toBe(9);
    expect(await productIdsOf(collection.id)).toEqual([middle.id, later.id, first.id]);
    const appended = await createProduct();
    const last = await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: appended.id });
    expect(last.body.data.position).toBe(10);
    expect(await productIdsOf(collection.id)).toEqual([middle.id, later.id, first.id, appended.id]);

    const product = await t.admin.get(`/v1/products/${later.id}`);
    expect(product.body.data.collection_ids).toEqual([collection.id]);
    const events = await eventsOf(collection.id, 'collection.updated');
    expect(events).toHaveLength(4);
    expect(events[0].data.object).toEqual(collection);
  });

  it('keeps the unfiltered listing total as products come in, move, go out and are deleted', async () => {
    const collection = await createCollection();
    const other = await createCollection();
    const total = async (id: string) => (await listProducts(id, 'per_page=1')).body.meta.pagination.total_items;
    const keptCount = async (id: string) =>
      Number((await t.db.selectFrom('collection_member_counts').select('members').where('collection_id', '=', id).executeTakeFirst())?.members ?? 0);

    expect(await total(collection.id)).toBe(0);
    const [a, b, c] = [
      await createProduct({ collection_ids: [collection.id, other.id] }),
      await createProduct({ collection_ids: [collection.id] }),
      await createProduct(),
    ];
    expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: c.id, position: 1 })).status).toBe(200);
    // Moving a member is no new member.
    expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: a.id, position: 9 })).status).toBe(200);
    expect([await total(collection.id), await total(other.id)]).toEqual([3, 1]);

    expect((await t.admin.delete(`/v1/collections/${collection.id}/products/${b.id}`)).status).toBe(204);
    expect((await t.admin.post(`/v1/products/${c.id}`, { collection_ids: [other.id] })).status).toBe(200);
    expect([await total(collection.id), await total(other.id)]).toEqual([1, 2]);
    expect((await t.admin.delete(`/v1/products/${a.id}`)).status).toBe(204);
    expect([await total(collection.id), await total(other.id)]).toEqual([0, 1]);
    // The filtered total is counted, and agrees.
    expect((await listProducts(other.id, 'per_page=1&active=true')).body.meta.pagination.total_items).toBe(1);
    expect([await keptCount(collection.id), await keptCount(other.id)]).toEqual([0, 1]);

    // Turned smart, the collection has no hand-picked members left to count; deleted, no count row.
    expect((await t.admin.post(`/v1/collections/${other.id}`, { title: other.title, kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: token() }] })).status).toBe(200);
    expect(await keptCount(other.id)).toBe(0);
    expect((await t.admin.delete(`/v1/collections/${collection.id}`)).status).toBe(204);
    expect(await t.db.selectFrom('collection_member_counts').select('members').where('collection_id', '=', collection.id).executeTakeFirst()).toBeUndefined();
  });

  it('keeps the on-sale listing total as members turn active or inactive, are published later and are deleted', async () => {
    const collection = await createCollection();
    const other = await createCollection();
    // The total each listing gives, checked against the products it lists.
    const total = async (id: string, query: string, client: Client = t.admin) => {
      const page = await listProducts(id, `per_page=250${query}`, client);
      expect(page.body.meta.pagination.total_items).toBe(page.body.data.length);
      return page.body.meta.pagination.total_items as number;
    };
    const totals = async (id: string) =>
      [await total(id, '', t.storefront), await total(id, '&active=true'), await total(id, '&published=true'), await total(id, '&active=true&published=true')];
    const keptActive = async (id: string) =>
      Number((await t.db.selectFrom('collection_member_counts').select('active_members').where('collection_id', '=', id).executeTakeFirst())?.active_members ?? 0);
    const later = nowSeconds() + 3600;

    const onSale = await createProduct({ collection_ids: [collection.id, other.id] });
    const inactive = await createProduct({ collection_ids: [collection.id], is_active: false });
    const future = await createProduct({ collection_ids: [collection.id], available_at: later });
    const inactiveFuture = await createProduct({ collection_ids: [collection.id], is_active: false, available_at: later });
    expect(await totals(collection.id)).toEqual([1, 2, 2, 1]);
    expect(await totals(other.id)).toEqual([1, 1, 1, 1]);

    // Turned inactive, a product leaves the active count of every collection holding it.
    expect((await t.admin.post(`/v1/products/${onSale.id}`, { is_active: false })).status).toBe(200);
    expect(await totals(collection.id)).toEqual([0, 1, 2, 0]);
    expect(await totals(other.id)).toEqual([0, 0, 1, 0]);
    // An update leaving it as it was changes no count.
    expect((await t.admin.post(`/v1/products/${onSale.id}`, { is_active: false, name: uniqueTitle('Renamed') })).status).toBe(200);
    expect((await t.admin.post(`/v1/products/${inactive.id}`, { is_active: true })).status).toBe(200);
    expect((await t.admin.post(`/v1/products/${future.id}`, { available_at: nowSeconds() - 60 })).status).toBe(200);
    expect(await totals(collection.id)).toEqual([2, 2, 3, 2]);
    expect([await keptActive(collection.id), await keptActive(other.id)]).toEqual([2, 0]);

    // Deleted, an active product and an inactive one leave their collections' counts as they should.
    expect((await t.admin.delete(`/v1/products/${inactive.id}`)).status).toBe(204);
    expect((await t.admin.delete(`/v1/products/${inactiveFuture.id}`)).status).toBe(204);
    expect(await totals(collection.id)).toEqual([1, 1, 2, 1]);
    // Taken out and put back, a member counts once, with its activity.
    expect((await t.admin.delete(`/v1/collections/${collection.id}/products/${future.id}`)).status).toBe(204);
    expect(await totals(collection.id)).toEqual([0, 0, 1, 0]);
    expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: future.id })).status).toBe(200);
    expect((await t.admin.post(`/v1/collections/${other.id}/products`, { product_id: future.id })).status).toBe(200);
    expect(await totals(collection.id)).toEqual([1, 1, 2, 1]);
    expect(await totals(other.id)).toEqual([1, 1, 2, 1]);
    expect([await keptActive(collection.id), await keptActive(other.id)]).toEqual([1, 1]);
  });

  it('takes a product out (204, collection.updated); a product not in it is 404', async () => {
    const collection = await createCollection();
    const member = await createProduct({ collection_ids: [collection.id] });
    const outsider = await createProduct();

    const res = await t.admin.delete(`/v1/collections/${collection.id}/products/${member.id}`);

    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await membersOf(collection.id)).toEqual([]);
    expect(await productIdsOf(collection.id)).toEqual([]);
    expect((await t.admin.get(`/v1/products/${member.id}`)).status).toBe(200);
    const events = await eventsOf(collection.id, 'collection.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(collection);
    expectProblem(await t.admin.delete(`/v1/collections/${collection.id}/products/${member.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/collections/${collection.id}/products/${outsider.id}`), 404, 'not_found');
    expect(await eventsOf(collection.id, 'collection.updated')).toHaveLength(1);
  });

  it('refuses products on a smart collection (409), an unknown product (422) and an unknown collection (404)', async () => {
    const smart = await createCollection({ kind: 'smart', rules: [{ field: 'vendor', condition: 'equals', value: token() }] });
    const hand = await createCollection();
    const product = await createProduct();

    expectProblem(await t.admin.post(`/v1/collections/${smart.id}/products`, { product_id: product.id }), 409, 'invalid_state');
    expectProblem(await t.admin.delete(`/v1/collections/${smart.id}/products/${product.id}`), 409, 'invalid_state');
    expectInvalid(await t.admin.post(`/v1/collections/${hand.id}/products`, { product_id: 'prd_00000000000000000000000000' }), 'product_id');
    expectInvalid(await t.admin.post(`/v1/collections/${hand.id}/products`, { position: 1 }), 'product_id');
    expectProblem(await t.admin.post('/v1/collections/col_00000000000000000000000000/products', { product_id: product.id }), 404, 'not_found');
    expectInvalid(await t.admin.post('/v1/products', { name: uniqueTitle('Smart member'), collection_ids: [smart.id] }), 'collection_ids[0]');

    expect(await membersOf(smart.id)).toEqual([]);
    expect(await membersOf(hand.id)).toEqual([]);
    expect(await eventsOf(smart.id, 'collection.updated')).toEqual([]);
  });

  it('turning a products collection into a smart one drops its hand-picked products', async () => {
    const collection = await createCollection();
    await createProduct({ collection_ids: [collection.id] });
    const word = token();

    const res = await t.admin.post(`/v1/collections/${collection.id}`, {
      title: collection.title, kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: word }],
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: word }] });
    expect(await membersOf(collection.id)).toEqual([]);
    const matching = await createProduct({ name: `Lamp ${word}` });
    expect(await productIdsOf(collection.id)).toEqual([matching.id]);
  });

  // ---------------------------------------------------------------- kind smart: rules

  it('lists the products matching every rule when disjunctive is false (title starts_with, vendor equals, tag contains, price bounds)', async () => {
    const word = token();
    const vendor = `Acme ${word}`;
    const tag = `Summer Sale ${word}`;
    const rules = [
      { field: 'title', condition: 'starts_with', value: word },
      { field: 'vendor', condition: 'equals', value: vendor.toUpperCase() },
      { field: 'tag', condition: 'contains', value: `sale ${word}` },
      { field: 'price', condition: 'greater_than', value: '1000' },
      { field: 'price', condition: 'less_than', value: '3000' },
    ];
    const res = await t.admin.post('/v1/collections', { title: uniqueTitle('Smart all'), kind: 'smart', rules, disjunctive: false });
    expect(res.status, res.text).toBe(201);
    const collection = res.body.data;
    const base = { vendor, tags: [tag], price: 2000 };
    const match = await createProduct({ ...base, name: `${word} Match` });
    await createProduct({ ...base, name: `Prefix ${word} Wrong title` });
    await createProduct({ ...base, name: `${word} Wrong vendor`, vendor: `Other ${word}` });
    await createProduct({ ...base, name: `${word} No tag`, tags: [] });
    await createProduct({ ...base, name: `${word} At lower bound`, price: 1000 });
    await createProduct({ ...base, name: `${word} At upper bound`, price: 3000 });

    expect(collection).toMatchObject({ kind: 'smart', disjunctive: false });
    expect(collection.rules).toEqual(rules.map((r) => ({ id: expect.stringMatching(/^rul_[0-9a-z]{26}$/), object: 'collection_rule', ...r })));
    expect(await rulesOf(collection.id)).toEqual(rules.map((r, position) => ({ ...r, position })));
    expect(await rowOf(collection.id)).toMatchObject({ kind: 'smart', disjunctive: 0 });
    expect(await productIdsOf(collection.id)).toEqual([match.id]);
    const events = await eventsOf(collection.id, 'collection.created');
    expect(events[0].data.object).toEqual(collection);
  });

  it('lists the products matching any rule when disjunctive is true (vendor, tag equals, compared_price, weight in grams, in_stock)', async () => {
    const word = token();
    const vendor = `Vendor ${word}`;
    const tag = `Tag ${word}`;
    const rules = [
      { field: 'vendor', condition: 'equals', value: vendor },
      { field: 'tag', condition: 'equals', value: tag.toLowerCase() },
      { field: 'compared_price', condition: 'greater_than', value: '5000' },
      { field: 'weight', condition: 'greater_than', value: '1500' },
      { field: 'in_stock', condition: 'less_than', value: '3' },
    ];
    const collection = await createCollection({ kind: 'smart', rules, disjunctive: true });
    const byVendor = await createProduct({ name: `${word} vendor`, vendor });
    const byTag = await createProduct({ name: `${word} tag`, tags: [tag, 'Other'] });
    const byCompared = await createProduct({ name: `${word} compared`, compared_price: 6000 });
    const byKilograms = await createProduct({ name: `${word} kilograms` });
    const heavy = await createSku(byKilograms.id, { weight: 2, weight_unit: 'kg', in_stock: 10 });
    const byGrams = await createProduct({ name: `${word} grams` });
    await createSku(byGrams.id, { weight: 1600, weight_unit: 'gr', in_stock: 10 });
    const byStock = await createProduct({ name: `${word} stock` });
    await createSku(byStock.id, { in_stock: 2 });
    const none = await createProduct({ name: `${word} none`, vendor: `Else ${word}`, tags: [`${tag} extra`], compared_price: 5000 });
    await createSku(none.id, { weight: 1.5, weight_unit: 'kg', in_stock: 3 });

    expect(heavy.weight_source).toBe(2000);
    expect(collection.disjunctive).toBe(true);
    expect(await rowOf(collection.id)).toMatchObject({ disjunctive: 1 });
    // q scopes the listing to this test's products: "any rule" also matches other tests' products.
    expect(await productIdsOf(collection.id, `q=${word}`)).toEqual([byVendor.id, byTag.id, byCompared.id, byKilograms.id, byGrams.id, byStock.id]);

    const update = await t.admin.post(`/v1/collections/${collection.id}`, { title: collection.title, kind: 'smart', disjunctive: false });
    expect(update.status, update.text).toBe(200);
    expect(update.body.data).toMatchObject({ disjunctive: false, rules: collection.rules });
    expect(await rulesOf(collection.id)).toHaveLength(5);
    expect(await productIdsOf(collection.id, `q=${word}`)).toEqual([]);
  });

  it('matches text rules case-insensitively: contains, ends_with, not_contains, vendor not_equals', async () => {
    const word = token();
    const acme = `Acme ${word}`;
    const collection = await createCollection({
      kind: 'smart',
      rules: [
        { field: 'title', condition: 'contains', value: word.toUpperCase() },
        { field: 'title', condition: 'ends_with', value: 'lamp' },
        { field: 'title', condition: 'not_contains', value: 'Refurbished' },
        { field: 'vendor', condition: 'not_equals', value: acme.toUpperCase() },
      ],
    });
    const desk = await createProduct({ name: `${word} Desk LAMP`, vendor: `Other ${word}` });
    await createProduct({ name: `${word} refurbished Lamp` });
    await createProduct({ name: `${word} Lamp shade` });
    await createProduct({ name: `${word} Floor Lamp`, vendor: acme });
    const noVendor = await createProduct({ name: `${word} Table lamp` });
    // A literal % or _ in a value is no wildcard.
    const literal = await createCollection({ kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: `${word}_%` }] });
    const percent = await createProduct({ name: `${word}_% off` });
    await createProduct({ name: `${word}xx off` });

    expect(await productIdsOf(collection.id)).toEqual([desk.id, noVendor.id]);
    expect(await productIdsOf(literal.id)).toEqual([percent.id]);
  });

  it('decides a title rule few products may match by the name alone, though the text index also holds permalinks and sku codes', async () => {
    const word = token();
    const named = await createProduct({ name: `Tea ${word} kettle` });
    const upper = await createProduct({ name: `${word.toUpperCase()} mug` });
    const quoted = await createProduct({ name: `${word}"s special` });
    await createProduct({ name: 'Plain mug', permalink: `mug-${word}` });
    await createSku((await createProduct({ name: 'Plain cup' })).id, { code: `CUP-${word}` });
    // Enough other products that these few are worth finding through the index (fewer than one in 40).
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(Array.from({ length: 50 }, () => createProduct({ name: uniqueTitle('Filler') })));
    }
    const listed = async (rule: Record<string, string>) => {
      const collection = await createCollection({ kind: 'smart', rules: [rule], sorting_rule: 'name-asc' });
      const page = await listProducts(collection.id, 'per_page=250');
      expect(page.body.meta.pagination.total_items).toBe(page.body.data.length);
      return ids(page.body.data);
    };

    expect(await listed({ field: 'title', condition: 'contains', value: word })).toEqual([upper.id, quoted.id, named.id]);
    expect(await listed({ field: 'title', condition: 'contains', value: `${word}"S` })).toEqual([quoted.id]);
    expect(await listed({ field: 'title', condition: 'starts_with', value: word })).toEqual([upper.id, quoted.id]);
    expect(await listed({ field: 'title', condition: 'ends_with', value: `${word} KETTLE` })).toEqual([named.id]);
    expect(await listed({ field: 'title', condition: 'equals', value: `tea ${word} kettle` })).toEqual([named.id]);
    expect(await listed({ field: 'title', condition: 'equals', value: `tea ${word}` })).toEqual([]);
  });

  it('matches negated tag and vendor rules on products with no tag or no vendor, and counts what it lists', async () => {
    const word = token();
    const tag = `Clearance ${word}`;
    const vendor = `Acme ${word}`;
    const noTag = await createProduct({ name: `${word} Untagged`, vendor });
    const tagged = await createProduct({ name: `${word} Tagged`, tags: [tag, `Other ${word}`] });
    const otherTag = await createProduct({ name: `${word} Other tag`, tags: [`Other ${word}`], vendor: `Zeta ${word}` });
    const title = { field: 'title', condition: 'starts_with', value: word };
    const listed = async (rule: Record<string, string>) => {
      const collection = await createCollection({ kind: 'smart', rules: [title, rule], sorting_rule: 'name-asc' });
      const page = await listProducts(collection.id, 'per_page=250');
      expect(page.body.meta.pagination.total_items).toBe(page.body.data.length);
      return ids(page.body.data);
    };

    expect(await listed({ field: 'tag', condition: 'equals', value: tag.toUpperCase() })).toEqual([tagged.id]);
    expect(await listed({ field: 'tag', condition: 'not_equals', value: tag })).toEqual([otherTag.id, noTag.id]);
    expect(await listed({ field: 'tag', condition: 'not_contains', value: `other ${word}` })).toEqual([noTag.id]);
    expect(await listed({ field: 'vendor', condition: 'contains', value: word })).toEqual([otherTag.id, noTag.id]);
    expect(await listed({ field: 'vendor', condition: 'not_contains', value: 'acme' })).toEqual([otherTag.id, tagged.id]);
  });

  it('matches a number rule when any sku of the product does (price equals, in_stock not_equals)', async () => {
    const word = token();
    const collection = await createCollection({
      kind: 'smart',
      rules: [
        { field: 'title', condition: 'starts_with', value: word },
        { field: 'price', condition: 'equals', value: '2500' },
        { field: 'in_stock', condition: 'not_equals', value: '0' },
      ],
    });
    const stocked = await createProduct({ name: `${word} stocked`, price: 2500 });
    await createSku(stocked.id, { price: 9999, in_stock: 5 });
    const empty = await createProduct({ name: `${word} empty`, price: 2500 });
    await createSku(empty.id, { price: 9999, in_stock: 0 });
    const otherPrice = await createProduct({ name: `${word} other price`, price: 2400 });
    await createSku(otherPrice.id, { price: 9999, in_stock: 5 });
    const variant = await createProduct({ name: `${word} variant`, price: 100 });
    await createSku(variant.id, { price: 2500, in_stock: 1 });

    expect(await productIdsOf(collection.id)).toEqual([stocked.id, variant.id]);
  });

  it('refuses a smart collection without rules (422 on rules), on create and on update', async () => {
    const title = uniqueTitle('Ruleless');

    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'smart' }), 'rules');
    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'smart', rules: [] }), 'rules');
    const hand = await createCollection();
    expectInvalid(await t.admin.post(`/v1/collections/${hand.id}`, { title: hand.title, kind: 'smart' }), 'rules');
    const smart = await createCollection({ kind: 'smart', rules: [{ field: 'tag', condition: 'equals', value: token() }] });
    expectInvalid(await t.admin.post(`/v1/collections/${smart.id}`, { title: smart.title, kind: 'smart', rules: [] }), 'rules');

    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
    expect(await rowOf(hand.id)).toMatchObject({ kind: 'products' });
    expect(await rulesOf(smart.id)).toHaveLength(1);
  });

  it('refuses a rule whose condition or value does not fit its field (422 naming rules[i][condition] / rules[i][value])', async () => {
    const title = uniqueTitle('Misfit');

    const res = await t.admin.post('/v1/collections', {
      title,
      kind: 'smart',
      rules: [
        { field: 'title', condition: 'contains', value: 'fine' },
        { field: 'price', condition: 'contains', value: '10' },
        { field: 'price', condition: 'greater_than', value: '10.5' },
        { field: 'weight', condition: 'less_than', value: 'heavy' },
        { field: 'vendor', condition: 'greater_than', value: 'a' },
      ],
    });

    expectInvalid(res, 'rules[1][condition]', 'rules[2][value]', 'rules[3][value]', 'rules[4][condition]');
    expect(fieldsOf(res).filter((f) => f.startsWith('rules[0]'))).toEqual([]);
    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  it('refuses a number rule value too large to compare (422 on rules[i][value], never a 500)', async () => {
    const title = uniqueTitle('Huge');

    const res = await t.admin.post('/v1/collections', {
      title,
      kind: 'smart',
      rules: [
        { field: 'price', condition: 'greater_than', value: '99999999999999999999' },
        { field: 'in_stock', condition: 'less_than', value: String(Number.MAX_SAFE_INTEGER) },
      ],
    });

    expectInvalid(res, 'rules[0][value]');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'rules[0][value]', code: 'out_of_range' }));
    expect(fieldsOf(res)).not.toContain('rules[1][value]');
    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
  });

  it('refuses an unknown rule field or condition (422), and rules on a products collection (422)', async () => {
    const title = uniqueTitle('Unknown rule');

    const res = await t.admin.post('/v1/collections', {
      title, kind: 'smart', rules: [{ field: 'color', condition: 'equals', value: 'red' }, { field: 'title', condition: 'matches', value: 'x' }],
    });
    expectInvalid(res, 'rules[0][field]', 'rules[1][condition]');
    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'smart', rules: [{ field: 'title', condition: 'equals' }] }), 'rules[0][value]');
    expectInvalid(await t.admin.post('/v1/collections', {
      title, kind: 'products', rules: [{ field: 'title', condition: 'equals', value: 'x' }],
    }), 'rules');
    const hand = await createCollection();
    expectInvalid(await t.admin.post(`/v1/collections/${hand.id}`, {
      title: hand.title, kind: 'products', rules: [{ field: 'title', condition: 'equals', value: 'x' }],
    }), 'rules');

    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
    expect(await rulesOf(hand.id)).toEqual([]);
  });

  // ---------------------------------------------------------------- GET /v1/collections/{id}/products

  it('filters by active and published', async () => {
    const collection = await createCollection();
    const member = { collection_ids: [collection.id] };
    const onSale = await createProduct(member);
    const inactive = await createProduct({ ...member, is_active: false });
    const future = await createProduct({ ...member, available_at: nowSeconds() + 3600 });
    const past = await createProduct({ ...member, available_at: nowSeconds() - 3600 });

    expect(await productIdsOf(collection.id)).toEqual([onSale.id, inactive.id, future.id, past.id]);
    expect(await productIdsOf(collection.id, 'active=true')).toEqual([onSale.id, future.id, past.id]);
    expect(await productIdsOf(collection.id, 'active=false')).toEqual([inactive.id]);
    expect(await productIdsOf(collection.id, 'published=true')).toEqual([onSale.id, inactive.id, past.id]);
    expect(await productIdsOf(collection.id, 'published=false')).toEqual([future.id]);
    expect(await productIdsOf(collection.id, 'active=true&published=true')).toEqual([onSale.id, past.id]);
  });

  it('with listable=true lists only products with a listable sku and shows only their listable skus', async () => {
    const collection = await createCollection();
    const mixed = await createProduct({ collection_ids: [collection.id], modifiers: ['color'] });
    const hidden = await createSku(mixed.id, { modifiers: { color: 'Red' }, price: 1200, is_listable: false });
    const unlisted = await createProduct({ collection_ids: [collection.id] });
    const update = await t.admin.post(`/v1/skus/${unlisted.sku_id}`, { is_listable: false });
    expect(update.status, update.text).toBe(200);

    const all = await listProducts(collection.id);
    const listable = await listProducts(collection.id, 'listable=true');

    expect(ids(all.body.data)).toEqual([mixed.id, unlisted.id]);
    expect(ids(all.body.data[0].skus)).toEqual([mixed.sku_id, hidden.id]);
    expect(ids(listable.body.data)).toEqual([mixed.id]);
    expect(ids(listable.body.data[0].skus)).toEqual([mixed.sku_id]);
    expect(listable.body.meta.pagination.total_items).toBe(1);
  });

  it('filters by price[min] and price[max], inclusive, in cents, on the default sku price', async () => {
    const collection = await createCollection();
    const member = { collection_ids: [collection.id] };
    const p999 = await createProduct({ ...member, price: 999 });
    const p1000 = await createProduct({ ...member, price: 1000 });
    const p1500 = await createProduct({ ...member, price: 1500 });
    const p2000 = await createProduct({ ...member, price: 2000 });
    const p2001 = await createProduct({ ...member, price: 2001 });
    const cheapDefault = await createProduct({ ...member, price: 500 });
    await createSku(cheapDefault.id, { price: 1500 });

    expect(await productIdsOf(collection.id, 'price[min]=1000&price[max]=2000')).toEqual([p1000.id, p1500.id, p2000.id]);
    expect(await productIdsOf(collection.id, 'price[min]=1500')).toEqual([p1500.id, p2000.id, p2001.id]);
    expect(await productIdsOf(collection.id, 'price[max]=999')).toEqual([p999.id, cheapDefault.id]);
    expectProblem(await t.admin.get(`/v1/collections/${collection.id}/products?price[min]=cheap`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`/v1/collections/${collection.id}/products?price[min]=-1`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`/v1/collections/${collection.id}/products?price[max]=99999999999999999999`), 400, 'invalid_request');
  });

  it('filters by options[color]', async () => {
    const collection = await createCollection();
    const member = { collection_ids: [collection.id], modifiers: ['color'] };
    const red = await createProduct(member);
    await createSku(red.id, { modifiers: { color: 'Red' }, price: 1000, is_listable: true, weight: 1, in_stock: 4 });
    const blue = await createProduct(member);
    await createSku(blue.id, { modifiers: { color: 'Blue' }, price: 1000 });
    await createProduct({ collection_ids: [collection.id] });

    expect(await productIdsOf(collection.id, 'options[color]=Red')).toEqual([red.id]);
    expect(await productIdsOf(collection.id, 'options[color][]=Red&options[color][]=Blue')).toEqual([red.id, blue.id]);
    expect(await productIdsOf(collection.id, 'options[color]=Green')).toEqual([]);
  });

  it('searches with q in names and permalinks, case-insensitively', async () => {
    const collection = await createCollection();
    const word = token();
    const lamp = await createProduct({ name: `${word} Alpha Lamp`, collection_ids: [collection.id] });
    const chair = await createProduct({ name: `${word} Beta Chair`, collection_ids: [collection.id] });
    await createProduct({ name: `${word} Lamp elsewhere` });

    expect(await productIdsOf(collection.id, 'q=LAMP')).toEqual([lamp.id]);
    expect(await productIdsOf(collection.id, `q=${encodeURIComponent(`${word} chair`)}`)).toEqual([chair.id]);
    expect(await productIdsOf(collection.id, `q=${chair.permalink}`)).toEqual([chair.id]);
    expect(await productIdsOf(collection.id, 'q=sofa')).toEqual([]);
  });

  it('orders by each sort_by value', async () => {
    const collection = await createCollection();
    const word = token();
    const member = { collection_ids: [collection.id] };
    const charlie = await createProduct({ ...member, name: `${word} Charlie`, price: 200 });
    const alpha = await createProduct({ ...member, name: `${word} Alpha`, price: 300 });
    const bravo = await createProduct({ ...member, name: `${word} Bravo`, price: 100 });

    const expected: Record<string, string[]> = {
      'name-ascending': [alpha.id, bravo.id, charlie.id],
      'name-descending': [charlie.id, bravo.id, alpha.id],
      'created-ascending': [charlie.id, alpha.id, bravo.id],
      'created-descending': [bravo.id, alpha.id, charlie.id],
      'price-ascending': [bravo.id, charlie.id, alpha.id],
      'price-descending': [alpha.id, charlie.id, bravo.id],
    };
    for (const [sortBy, order] of Object.entries(expected)) {
      expect(await productIdsOf(collection.id, `sort_by=${sortBy}`), sortBy).toEqual(order);
      // A search sorts its matches too (by price or name, with its total, in one pass).
      const found = await listProducts(collection.id, `q=${word}&sort_by=${sortBy}&per_page=2`);
      expect(ids(found.body.data), `${sortBy} with q`).toEqual(order.slice(0, 2));
      expect(found.body.meta.pagination.total_items).toBe(3);
    }
  });

  it('keeps each sort_by order as names, prices and default skus change, page by page, skipping what the storefront may not see', async () => {
    const collection = await createCollection();
    const word = token();
    const member = { collection_ids: [collection.id] };
    const alpha = await createProduct({ ...member, name: `${word} Alpha`, price: 300 });
    const bravo = await createProduct({ ...member, name: `${word} Bravo`, price: 100 });
    const charlie = await createProduct({ ...member, name: `${word} Charlie`, price: 200, modifiers: ['size'] });

    expect((await t.admin.post(`/v1/products/${alpha.id}`, { name: `${word} Zulu` })).status).toBe(200);
    expect((await t.admin.post(`/v1/skus/${bravo.sku_id}`, { price: 400 })).status).toBe(200);
    // Charlie's default sku goes; its other sku, cheaper, becomes the default.
    await createSku(charlie.id, { modifiers: { size: 'S' }, price: 50 });
    expect((await t.admin.delete(`/v1/sku/${charlie.sku_id}`)).status).toBe(204);
    // A product joins the collection after its price was set.
    const delta = await createProduct({ name: `${word} delta`, price: 150 });
    expect((await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: delta.id })).status).toBe(200);

    const orders: Record<string, string[]> = {
      'name-ascending': [bravo.id, charlie.id, delta.id, alpha.id],
      'name-descending': [alpha.id, delta.id, charlie.id, bravo.id],
      'price-ascending': [charlie.id, delta.id, alpha.id, bravo.id],
      'price-descending': [bravo.id, alpha.id, delta.id, charlie.id],
      'created-ascending': [alpha.id, bravo.id, charlie.id, delta.id],
      'created-descending': [delta.id, charlie.id, bravo.id, alpha.id],
    };
    const pages = async (sortBy: string, client: Client) => {
      const found: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await listProducts(collection.id, `sort_by=${sortBy}&per_page=2&page=${page}`, client);
        found.push(...ids(res.body.data));
        expect(res.body.meta.pagination.total_items).toBe(client === t.admin ? 4 : 3);
      }
      return found;
    };
    for (const [sortBy, order] of Object.entries(orders)) expect(await pages(sortBy, t.admin), sortBy).toEqual(order);

    // The storefront skips an inactive member on every page, and the totals agree.
    expect((await t.admin.post(`/v1/products/${delta.id}`, { is_active: false })).status).toBe(200);
    for (const [sortBy, order] of Object.entries(orders)) {
      expect(await pages(sortBy, t.storefront), `${sortBy} (storefront)`).toEqual(order.filter((id) => id !== delta.id));
    }
    // Words and a price range, on the prices the memberships keep.
    const search = `q=${word}&price[min]=60&price[max]=350&sort_by=price-descending&per_page=1`;
    const found = await listProducts(collection.id, search);
    expect([ids(found.body.data), found.body.meta.pagination.total_items]).toEqual([[alpha.id], 2]);
    expect(ids((await listProducts(collection.id, `${search}&page=2`)).body.data)).toEqual([delta.id]);
    const onSale = await listProducts(collection.id, search, t.storefront);
    expect([ids(onSale.body.data), onSale.body.meta.pagination.total_items]).toEqual([[alpha.id], 1]);
    const past = await listProducts(collection.id, `${search}&page=3`, t.storefront);
    expect([ids(past.body.data), past.body.meta.pagination.total_items]).toEqual([[], 1]);
  });

  it('leaves out of the storefront listing every product not on sale, however many (past the 200 it lists by id)', async () => {
    const collection = await createCollection();
    const member = { collection_ids: [collection.id] };
    const onSale = await createProduct({ ...member, name: `${token()} On sale`, price: 500 });
    for (let i = 0; i < 201; i += 1) await createProduct({ ...member, is_active: false, price: 100 + i });
    for (const query of ['', 'sort_by=price-ascending', 'per_page=1&page=1']) {
      const res = await listProducts(collection.id, query, t.storefront);
      expect([ids(res.body.data), res.body.meta.pagination.total_items], query).toEqual([[onSale.id], 1]);
    }
    expect((await listProducts(collection.id, 'per_page=250')).body.meta.pagination.total_items).toBe(202);
  });

  it('orders by the sorting_rule when no sort_by is given, and sort_by wins over it', async () => {
    const collection = await createCollection({ sorting_rule: 'name-desc' });
    const word = token();
    const member = { collection_ids: [collection.id] };
    const charlie = await createProduct({ ...member, name: `${word} Charlie`, price: 200 });
    const alpha = await createProduct({ ...member, name: `${word} Alpha`, price: 300 });
    const bravo = await createProduct({ ...member, name: `${word} Bravo`, price: 100 });

    expect(await productIdsOf(collection.id)).toEqual([charlie.id, bravo.id, alpha.id]);
    expect(await productIdsOf(collection.id, 'sort_by=created-ascending')).toEqual([charlie.id, alpha.id, bravo.id]);

    await t.admin.post(`/v1/collections/${collection.id}`, { title: collection.title, kind: 'products', sorting_rule: 'price-asc' });
    expect(await productIdsOf(collection.id)).toEqual([bravo.id, charlie.id, alpha.id]);

    const smart = await createCollection({ kind: 'smart', sorting_rule: 'price-desc', rules: [{ field: 'title', condition: 'starts_with', value: word }] });
    expect(await productIdsOf(smart.id)).toEqual([alpha.id, charlie.id, bravo.id]);
  });

  it('refuses an unknown sort_by, per_page above 250 and page 0 (400 problem)', async () => {
    const collection = await createCollection();
    const base = `/v1/collections/${collection.id}/products`;

    const unknown = await t.admin.get(`${base}?sort_by=popularity`);
    expectProblem(unknown, 400, 'invalid_request');
    expect(fieldsOf(unknown)).toContain('sort_by');
    expectProblem(await t.admin.get(`${base}?per_page=1000`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`${base}?per_page=0`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`${base}?page=0`), 400, 'invalid_request');
    expectProblem(await t.admin.get(`${base}?active=maybe`), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/collections?per_page=1000'), 400, 'invalid_request');
  });

  it('pages the products with the full pagination block', async () => {
    const collection = await createCollection();
    const products = [];
    for (let i = 0; i < 5; i += 1) products.push(await createProduct({ collection_ids: [collection.id] }));
    const base = `/v1/collections/${collection.id}/products`;

    const first = await listProducts(collection.id, 'per_page=2');
    const second = await listProducts(collection.id, 'per_page=2&page=2');
    const third = await listProducts(collection.id, 'per_page=2&page=3');
    const beyond = await listProducts(collection.id, 'per_page=2&page=4');
    const whole = await listProducts(collection.id);

    expect(ids(first.body.data)).toEqual(ids(products.slice(0, 2)));
    expect(first.body.meta.pagination).toEqual({
      current_page: 1, previous_page: null, next_page: 2, per_page: 2, from: 1, to: 2, total_pages: 3, total_items: 5,
      links: { previous_page: null, next_page: `${base}?per_page=2&page=2` },
    });
    expect(ids(second.body.data)).toEqual(ids(products.slice(2, 4)));
    expect(second.body.meta.pagination).toEqual({
      current_page: 2, previous_page: 1, next_page: 3, per_page: 2, from: 3, to: 4, total_pages: 3, total_items: 5,
      links: { previous_page: `${base}?per_page=2&page=1`, next_page: `${base}?per_page=2&page=3` },
    });
    expect(ids(third.body.data)).toEqual(ids(products.slice(4)));
    expect(third.body.meta.pagination).toMatchObject({ current_page: 3, previous_page: 2, next_page: null, from: 5, to: 5, links: { next_page: null } });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.pagination).toMatchObject({ current_page: 4, previous_page: 3, next_page: null, from: 0, to: 0, total_items: 5 });
    expect(whole.body.meta.pagination).toMatchObject({ per_page: 50, total_pages: 1, from: 1, to: 5, total_items: 5 });
    expect(whole.body.data[0]).toEqual(products[0]);
  });

  // ---------------------------------------------------------------- the public view

  it('never lists inactive or unpublished products to the storefront, whatever it asks', async () => {
    const collection = await createCollection();
    const member = { collection_ids: [collection.id] };
    const onSale = await createProduct(member);
    const inactive = await createProduct({ ...member, is_active: false });
    const future = await createProduct({ ...member, available_at: nowSeconds() + 3600 });

    expect(await productIdsOf(collection.id, '', t.storefront)).toEqual([onSale.id]);
    expect(await productIdsOf(collection.id, 'active=false', t.storefront)).toEqual([onSale.id]);
    expect(await productIdsOf(collection.id, 'published=false', t.storefront)).toEqual([onSale.id]);
    const page = await listProducts(collection.id, 'active=false&published=false', t.storefront);
    expect(ids(page.body.data)).toEqual([onSale.id]);
    expect(page.body.meta.pagination.total_items).toBe(1);
    expect(await productIdsOf(collection.id, 'active=false')).toEqual([inactive.id]);
    expect(await productIdsOf(collection.id, 'published=false')).toEqual([future.id]);

    const smart = await createCollection({ kind: 'smart', rules: [{ field: 'price', condition: 'greater_than', value: '0' }, { field: 'title', condition: 'equals', value: future.name }] });
    expect(await productIdsOf(smart.id, '', t.storefront)).toEqual([]);
    expect(await productIdsOf(smart.id)).toEqual([]);
  });

  it('hides invisible collections from the storefront (404, absent from the list) but not from the admin', async () => {
    const word = token();
    const visible = await createCollection({ title: `${word} Visible` });
    const hidden = await createCollection({ title: `${word} Hidden`, is_visible: false });
    const scheduled = await createCollection({ title: `${word} Scheduled`, visible_at: nowSeconds() + 3600 });
    const started = await createCollection({ title: `${word} Started`, visible_at: nowSeconds() - 3600 });

    for (const collection of [hidden, scheduled]) {
      expectProblem(await t.storefront.get(`/v1/collections/${collection.id}`), 404, 'not_found');
      expectProblem(await t.storefront.get(`/v1/collections/${collection.id}/products`), 404, 'not_found');
      expect((await t.admin.get(`/v1/collections/${collection.id}`)).status).toBe(200);
      expect((await t.admin.get(`/v1/collections/${collection.id}/products`)).status).toBe(200);
    }
    const publicList = await t.storefront.get(`/v1/collections?q=${word}`);
    expect(publicList.status, publicList.text).toBe(200);
    expect(ids(publicList.body.data)).toEqual([visible.id, started.id]);
    expect(publicList.body.meta.pagination.total_items).toBe(2);
    const adminList = await t.admin.get(`/v1/collections?q=${word}`);
    expect(ids(adminList.body.data)).toEqual([visible.id, hidden.id, scheduled.id, started.id]);
    const seen = await t.storefront.get(`/v1/collections/${visible.id}`);
    expect(seen.status).toBe(200);
    const { private_metadata: _staffOnly, translations: _staffTranslations, ...shown } = visible;
    expect(seen.body.data).toEqual(shown);
  });

  it('lets a channel key read collections but not write them (403), and refuses no credential (401)', async () => {
    const collection = await createCollection();
    const product = await createProduct();

    expectProblem(await t.storefront.post('/v1/collections', { title: uniqueTitle('Channel'), kind: 'products' }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/collections/${collection.id}`, { title: 'Changed', kind: 'products' }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/collections/${collection.id}`), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/collections/${collection.id}/products`, { product_id: product.id }), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/collections'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/collections/${collection.id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/collections/${collection.id}/products`), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/collections', { title: uniqueTitle('Anonymous'), kind: 'products' }), 401, 'unauthorized');

    expect(await rowOf(collection.id)).toMatchObject({ title: collection.title });
    expect(await membersOf(collection.id)).toEqual([]);
  });

  // ---------------------------------------------------------------- bad input

  it('refuses a malformed JSON body (400 problem)', async () => {
    const res = await t.admin.post('/v1/collections', '{"title": "Broken", ');
    expectProblem(res, 400, 'invalid_request');
  });

  it('refuses wrong types with 422 listing each field', async () => {
    const title = uniqueTitle('Typed');

    const res = await t.admin.post('/v1/collections', { title, kind: 'products', is_visible: 'maybe', visible_at: 'x', sorting_rule: 'random' });

    expectInvalid(res, 'is_visible', 'visible_at', 'sorting_rule');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'is_visible', code: 'invalid_type' }));
    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
    const existing = await createCollection();
    expectInvalid(await t.admin.post(`/v1/collections/${existing.id}`, { title: existing.title, kind: 'products', is_visible: 'maybe' }), 'is_visible');
  });

  it('refuses a visible_at past the year 9999 (422, never a 500)', async () => {
    const title = uniqueTitle('Far future');

    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'products', visible_at: 1e20 }), 'visible_at');
    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'products', visible_at: 253_402_300_800 }), 'visible_at');
    expectInvalid(await t.admin.post('/v1/collections', { title, kind: 'products', visible_at: -1 }), 'visible_at');

    expect(await t.db.selectFrom('collections').select('id').where('title', '=', title).execute()).toEqual([]);
    const latest = await createCollection({ visible_at: 253_402_300_799 });
    expect(latest.visible_at).toBe(253_402_300_799);
  });

  it('answers an unknown id with a 404 problem', async () => {
    const id = 'col_00000000000000000000000000';
    expectProblem(await t.admin.get(`/v1/collections/${id}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/collections/${id}/products`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/collections/${id}`, { title: 'Nothing', kind: 'products' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/collections/${id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/collections/${id}/products/prd_00000000000000000000000000`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/collections/${id}`), 404, 'not_found');
  });
});
