import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { uploadFile } from '../../helpers/files.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { asRecorded, catalogFactories, ids } from '../../helpers/catalog.js';

/** A word no other test uses: tests in this file share one database. */
function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** A name of CJK characters only, which has no slug. */
function uniqueCjk(): string {
  return [...randomBytes(6)].map((b) => String.fromCodePoint(0x4e00 + b * 37)).join('');
}


describeEachDatabase('products', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function createCategory(): Promise<any> {
    const res = await t.admin.post('/v1/categories', { title: `Category ${uniqueWord()}` });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function createCollection(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function eventsOf(id: string, kind: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function list(client: 'admin' | 'storefront', query: string): Promise<TestResponse> {
    const res = await t[client].get(`/v1/products?${query}`);
    expect(res.status, res.text).toBe(200);
    return res;
  }

  const future = () => Math.floor(Date.now() / 1000) + 86_400;

  // ---------- create ----------

  it('creates a product from a name alone, with a default sku priced 0 and every spec field', async () => {
    const name = `Plain Mug ${uniqueWord()}`;

    const res = await t.admin.post('/v1/products', { name });

    expect(res.status, res.text).toBe(201);
    const product = res.body.data;
    expect(product).toEqual({
      id: expect.stringMatching(/^prd_[0-9a-z]{26}$/),
      object: 'product',
      permalink: slug(name),
      name,
      excerpt: null,
      description: null,
      modifiers: [],
      meta_title: null,
      meta_description: null,
      meta_keywords: null,
      vendor: null,
      tags: [],
      sku_id: expect.stringMatching(/^sku_[0-9a-z]{26}$/),
      skus: [expect.any(Object)],
      images: [],
      available_at: null,
      price: 0,
      compared_price: null,
      currency: 'USD',
      image_url: null,
      hidden_on: [],
      is_active: true,
      category_ids: [],
      collection_ids: [],
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect(product.skus[0]).toMatchObject({ id: product.sku_id, object: 'sku', product_id: product.id, price: 0, name, position: 0 });

    const row = await t.db.selectFrom('products').selectAll().where('id', '=', product.id).executeTakeFirst();
    expect(row).toMatchObject({ name, permalink: slug(name), is_active: 1, default_sku_id: product.sku_id });
    const skus = await t.db.selectFrom('skus').select(['id', 'price']).where('product_id', '=', product.id).execute();
    expect(skus).toEqual([{ id: product.sku_id, price: 0 }]);

    const read = await t.admin.get(`/v1/products/${product.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toEqual(product);
  });

  it('creates a product with every field: vendor, tags, modifiers, images, categories, collections, price', async () => {
    const word = uniqueWord();
    const category = await createCategory();
    const collection = await createCollection();
    const availableAt = 1_700_000_000;

    const res = await t.admin.post('/v1/products', {
      name: `Trail Shoe ${word}`,
      permalink: `trail-shoe-${word}`,
      excerpt: 'Light',
      description: '<p>Light and tough</p>',
      meta_title: 'Trail shoe',
      meta_description: 'A shoe for trails',
      meta_keywords: 'shoe, trail',
      vendor: `Acme ${word}`,
      tags: [`Outdoor ${word}`, `Running ${word}`],
      modifiers: ['size', 'color'],
      images: [{ url: 'https://cdn.example.com/shoe.jpg' }, { url: 'https://cdn.example.com/shoe-2.jpg' }],
      category_ids: [category.id],
      collection_ids: [collection.id],
      is_active: false,
      available_at: availableAt,
      price: 4990,
      compared_price: 5990,
    });

    expect(res.status, res.text).toBe(201);
    const product = res.body.data;
    expect(product).toMatchObject({
      permalink: `trail-shoe-${word}`,
      excerpt: 'Light',
      description: '<p>Light and tough</p>',
      meta_title: 'Trail shoe',
      meta_description: 'A shoe for trails',
      meta_keywords: 'shoe, trail',
      vendor: {
        id: expect.stringMatching(/^vnd_[0-9a-z]{26}$/),
        object: 'vendor',
        permalink: `acme-${word}`,
        name: `Acme ${word}`,
        description: null,
        created_at: expect.any(Number),
        updated_at: expect.any(Number),
      },
      modifiers: ['size', 'color'],
      images: [
        { object: 'image', url: 'https://cdn.example.com/shoe.jpg', file_id: null, position: 0 },
        { object: 'image', url: 'https://cdn.example.com/shoe-2.jpg', file_id: null, position: 1 },
      ],
      image_url: 'https://cdn.example.com/shoe.jpg',
      category_ids: [category.id],
      collection_ids: [collection.id],
      is_active: false,
      available_at: availableAt,
      price: 4990,
      compared_price: 5990,
    });
    expect(product.tags).toEqual([
      { id: expect.stringMatching(/^tag_[0-9a-z]{26}$/), object: 'tag', permalink: `outdoor-${word}`, title: `Outdoor ${word}`, created_at: expect.any(Number), updated_at: expect.any(Number) },
      { id: expect.stringMatching(/^tag_[0-9a-z]{26}$/), object: 'tag', permalink: `running-${word}`, title: `Running ${word}`, created_at: expect.any(Number), updated_at: expect.any(Number) },
    ]);
    expect(product.skus).toHaveLength(1);
    expect(product.skus[0]).toMatchObject({ id: product.sku_id, price: 4990, compared_price: 5990 });

    const members = await t.admin.get(`/v1/collections/${collection.id}/products`);
    expect(members.status, members.text).toBe(200);
    expect(ids(members.body.data)).toEqual([product.id]);
    const categories = await t.db.selectFrom('product_categories').selectAll().where('product_id', '=', product.id).execute();
    expect(categories).toEqual([{ product_id: product.id, category_id: category.id }]);
  });

  it('finds a vendor by name: two products of "Acme" share one vendor row, and tags by title', async () => {
    const word = uniqueWord();
    const first = await createProduct({ vendor: `Acme ${word}`, tags: [`Sale ${word}`] });
    const second = await createProduct({ vendor: `Acme ${word}`, tags: [`Sale ${word}`] });

    expect(second.vendor.id).toBe(first.vendor.id);
    expect(second.tags[0].id).toBe(first.tags[0].id);
    const vendors = await t.db.selectFrom('vendors').select('id').where('name', '=', `Acme ${word}`).execute();
    expect(vendors).toEqual([{ id: first.vendor.id }]);
    const tags = await t.db.selectFrom('tags').select('id').where('title', '=', `Sale ${word}`).execute();
    expect(tags).toEqual([{ id: first.tags[0].id }]);
  });

  it('keeps vendors and tags apart whose names have no latin letter, and still finds them again', async () => {
    const [tokyo, moscow, summer, winter] = [uniqueCjk(), `Мир ${uniqueCjk()}`, uniqueCjk(), uniqueCjk()];
    const first = await createProduct({ vendor: tokyo, tags: [summer] });
    const second = await createProduct({ vendor: moscow, tags: [winter] });
    const third = await createProduct({ vendor: tokyo, tags: [summer, winter] });

    expect(first.vendor).toMatchObject({ name: tokyo, permalink: expect.stringMatching(/^vendor(-\d+)?$/) });
    expect(second.vendor).toMatchObject({ name: moscow, permalink: expect.stringMatching(/^vendor(-\d+)?$/) });
    expect(second.vendor.id).not.toBe(first.vendor.id);
    expect(third.vendor.id).toBe(first.vendor.id);
    expect(first.tags.map((tag: { title: string }) => tag.title)).toEqual([summer]);
    expect(second.tags.map((tag: { title: string }) => tag.title)).toEqual([winter]);
    expect(ids(third.tags).sort()).toEqual([first.tags[0].id, second.tags[0].id].sort());
    expect(await t.db.selectFrom('vendors').select('id').where('name', '=', tokyo).execute()).toHaveLength(1);
  });

  it('takes product images as an uploaded file id or filename, and refuses an unknown file', async () => {
    const { id: fileId, filename, url } = await uploadFile(t);

    const product = await createProduct({ images: [{ id: fileId }, { filename }] });
    expect(product.images).toEqual([
      { object: 'image', url, file_id: fileId, position: 0 },
      { object: 'image', url, file_id: fileId, position: 1 },
    ]);
    expect(product.image_url).toBe(url);

    const res = await t.admin.post('/v1/products', {
      name: `Broken ${uniqueWord()}`,
      images: [{ url: 'https://cdn.example.com/ok.jpg' }, { id: 'fil_00000000000000000000000000' }, { id: fileId, url }],
    });
    expectInvalid(res, 'images[1][id]');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('images[2]');
  });

  it('gives a second product of the same name a permalink with -2', async () => {
    const name = `Twin ${uniqueWord()}`;
    const first = await createProduct({ name });
    const second = await createProduct({ name });
    expect(first.permalink).toBe(slug(name));
    expect(second.permalink).toBe(`${slug(name)}-2`);
  });

  it('refuses an explicit permalink another product has', async () => {
    const taken = await createProduct();

    const res = await t.admin.post('/v1/products', { name: `Other ${uniqueWord()}`, permalink: taken.permalink });
    expectInvalid(res, 'permalink');

    const other = await createProduct();
    const update = await t.admin.post(`/v1/products/${other.id}`, { permalink: taken.permalink });
    expectInvalid(update, 'permalink');
  });

  it('refuses an unknown category id, naming category_ids[i], and writes nothing', async () => {
    const category = await createCategory();
    const name = `Orphan ${uniqueWord()}`;

    const res = await t.admin.post('/v1/products', { name, category_ids: [category.id, 'cat_00000000000000000000000000'] });

    expectInvalid(res, 'category_ids[1]');
    expect(res.body.errors.map((e: { field: string }) => e.field)).not.toContain('category_ids[0]');
    expect(await t.db.selectFrom('products').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  it('refuses a smart collection id and an unknown collection id', async () => {
    const smart = await createCollection({ kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: 'zzz' }] });

    const res = await t.admin.post('/v1/products', {
      name: `Smart ${uniqueWord()}`,
      collection_ids: [smart.id, 'col_00000000000000000000000000'],
    });

    expectInvalid(res, 'collection_ids[0]');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('collection_ids[1]');
  });

  it('refuses a name missing or empty, and a wrong type', async () => {
    expectInvalid(await t.admin.post('/v1/products', {}), 'name');
    expectInvalid(await t.admin.post('/v1/products', { name: '' }), 'name');
    expectInvalid(await t.admin.post('/v1/products', { name: `Bad ${uniqueWord()}`, price: 'abc' }), 'price');
    expectInvalid(await t.admin.post('/v1/products', { name: `Bad ${uniqueWord()}`, price: -1 }), 'price');
    expectInvalid(await t.admin.post('/v1/products', { name: `Bad ${uniqueWord()}`, images: [{ url: 'ftp://example.com/x.jpg' }] }), 'images[0][url]');
  });

  it('records product.created with the product as created', async () => {
    const product = await createProduct();

    const events = await eventsOf(product.id, 'product.created');

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ object: 'event', kind: 'product.created' });
    expect(events[0].data.object).toEqual(asRecorded(product));
  });

  // ---------- update ----------

  it('updates a product: given lists replace the current ones, and product.updated is recorded', async () => {
    const word = uniqueWord();
    const [catA, catB] = [await createCategory(), await createCategory()];
    const [colA, colB] = [await createCollection(), await createCollection()];
    const product = await createProduct({
      vendor: `Old Vendor ${word}`,
      tags: [`Alpha ${word}`, `Beta ${word}`],
      modifiers: ['size'],
      images: [{ url: 'https://cdn.example.com/a.jpg' }],
      category_ids: [catA.id],
      collection_ids: [colA.id],
    });

    const res = await t.admin.post(`/v1/products/${product.id}`, {
      name: `Renamed ${word}`,
      excerpt: 'New excerpt',
      vendor: `New Vendor ${word}`,
      tags: [`Gamma ${word}`],
      modifiers: ['color'],
      images: [{ url: 'https://cdn.example.com/b.jpg' }],
      category_ids: [catB.id],
      collection_ids: [colB.id],
      is_active: false,
    });

    expect(res.status, res.text).toBe(200);
    const updated = res.body.data;
    expect(updated).toMatchObject({
      id: product.id,
      name: `Renamed ${word}`,
      permalink: product.permalink,
      excerpt: 'New excerpt',
      vendor: { name: `New Vendor ${word}` },
      modifiers: ['color'],
      images: [{ object: 'image', url: 'https://cdn.example.com/b.jpg', file_id: null, position: 0 }],
      image_url: 'https://cdn.example.com/b.jpg',
      category_ids: [catB.id],
      collection_ids: [colB.id],
      is_active: false,
      sku_id: product.sku_id,
    });
    expect(updated.tags.map((tag: { title: string }) => tag.title)).toEqual([`Gamma ${word}`]);
    expect(await t.db.selectFrom('product_categories').select('category_id').where('product_id', '=', product.id).execute())
      .toEqual([{ category_id: catB.id }]);
    expect(await t.db.selectFrom('collection_products').select('collection_id').where('product_id', '=', product.id).execute())
      .toEqual([{ collection_id: colB.id }]);

    const events = await eventsOf(product.id, 'product.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(asRecorded(updated));
  });

  it('leaves fields that are not sent as they were, and removes the vendor with null', async () => {
    const word = uniqueWord();
    const product = await createProduct({ vendor: `Keep ${word}`, tags: [`Keep ${word}`], excerpt: 'Kept' });

    const res = await t.admin.post(`/v1/products/${product.id}`, { meta_title: 'Only this' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ excerpt: 'Kept', meta_title: 'Only this', vendor: { name: `Keep ${word}` } });
    expect(res.body.data.tags).toHaveLength(1);

    const cleared = await t.admin.post(`/v1/products/${product.id}`, { vendor: null, tags: [] });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.data).toMatchObject({ vendor: null, tags: [] });
  });

  it('refuses to drop a modifier a sku still uses, but drops an unused one', async () => {
    const product = await createProduct({ modifiers: ['color', 'size'] });
    await createSku({ product_id: product.id, modifiers: { color: 'Red' } });

    const refused = await t.admin.post(`/v1/products/${product.id}`, { modifiers: ['size'] });
    expectInvalid(refused, 'modifiers');
    const row = await t.db.selectFrom('products').select('modifiers').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.modifiers)).toEqual(['color', 'size']);

    const allowed = await t.admin.post(`/v1/products/${product.id}`, { modifiers: ['color'] });
    expect(allowed.status, allowed.text).toBe(200);
    expect(allowed.body.data.modifiers).toEqual(['color']);
  });

  it('refuses an unknown category on update and answers 404 for an unknown product', async () => {
    const product = await createProduct();
    expectInvalid(await t.admin.post(`/v1/products/${product.id}`, { category_ids: ['cat_00000000000000000000000000'] }), 'category_ids[0]');
    expectProblem(await t.admin.post('/v1/products/prd_00000000000000000000000000', { name: 'Nobody' }), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/products/prd_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.delete('/v1/products/prd_00000000000000000000000000'), 404, 'not_found');
  });

  // ---------- delete ----------

  it('deletes a product with its skus and records product.deleted with the product as it was', async () => {
    const product = await createProduct({ modifiers: ['color'], tags: [`Gone ${uniqueWord()}`] });
    await createSku({ product_id: product.id, modifiers: { color: 'Blue' } });
    const before = (await t.admin.get(`/v1/products/${product.id}`)).body.data;
    expect(before.skus).toHaveLength(2);

    const res = await t.admin.delete(`/v1/products/${product.id}`);

    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await t.db.selectFrom('products').select('id').where('id', '=', product.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute()).toEqual([]);
    expectProblem(await t.admin.get(`/v1/products/${product.id}`), 404, 'not_found');
    const events = await eventsOf(product.id, 'product.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(asRecorded(before));
  });

  // ---------- nested skus ----------

  it('lists the skus of a product', async () => {
    const product = await createProduct({ modifiers: ['size'] });
    const small = await createSku({ product_id: product.id, modifiers: { size: 'S' } });
    await createProduct();

    const res = await t.admin.get(`/v1/products/${product.id}/skus`);

    expect(res.status, res.text).toBe(200);
    expect(ids(res.body.data)).toEqual([product.sku_id, small.id]);
    expect(res.body.meta.pagination).toMatchObject({ total_items: 2, current_page: 1 });
    expectProblem(await t.admin.get('/v1/products/prd_00000000000000000000000000/skus'), 404, 'not_found');
  });

  // ---------- storefront ----------

  it('hides inactive and not yet published products from the storefront', async () => {
    const word = uniqueWord();
    const onSale = await createProduct({ name: `Shown ${word}` });
    const inactive = await createProduct({ name: `Inactive ${word}`, is_active: false });
    const upcoming = await createProduct({ name: `Upcoming ${word}`, available_at: future() });

    for (const hidden of [inactive, upcoming]) {
      expectProblem(await t.storefront.get(`/v1/products/${hidden.id}`), 404, 'not_found');
      expectProblem(await t.storefront.get(`/v1/products/${hidden.id}/skus`), 404, 'not_found');
      expect((await t.admin.get(`/v1/products/${hidden.id}`)).status).toBe(200);
    }
    const shown = await t.storefront.get(`/v1/products/${onSale.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.data.id).toBe(onSale.id);
    const shownSkus = await t.storefront.get(`/v1/products/${onSale.id}/skus`);
    expect(shownSkus.status, shownSkus.text).toBe(200);
    expect(ids(shownSkus.body.data)).toEqual([onSale.sku_id]);

    expect(ids((await list('storefront', `q=${word}`)).body.data)).toEqual([onSale.id]);
    expect(ids((await list('storefront', `q=${word}&active=false`)).body.data)).toEqual([onSale.id]);
    expect(ids((await list('storefront', `q=${word}&published=false`)).body.data)).toEqual([onSale.id]);
    expect(ids((await list('admin', `q=${word}`)).body.data)).toEqual([onSale.id, inactive.id, upcoming.id]);
  });

  it('lets a channel key read but not write, and refuses a request without a credential', async () => {
    const product = await createProduct();
    expectProblem(await t.storefront.post('/v1/products', { name: `Nope ${uniqueWord()}` }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/products/${product.id}`, { name: 'Nope' }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/products/${product.id}`), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/products'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/products/${product.id}`), 401, 'unauthorized');
  });

  // ---------- listing ----------

  it('filters the list by q, active, published and price (inclusive)', async () => {
    const word = uniqueWord();
    const cheap = await createProduct({ name: `Cheap ${word}`, price: 100 });
    const middle = await createProduct({ name: `Middle ${word}`, price: 200, is_active: false });
    const dear = await createProduct({ name: `Dear ${word}`, price: 300, available_at: future() });
    await createProduct({ name: `Unrelated ${uniqueWord()}`, price: 200 });

    expect(ids((await list('admin', `q=${word}`)).body.data)).toEqual([cheap.id, middle.id, dear.id]);
    expect(ids((await list('admin', `q=${word.toUpperCase()}`)).body.data)).toEqual([cheap.id, middle.id, dear.id]);
    expect(ids((await list('admin', `q=cheap%20${word}`)).body.data)).toEqual([cheap.id]);
    expect(ids((await list('admin', `q=${word}&active=true`)).body.data)).toEqual([cheap.id, dear.id]);
    expect(ids((await list('admin', `q=${word}&active=false`)).body.data)).toEqual([middle.id]);
    expect(ids((await list('admin', `q=${word}&published=true`)).body.data)).toEqual([cheap.id, middle.id]);
    expect(ids((await list('admin', `q=${word}&published=false`)).body.data)).toEqual([dear.id]);
    expect(ids((await list('admin', `q=${word}&price[min]=200`)).body.data)).toEqual([middle.id, dear.id]);
    expect(ids((await list('admin', `q=${word}&price[max]=200`)).body.data)).toEqual([cheap.id, middle.id]);
    expect(ids((await list('admin', `q=${word}&price[min]=200&price[max]=200`)).body.data)).toEqual([middle.id]);
  });

  it('finds products by q through their text index as names, permalinks and sku codes change', async () => {
    const word = uniqueWord();
    const product = await createProduct({ name: `Lamp ${word}` });
    const sku = await createSku({ product_id: product.id, code: `Code-${word}-A` });
    const find = async (query: string) => ids((await list('admin', `q=${encodeURIComponent(query)}`)).body.data);

    expect(await find(word)).toEqual([product.id]);
    expect(await find(`code-${word}-a`)).toEqual([product.id]);
    // Terms too short for trigrams, and ones holding LIKE's and FTS5's own characters, match literally.
    expect(await find(`p ${word}`)).toEqual([product.id]);
    expect(await find(`"${word}`)).toEqual([]);
    expect(await find(`${word}%`)).toEqual([]);

    const renamed = `Desk${uniqueWord()}`;
    expect((await t.admin.post(`/v1/products/${product.id}`, { name: renamed, permalink: `desk-${word}` })).status).toBe(200);
    expect(await find(renamed)).toEqual([product.id]);
    expect(await find(`lamp ${word}`)).toEqual([]);
    expect(await find(`desk-${word}`)).toEqual([product.id]);

    expect((await t.admin.post(`/v1/skus/${sku.id}`, { code: `Other-${word}` })).status).toBe(200);
    expect(await find(`other-${word}`)).toEqual([product.id]);
    expect(await find(`code-${word}`)).toEqual([]);
    expect((await t.admin.delete(`/v1/sku/${sku.id}`)).status).toBe(204);
    expect(await find(`other-${word}`)).toEqual([]);

    expect((await t.admin.delete(`/v1/products/${product.id}`)).status).toBe(204);
    expect(await find(word)).toEqual([]);
    if (t.kind === 'sqlite') {
      // One row of the index a product, and none left of the deleted one.
      const { rows } = await sql<{ keys: number; products: number; indexed: number }>`
        select (select count(*) from product_search_keys) as keys, (select count(*) from products) as products,
               (select count(*) from product_search) as indexed`.execute(t.db);
      expect(rows[0]!.keys).toBe(rows[0]!.products);
      expect(rows[0]!.indexed).toBe(rows[0]!.products);
    }
  });

  it('filters the list by listable and options, and searches q literally', async () => {
    const word = uniqueWord();
    const shirt = await createProduct({ name: `Shirt_${word}`, modifiers: ['color'] });
    const red = await createSku({ product_id: shirt.id, modifiers: { color: 'Red' } });
    const unlisted = await createProduct({ name: `Shirtx${word}` });
    const patch = await t.admin.post(`/v1/skus/${unlisted.sku_id}`, { is_listable: false });
    expect(patch.status, patch.text).toBe(200);

    expect(ids((await list('admin', `q=${word}&options[color]=Red`)).body.data)).toEqual([shirt.id]);
    expect(ids((await list('admin', `q=${word}&options[color][]=Blue&options[color][]=Red`)).body.data)).toEqual([shirt.id]);
    expect(ids((await list('admin', `q=${word}&options[color]=Blue`)).body.data)).toEqual([]);
    expect(ids((await list('admin', `q=shirt_${word}`)).body.data)).toEqual([shirt.id]);

    const listable = await list('admin', `q=${word}&listable=true`);
    expect(ids(listable.body.data)).toEqual([shirt.id]);
    expect(ids(listable.body.data[0].skus)).toEqual([shirt.sku_id, red.id]);
    expect(ids((await list('admin', `q=${word}&listable=false`)).body.data)).toEqual([unlisted.id]);
  });

  it('sorts the list by each sort_by value', async () => {
    const word = uniqueWord();
    const b = await createProduct({ name: `B ${word}`, price: 300 });
    const a = await createProduct({ name: `A ${word}`, price: 200 });
    const c = await createProduct({ name: `C ${word}`, price: 100 });

    const sorted = async (sortBy: string) => ids((await list('admin', `q=${word}&sort_by=${sortBy}`)).body.data);
    expect(await sorted('name-ascending')).toEqual([a.id, b.id, c.id]);
    expect(await sorted('name-descending')).toEqual([c.id, b.id, a.id]);
    expect(await sorted('price-ascending')).toEqual([c.id, a.id, b.id]);
    expect(await sorted('price-descending')).toEqual([b.id, a.id, c.id]);
    expect(await sorted('created-ascending')).toEqual([b.id, a.id, c.id]);
    expect(await sorted('created-descending')).toEqual([c.id, a.id, b.id]);
    expect(ids((await list('admin', `q=${word}`)).body.data)).toEqual([b.id, a.id, c.id]);

    expectProblem(await t.admin.get(`/v1/products?sort_by=cheapest`), 400, 'invalid_request');
  });

  it('pages a list sorted by price or name with the full total on every page, ties broken by id', async () => {
    const word = uniqueWord();
    const made = [];
    for (const [name, price] of [['Delta', 300], ['Alpha', 100], ['Echo', 200], ['Bravo', 100], ['Charlie', 200]] as const) {
      made.push(await createProduct({ name: `${name} ${word}`, price }));
    }
    const [delta, alpha, echo, bravo, charlie] = made;
    const byId = (a: any, b: any) => (a.id < b.id ? -1 : 1);
    const cheapFirst = [...[alpha, bravo].sort(byId), ...[echo, charlie].sort(byId), delta].map((p) => p.id);
    // Descending, ties come in descending ids too.
    const dearFirst = [delta, ...[echo, charlie].sort(byId).reverse(), ...[alpha, bravo].sort(byId).reverse()].map((p) => p.id);
    const walk = async (query: string) => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const res = await list('admin', `q=${word}&per_page=2&page=${page}&${query}`);
        expect(res.body.meta.pagination).toMatchObject({ current_page: page, total_items: 5, total_pages: 3 });
        seen.push(...ids(res.body.data));
      }
      return seen;
    };
    expect(await walk('sort_by=price-ascending')).toEqual(cheapFirst);
    expect(await walk('sort_by=price-descending')).toEqual(dearFirst);
    expect(await walk('sort_by=name-ascending')).toEqual([alpha, bravo, charlie, delta, echo].map((p) => p.id));
    expect(await walk('sort_by=name-descending&price[min]=100')).toEqual([echo, delta, charlie, bravo, alpha].map((p) => p.id));

    // Past the last page, and where nothing matches, the total is still told.
    const past = await list('admin', `q=${word}&per_page=2&page=4&sort_by=price-ascending`);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.pagination).toMatchObject({ current_page: 4, total_items: 5 });
    const none = await list('admin', `q=${word}&price[min]=1000&sort_by=price-ascending`);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.pagination).toMatchObject({ total_items: 0 });
    // The storefront's filters apply to the one-pass total as well.
    expect((await t.admin.post(`/v1/products/${delta.id}`, { is_active: false })).status).toBe(200);
    const onSale = await list('storefront', `q=${word}&sort_by=price-descending&per_page=2`);
    expect(ids(onSale.body.data)).toEqual(dearFirst.slice(1, 3));
    expect(onSale.body.meta.pagination).toMatchObject({ total_items: 4 });
  });

  it('pages the list with the spec pagination block', async () => {
    const word = uniqueWord();
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createProduct({ name: `Paged ${i} ${word}` }));

    const first = await list('admin', `q=${word}&per_page=2`);
    expect(ids(first.body.data)).toEqual([made[0].id, made[1].id]);
    expect(first.body.meta.pagination).toEqual({
      current_page: 1,
      previous_page: null,
      next_page: 2,
      per_page: 2,
      from: 1,
      to: 2,
      total_pages: 2,
      total_items: 3,
      links: { previous_page: null, next_page: expect.stringContaining('page=2') },
    });

    const second = await t.admin.get(first.body.meta.pagination.links.next_page);
    expect(second.status, second.text).toBe(200);
    expect(ids(second.body.data)).toEqual([made[2].id]);
    expect(second.body.meta.pagination).toMatchObject({
      current_page: 2, previous_page: 1, next_page: null, from: 3, to: 3, total_pages: 2, total_items: 3,
      links: { previous_page: expect.stringContaining('page=1'), next_page: null },
    });

    expectProblem(await t.admin.get('/v1/products?per_page=251'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/products?page=0'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/products?price[max]=99999999999999999999'), 400, 'invalid_request');
  });
});
