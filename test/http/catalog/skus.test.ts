import { expect, it } from 'vitest';
import { uploadFile } from '../../helpers/files.js';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { asRecorded, catalogFactories, ids } from '../../helpers/catalog.js';

describeEachDatabase('skus', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function updateSku(id: string, body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post(`/v1/skus/${id}`, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function insertFile(): Promise<{ id: string; filename: string; url: string }> {
    return uploadFile(t);
  }

  async function eventsOf(id: string, kind: string): Promise<any[]> {
    const res = await t.admin.get(`/v1/events?related_object=${id}&kind=${kind}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  async function listIds(client: 'admin' | 'storefront', query: string): Promise<string[]> {
    const res = await t[client].get(`/v1/skus?${query}`);
    expect(res.status, res.text).toBe(200);
    return ids(res.body.data);
  }

  const future = () => Math.floor(Date.now() / 1000) + 86_400;

  // ---------- create ----------

  it('creates a sku with every spec field, named after its product and option values', async () => {
    const product = await createProduct({ modifiers: ['color', 'size'] });

    const res = await t.admin.post('/v1/skus', {
      product_id: product.id,
      code: 'TS-RED-L',
      barcode: '0123456789012',
      price: 1990,
      compared_price: 2490,
      modifiers: { size: 'L', color: 'Red' },
      image: { url: 'https://cdn.example.com/red.jpg' },
      is_listable: false,
      is_taxable: false,
      is_shipping_required: false,
      stock_policy: 'overall',
      is_backorderable: true,
      in_stock: 12,
      is_notify: true,
      low_threshold: 3,
      weight_unit: 'gr',
      weight: 250,
      position: 5,
    });

    expect(res.status, res.text).toBe(201);
    const sku = res.body.data;
    expect(sku).toEqual({
      id: expect.stringMatching(/^sku_[0-9a-z]{26}$/),
      object: 'sku',
      permalink: `${product.permalink}-red-l`,
      name: `${product.name} - Red / L`,
      code: 'TS-RED-L',
      barcode: '0123456789012',
      price: 1990,
      compared_price: 2490,
      currency: 'USD',
      prices: [],
      market_prices: [],
      modifiers: ['Red', 'L'],
      options: { color: 'Red', size: 'L' },
      image_url: 'https://cdn.example.com/red.jpg',
      is_listable: false,
      is_taxable: false,
      is_shipping_required: false,
      is_gift_card: false,
      stock_policy: 'overall',
      is_backorderable: true,
      in_stock: 12,
      is_notify: true,
      low_threshold: 3,
      weight_unit: 'gr',
      weight_source: 250,
      weight: 250,
      position: 5,
      product_id: product.id,
      metadata: {},
      private_metadata: {},
      translations: {},
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    const row = await t.db.selectFrom('skus').selectAll().where('id', '=', sku.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ product_id: product.id, price: 1990, stock_policy: 'overall', in_stock: 12, weight_grams: 250, is_listable: 0 });
    const options = await t.db.selectFrom('sku_options').select(['name', 'value']).where('sku_id', '=', sku.id).orderBy('name').execute();
    expect(options).toEqual([{ name: 'color', value: 'Red' }, { name: 'size', value: 'L' }]);

    const read = await t.admin.get(`/v1/skus/${sku.id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toEqual(sku);
  });

  it('gives a new sku the defaults: listable, taxable, shipped, no stock tracking, the store weight unit, next position', async () => {
    const product = await createProduct();

    const sku = await createSku({ product_id: product.id });

    expect(sku).toMatchObject({
      name: product.name, code: null, barcode: null, price: 0, compared_price: null, modifiers: [], options: {},
      image_url: null, is_listable: true, is_taxable: true, is_shipping_required: true, stock_policy: 'none',
      is_backorderable: false, in_stock: null, is_notify: null, low_threshold: null, weight_unit: 'kg',
      weight_source: 0, weight: null, position: 1,
    });
    expect(sku.permalink).toBe(`${product.permalink}-2`);
  });

  it('requires product_id, and refuses an unknown one', async () => {
    expectInvalid(await t.admin.post('/v1/skus', { price: 100 }), 'product_id');
    const unknown = await t.admin.post('/v1/skus', { product_id: 'prd_00000000000000000000000000', price: 100 });
    expectInvalid(unknown, 'product_id');
  });

  it('refuses modifiers the product does not have, naming modifiers[name]', async () => {
    const product = await createProduct({ modifiers: ['color'] });

    const res = await t.admin.post('/v1/skus', { product_id: product.id, modifiers: { color: 'Red', material: 'Wool' } });

    expectInvalid(res, 'modifiers[material]');
    expect(res.body.errors.map((e: { field: string }) => e.field)).not.toContain('modifiers[color]');
    expect(await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute()).toHaveLength(1);
  });

  it('refuses wrong fields: stock_policy, negative price, wrong types, unknown weight unit', async () => {
    const product = await createProduct();
    const sku = product.sku_id;

    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, stock_policy: 'always' }), 'stock_policy');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, price: -1 }), 'price');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, price: 'abc' }), 'price');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, price: 9.5 }), 'price');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, in_stock: -3 }), 'in_stock');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, weight_unit: 'stone' }), 'weight_unit');
    expectInvalid(await t.admin.post(`/v1/skus/${sku}`, { stock_policy: 'always' }), 'stock_policy');
    expectInvalid(await t.admin.post(`/v1/skus/${sku}`, { price: -5 }), 'price');
    expectInvalid(await t.admin.post(`/v1/skus/${sku}`, { price: 'abc' }), 'price');
    expectInvalid(await t.admin.post(`/v1/skus/${sku}`, { is_listable: 'maybe' }), 'is_listable');
    expect(await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute()).toHaveLength(1);
  });

  // ---------- images ----------

  it('takes an image as an uploaded file id, a filename or an outside url', async () => {
    const product = await createProduct();
    const file = await insertFile();

    const byId = await createSku({ product_id: product.id, image: { id: file.id } });
    expect(byId.image_url).toBe(file.url);
    const row = await t.db.selectFrom('skus').select('image_file_id').where('id', '=', byId.id).executeTakeFirstOrThrow();
    expect(row.image_file_id).toBe(file.id);

    const byName = await createSku({ product_id: product.id, image: { filename: file.filename } });
    expect(byName.image_url).toBe(file.url);

    const byUrl = await updateSku(byName.id, { image: { url: 'http://cdn.example.com/x.png' } });
    expect(byUrl.image_url).toBe('http://cdn.example.com/x.png');

    const cleared = await updateSku(byName.id, { image: null });
    expect(cleared.image_url).toBeNull();
  });

  it('refuses an image with two forms, an unknown file and a url that is not http', async () => {
    const product = await createProduct();
    const file = await insertFile();

    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: { id: file.id, url: 'https://cdn.example.com/a.jpg' } }), 'image');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: {} }), 'image');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: { id: 'fil_00000000000000000000000000' } }), 'image[id]');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: { filename: 'nothing-here.jpg' } }), 'image[filename]');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: { url: 'javascript:alert(1)' } }), 'image[url]');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, image: { url: 'not a url' } }), 'image[url]');
    expectInvalid(await t.admin.post(`/v1/skus/${product.sku_id}`, { image: { url: 'ftp://cdn.example.com/a.jpg' } }), 'image[url]');
    expect(await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute()).toHaveLength(1);
  });

  // ---------- weight ----------

  it('keeps weight in its unit and weight_source in grams', async () => {
    const product = await createProduct();

    const sku = await createSku({ product_id: product.id, weight: 0.5, weight_unit: 'kg' });
    expect(sku).toMatchObject({ weight: 0.5, weight_unit: 'kg', weight_source: 500 });

    const inGrams = await updateSku(sku.id, { weight_unit: 'gr' });
    expect(inGrams).toMatchObject({ weight: 0.5, weight_unit: 'gr', weight_source: 1 });

    const heavier = await updateSku(sku.id, { weight: 750 });
    expect(heavier).toMatchObject({ weight: 750, weight_unit: 'gr', weight_source: 750 });

    const pounds = await createSku({ product_id: product.id, weight: 2, weight_unit: 'lb' });
    expect(pounds.weight_source).toBe(907);

    const none = await updateSku(sku.id, { weight: null });
    expect(none).toMatchObject({ weight: null, weight_source: 0 });
  });

  // ---------- update ----------

  it('updates a sku and records sku.updated with the sku after the change', async () => {
    const product = await createProduct({ modifiers: ['color'] });
    const sku = await createSku({ product_id: product.id, modifiers: { color: 'Red' }, price: 100 });

    const updated = await updateSku(sku.id, { price: 150, code: 'NEW', modifiers: { color: 'Blue' }, in_stock: 4, stock_policy: 'overall' });

    expect(updated).toMatchObject({
      id: sku.id, price: 150, code: 'NEW', modifiers: ['Blue'], options: { color: 'Blue' }, name: `${product.name} - Blue`,
      in_stock: 4, stock_policy: 'overall', permalink: sku.permalink,
    });
    const options = await t.db.selectFrom('sku_options').select(['name', 'value']).where('sku_id', '=', sku.id).execute();
    expect(options).toEqual([{ name: 'color', value: 'Blue' }]);
    const events = await eventsOf(sku.id, 'sku.updated');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(asRecorded(updated));
    expect((await t.admin.get(`/v1/skus/${sku.id}`)).body.data).toEqual(updated);
  });

  it('records sku.created with the sku as created', async () => {
    const product = await createProduct();
    const sku = await createSku({ product_id: product.id, price: 700 });

    const events = await eventsOf(sku.id, 'sku.created');

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ object: 'event', kind: 'sku.created' });
    expect(events[0].data.object).toEqual(asRecorded(sku));
  });

  it('refuses to move a sku to another product and to use a modifier its product lacks', async () => {
    const product = await createProduct({ modifiers: ['color'] });
    const other = await createProduct();

    // An update takes no product_id: it is an unknown member, refused before anything changes.
    const moved = await t.admin.post(`/v1/skus/${product.sku_id}`, { product_id: other.id, price: 5 });
    expectProblem(moved, 400, 'invalid_request');
    expect(moved.body.errors).toEqual([{ field: 'product_id', code: 'unknown', message: 'is not a field of this endpoint' }]);
    const row = await t.db.selectFrom('skus').select(['product_id', 'price']).where('id', '=', product.sku_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ product_id: product.id, price: 0 });

    expectInvalid(await t.admin.post(`/v1/skus/${product.sku_id}`, { modifiers: { size: 'M' } }), 'modifiers[size]');
    expectProblem(await t.admin.post('/v1/skus/sku_00000000000000000000000000', { price: 1 }), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/skus/sku_00000000000000000000000000'), 404, 'not_found');
  });

  it('makes the sku with the lowest position the product default', async () => {
    const product = await createProduct({ price: 500 });
    const first = await createSku({ product_id: product.id, price: 900, position: 3 });

    await updateSku(first.id, { position: 0 });
    await updateSku(product.sku_id, { position: 7 });

    const read = (await t.admin.get(`/v1/products/${product.id}`)).body.data;
    expect(read).toMatchObject({ sku_id: first.id, price: 900 });
  });

  // ---------- delete ----------

  it('deletes a sku on the singular path and records sku.deleted with the sku as it was', async () => {
    const product = await createProduct({ modifiers: ['size'] });
    const sku = await createSku({ product_id: product.id, modifiers: { size: 'XL' } });
    const before = (await t.admin.get(`/v1/skus/${sku.id}`)).body.data;

    const res = await t.admin.delete(`/v1/sku/${sku.id}`);

    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await t.db.selectFrom('skus').select('id').where('id', '=', sku.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('sku_options').select('sku_id').where('sku_id', '=', sku.id).execute()).toEqual([]);
    expectProblem(await t.admin.get(`/v1/skus/${sku.id}`), 404, 'not_found');
    const events = await eventsOf(sku.id, 'sku.deleted');
    expect(events).toHaveLength(1);
    expect(events[0].data.object).toEqual(asRecorded(before));
    expectProblem(await t.admin.delete(`/v1/sku/${sku.id}`), 404, 'not_found');
  });

  it('refuses to delete the only sku of a product', async () => {
    const product = await createProduct();

    const res = await t.admin.delete(`/v1/sku/${product.sku_id}`);

    expectProblem(res, 409, 'invalid_state');
    expect(await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute()).toEqual([{ id: product.sku_id }]);
    expect(await eventsOf(product.sku_id, 'sku.deleted')).toEqual([]);
  });

  it('keeps one sku when the last two skus of a product are deleted at the same time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const product = await createProduct();
      const other = await createSku({ product_id: product.id });

      const answers = await Promise.all([t.admin.delete(`/v1/sku/${product.sku_id}`), t.admin.delete(`/v1/sku/${other.id}`)]);

      expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
      const left = await t.db.selectFrom('skus').select('id').where('product_id', '=', product.id).execute();
      expect(left).toHaveLength(1);
      const row = await t.db.selectFrom('products').select('default_sku_id').where('id', '=', product.id).executeTakeFirstOrThrow();
      expect(row.default_sku_id).toBe(left[0]!.id);
    }
  });

  it('moves product.sku_id to the next sku when the default sku is deleted', async () => {
    const product = await createProduct({ price: 100 });
    const next = await createSku({ product_id: product.id, price: 250 });
    await createSku({ product_id: product.id, price: 300 });

    const res = await t.admin.delete(`/v1/sku/${product.sku_id}`);

    expect(res.status, res.text).toBe(204);
    const read = (await t.admin.get(`/v1/products/${product.id}`)).body.data;
    expect(read).toMatchObject({ sku_id: next.id, price: 250 });
    expect(read.skus).toHaveLength(2);
    const row = await t.db.selectFrom('products').select('default_sku_id').where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(row.default_sku_id).toBe(next.id);
  });

  // ---------- access ----------

  it('lets a channel key read skus on sale but not write, and refuses no credential', async () => {
    const product = await createProduct({ price: 100 });

    const read = await t.storefront.get(`/v1/skus/${product.sku_id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: product.sku_id, product_id: product.id, price: 100 });

    expectProblem(await t.storefront.post('/v1/skus', { product_id: product.id }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/skus/${product.sku_id}`, { price: 1 }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/sku/${product.sku_id}`), 403, 'forbidden');
    expectProblem(await t.anonymous.get('/v1/skus'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/skus/${product.sku_id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/skus', { product_id: product.id }), 401, 'unauthorized');
    expect(await t.db.selectFrom('skus').select('price').where('id', '=', product.sku_id).executeTakeFirstOrThrow()).toEqual({ price: 100 });
  });

  it('hides skus of inactive or unpublished products from a channel key', async () => {
    const inactive = await createProduct({ is_active: false });
    const upcoming = await createProduct({ available_at: future() });

    for (const product of [inactive, upcoming]) {
      expectProblem(await t.storefront.get(`/v1/skus/${product.sku_id}`), 404, 'not_found');
      expect((await t.admin.get(`/v1/skus/${product.sku_id}`)).status).toBe(200);
    }
  });

  // ---------- listing ----------

  /**
   * Given: "Alpha <word>" (on sale, modifier color) with skus red 100, blue 200 and an unlisted green
   * 300; "Beta <word>" (inactive) with one sku 150; "Gamma <word>" (published tomorrow) with one sku 250.
   */
  async function catalogue() {
    const word = uniqueWord();
    const alpha = await createProduct({ name: `Alpha ${word}`, modifiers: ['color'] });
    const red = await updateSku(alpha.sku_id, { modifiers: { color: 'Red' }, price: 100 });
    const blue = await createSku({ product_id: alpha.id, modifiers: { color: 'Blue' }, price: 200 });
    const green = await createSku({ product_id: alpha.id, modifiers: { color: 'Green' }, price: 300, is_listable: false });
    const beta = await createProduct({ name: `Beta ${word}`, price: 150, is_active: false });
    const gamma = await createProduct({ name: `Gamma ${word}`, price: 250, available_at: future() });
    return { word, red: red.id, blue: blue.id, green: green.id, beta: beta.sku_id as string, gamma: gamma.sku_id as string, blueSku: blue };
  }

  it('lists skus by q, id and permalink', async () => {
    const c = await catalogue();
    await catalogue();

    expect(await listIds('admin', `q=${c.word}`)).toEqual([c.red, c.blue, c.green, c.beta, c.gamma]);
    expect(await listIds('admin', `q=alpha%20${c.word}`)).toEqual([c.red, c.blue, c.green]);
    expect(await listIds('admin', `id=${c.blue},${c.beta}`)).toEqual([c.blue, c.beta]);
    expect(await listIds('admin', `id=${c.blue}`)).toEqual([c.blue]);
    const permalinks = await t.db.selectFrom('skus').select(['id', 'permalink']).where('id', 'in', [c.red, c.gamma]).execute();
    expect(await listIds('admin', `permalink=${permalinks.map((p) => p.permalink).join(',')}`)).toEqual([c.red, c.gamma]);
    expect(await listIds('admin', 'id=sku_00000000000000000000000000')).toEqual([]);
  });

  it('matches q against the listed sku\'s own code, not its siblings\' codes', async () => {
    const word = uniqueWord();
    const product = await createProduct({ modifiers: ['color'] });
    const coded = await createSku({ product_id: product.id, modifiers: { color: 'Red' }, code: `${word}-RED` });
    await createSku({ product_id: product.id, modifiers: { color: 'Blue' }, code: 'OTHER-BLUE' });

    expect(await listIds('admin', `q=${word}`)).toEqual([coded.id]);
    expect(await listIds('admin', `q=${word}-red`)).toEqual([coded.id]);
  });

  it('sorts skus by product name without regard to case', async () => {
    const word = uniqueWord();
    const banana = await createProduct({ name: `Banana ${word}` });
    const apple = await createProduct({ name: `apple ${word}` });
    const cherry = await createProduct({ name: `Cherry ${word}` });

    expect(await listIds('admin', `q=${word}&sort_by=name-ascending`)).toEqual([apple.sku_id, banana.sku_id, cherry.sku_id]);
    expect(await listIds('admin', `q=${word}&sort_by=name-descending`)).toEqual([cherry.sku_id, banana.sku_id, apple.sku_id]);
  });

  it('filters skus by active, published and listable', async () => {
    const c = await catalogue();
    const q = `q=${c.word}`;

    expect(await listIds('admin', `${q}&active=true`)).toEqual([c.red, c.blue, c.green, c.gamma]);
    expect(await listIds('admin', `${q}&active=false`)).toEqual([c.beta]);
    expect(await listIds('admin', `${q}&published=true`)).toEqual([c.red, c.blue, c.green, c.beta]);
    expect(await listIds('admin', `${q}&published=false`)).toEqual([c.gamma]);
    expect(await listIds('admin', `${q}&listable=true`)).toEqual([c.red, c.blue, c.beta, c.gamma]);
    expect(await listIds('admin', `${q}&listable=false`)).toEqual([c.green]);
  });

  it('filters skus by price (inclusive) and options', async () => {
    const c = await catalogue();
    const q = `q=${c.word}`;

    expect(await listIds('admin', `${q}&price[min]=150&price[max]=250`)).toEqual([c.blue, c.beta, c.gamma]);
    expect(await listIds('admin', `${q}&price[min]=300`)).toEqual([c.green]);
    expect(await listIds('admin', `${q}&price[max]=100`)).toEqual([c.red]);
    expect(await listIds('admin', `${q}&options[color]=Red`)).toEqual([c.red]);
    expect(await listIds('admin', `${q}&options[color][]=Red&options[color][]=Blue`)).toEqual([c.red, c.blue]);
    expect(await listIds('admin', `${q}&options[color]=Purple`)).toEqual([]);
    expect(await listIds('admin', `${q}&options[size]=Red`)).toEqual([]);
  });

  it('sorts skus by each sort_by value', async () => {
    const c = await catalogue();
    const sorted = (sortBy: string) => listIds('admin', `q=${c.word}&sort_by=${sortBy}`);

    expect(await sorted('price-ascending')).toEqual([c.red, c.beta, c.blue, c.gamma, c.green]);
    expect(await sorted('price-descending')).toEqual([c.green, c.gamma, c.blue, c.beta, c.red]);
    expect(await sorted('created-ascending')).toEqual([c.red, c.blue, c.green, c.beta, c.gamma]);
    expect(await sorted('created-descending')).toEqual([c.gamma, c.beta, c.green, c.blue, c.red]);
    const byName = await sorted('name-ascending');
    expect(byName.slice(3)).toEqual([c.beta, c.gamma]);
    expect([...byName.slice(0, 3)].sort()).toEqual([c.red, c.blue, c.green].sort());
    const byNameDown = await sorted('name-descending');
    expect(byNameDown.slice(0, 2)).toEqual([c.gamma, c.beta]);
    expect([...byNameDown.slice(2)].sort()).toEqual([c.red, c.blue, c.green].sort());
  });

  it('refuses bad listing parameters with 400', async () => {
    expectProblem(await t.admin.get('/v1/skus?sort_by=random'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?per_page=251'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?per_page=0'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?page=0'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?price[min]=cheap'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?active=perhaps'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?price[max]=99999999999999999999'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/skus?price[min]=-1'), 400, 'invalid_request');
    expect((await t.admin.get(`/v1/skus?price[max]=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
    expect((await t.admin.get('/v1/skus?per_page=250')).status).toBe(200);
  });

  it('pages the sku list', async () => {
    const c = await catalogue();

    const res = await t.admin.get(`/v1/skus?q=${c.word}&per_page=2&page=2`);

    expect(res.status, res.text).toBe(200);
    expect(ids(res.body.data)).toEqual([c.green, c.beta]);
    expect(res.body.meta.pagination).toMatchObject({
      current_page: 2, previous_page: 1, next_page: 3, per_page: 2, from: 3, to: 4, total_pages: 3, total_items: 5,
    });
  });

  it('forces active and published on for a channel key, whatever the query says', async () => {
    const c = await catalogue();
    const q = `q=${c.word}`;

    expect(await listIds('storefront', q)).toEqual([c.red, c.blue, c.green]);
    expect(await listIds('storefront', `${q}&active=false`)).toEqual([c.red, c.blue, c.green]);
    expect(await listIds('storefront', `${q}&published=false`)).toEqual([c.red, c.blue, c.green]);
    expect(await listIds('storefront', `id=${c.beta},${c.gamma},${c.blue}`)).toEqual([c.blue]);
    expect(await listIds('storefront', `${q}&listable=true`)).toEqual([c.red, c.blue]);
    const page = await t.storefront.get(`/v1/skus?${q}&active=false`);
    expect(page.body.meta.pagination.total_items).toBe(3);
  });
});
