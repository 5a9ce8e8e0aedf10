import { expect, it } from 'vitest';
import { makeGateway, makeSku, readyCheckout } from '../../helpers/checkout.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { multipart, SAMPLES } from '../../helpers/files.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/** The products whose name starts with `prefix`, as stored. */
function productRows(t: TestContext, prefix: string) {
  return t.db.selectFrom('products').select(['id', 'name']).where('name', 'like', `${prefix}%`).execute();
}

/** The OpenAPI schema of an operation's JSON body. */
async function bodySchemaOf(t: TestContext, path: string, method: string): Promise<any> {
  const doc = (await t.anonymous.get('/openapi.json')).body;
  return doc.paths[path][method].requestBody.content['application/json'].schema;
}

/**
 * A JSON body says its types, so a wrong one is an error, not a conversion; query strings and form
 * bodies are text and keep being read as numbers and booleans. Unknown input (a parameter or member
 * no schema names, at any depth) is a 400 naming it, never silently dropped; maps stay open.
 */
describeEachDatabase('strict input', (t) => {
  it('refuses wrong JSON types with 422 naming the field, and stores nothing', async () => {
    const name = `Strict ${uniqueWord()}`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name, available_at: false }, 'available_at', 'must be an integer or null'],
      [{ name, price: true }, 'price', 'must be an integer'],
      [{ name: 7 }, 'name', 'must be a string'],
      [{ name, is_active: 'false' }, 'is_active', 'must be true or false'],
      [{ name, price: '1200' }, 'price', 'must be an integer'],
      [{ name, tags: 'vip' }, 'tags', 'must be a list'],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.admin.post('/v1/products', body);
      expectInvalid(res, field);
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ field, code: 'invalid_type', message });
      expect(res.body.detail).toBe(`${field} ${message}`);
    }
    // A number too large for a double is no number either.
    const huge = await t.admin.post('/v1/products', `{"name":"${name}","price":1e309}`);
    expectInvalid(huge, 'price');
    expect(await productRows(t, name)).toEqual([]);
  });

  it('ignores the body of a route that reads none, a number too large for a double included', async () => {
    const url = '/v1/customers/cus_00000000000000000000000000/verification';
    expectProblem(await t.admin.post(url), 404, 'not_found');
    expectProblem(await t.admin.post(url, '{"id":-1e309}'), 404, 'not_found');
  });

  it('names a nested field of the wrong JSON type by its bracket name', async () => {
    const res = await t.admin.post('/v1/customers', {
      email: `${uniqueWord()}@example.com`,
      addresses: [{ address1: '1 Main St', city: 'Town', postcode: 12345, country_code: 'US', state_code: 'NY', phone: '555' }],
    });
    expectInvalid(res, 'addresses[0][postcode]');
    expect(res.body.errors).toContainEqual({ field: 'addresses[0][postcode]', code: 'invalid_type', message: 'must be a string' });
  });

  it('still reads text as numbers, booleans and one-item lists in a form body', async () => {
    const name = `Form ${uniqueWord()}`;
    const res = await t.admin.post('/v1/products', undefined, {
      form: `name=${encodeURIComponent(name)}&price=1200&is_active=false&available_at=1700000000&tags=vip`,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ name, price: 1200, is_active: false, available_at: 1700000000 });
    expect(res.body.data.tags.map((tag: { title: string }) => tag.title)).toEqual(['vip']);
  });

  it('still reads text as numbers, booleans and one-item lists in a query string', async () => {
    const sku = await makeSku(t, { price: 1500 });
    await t.admin.post(`/v1/products/${sku.productId}`, { modifiers: ['Color'] });
    expect((await t.admin.post(`/v1/skus/${sku.id}`, { modifiers: { Color: 'Teal' } })).status).toBe(200);
    const res = await t.admin.get(`/v1/skus?id=${sku.id}&active=true&price[min]=1500&price[max]=1500&options[Color]=Teal&per_page=5`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((s: { id: string }) => s.id)).toEqual([sku.id]);
    expect(res.body.meta.pagination.per_page).toBe(5);
    const none = await t.admin.get(`/v1/skus?id=${sku.id}&price[min]=1501`);
    expect(none.body.data).toEqual([]);
  });

  it('refuses an unknown query parameter with 400 naming it', async () => {
    const res = await t.admin.get('/v1/products?activ=false');
    expectProblem(res, 400, 'invalid_request');
    expect(res.body.errors).toEqual([{ field: 'activ', code: 'unknown', message: 'is not a parameter of this endpoint' }]);
    expect(res.body.detail).toBe('activ is not a parameter of this endpoint');

    const nested = await t.admin.get('/v1/skus?price[mn]=5');
    expectProblem(nested, 400, 'invalid_request');
    expect(nested.body.errors).toEqual([{ field: 'price[mn]', code: 'unknown', message: 'is not a field of price' }]);

    // An endpoint without parameters takes none.
    const store = await t.admin.get('/v1/store?expand=all');
    expectProblem(store, 400, 'invalid_request');
    expect(store.body.errors).toEqual([{ field: 'expand', code: 'unknown', message: 'is not a parameter of this endpoint' }]);
    const post = await t.admin.post('/v1/channels?dry_run=true', { name: `Channel ${uniqueWord()}` });
    expectProblem(post, 400, 'invalid_request');
    // An upload reads its parts itself, but its query is checked all the same.
    const { payload, headers } = multipart([{ name: 'file', filename: 'dot.png', contentType: 'image/png', body: SAMPLES.png }]);
    const upload = await t.app.inject({ method: 'POST', url: '/v1/files?public=true', payload, headers: { ...headers, authorization: `Bearer ${t.adminKey}` } });
    expect(upload.statusCode, upload.body).toBe(400);
    expect(JSON.parse(upload.body).errors).toEqual([{ field: 'public', code: 'unknown', message: 'is not a parameter of this endpoint' }]);
    expect(await t.db.selectFrom('files').select('id').where('original_filename', '=', 'dot.png').execute()).toEqual([]);
  });

  it('refuses an unknown body member with 400 naming it, at the top and nested, and stores nothing', async () => {
    const name = `Unknown ${uniqueWord()}`;
    const top = await t.admin.post('/v1/products', { name, prise: 1200 });
    expectProblem(top, 400, 'invalid_request');
    expect(top.body.errors).toEqual([{ field: 'prise', code: 'unknown', message: 'is not a field of this endpoint' }]);
    expect(top.body.detail).toBe('prise is not a field of this endpoint');

    const nested = await t.admin.post('/v1/customers', {
      email: `${uniqueWord()}@example.com`,
      addresses: [{ address1: '1 Main St', city: 'Town', postcode: '10001', country_code: 'US', state_code: 'NY', phone: '555', zip: '10001' }],
    });
    expectProblem(nested, 400, 'invalid_request');
    expect(nested.body.errors).toEqual([{ field: 'addresses[0][zip]', code: 'unknown', message: 'is not a field of addresses[0]' }]);

    const form = await t.admin.post('/v1/products', undefined, { form: `name=${encodeURIComponent(name)}&prise=1200` });
    expectProblem(form, 400, 'invalid_request');
    expect(form.body.errors).toEqual([{ field: 'prise', code: 'unknown', message: 'is not a field of this endpoint' }]);
    expect(await productRows(t, name)).toEqual([]);
  });

  it('refuses an unknown member inside a checkout address', async () => {
    const ready = await readyCheckout(t, { until: 'checkout' });
    const res = await t.storefront.put(`/v1/checkouts/${ready.orderId}`, { shipping: { first_name: 'Ada', postcod: '10001' } });
    expectProblem(res, 400, 'invalid_request');
    expect(res.body.errors).toEqual([{ field: 'shipping[postcod]', code: 'unknown', message: 'is not a field of shipping' }]);
  });

  it('keeps maps open: cart items, sku modifiers, option filters, gateway settings and payment data', async () => {
    const sku = await makeSku(t);
    const cart = await t.storefront.post('/v1/carts', { items: { [sku.id]: 2 } });
    expect(cart.status, cart.text).toBe(201);
    expect(cart.body.data.total_items).toBe(2);
    // A map's values keep their types: a quantity sent as text in JSON is refused.
    expectInvalid(await t.storefront.post('/v1/carts', { items: { [sku.id]: '2' } }), `items[${sku.id}]`);

    await t.admin.post(`/v1/products/${sku.productId}`, { modifiers: ['Size'] });
    const modified = await t.admin.post(`/v1/skus/${sku.id}`, { modifiers: { Size: 'L' } });
    expect(modified.status, modified.text).toBe(200);
    expect((await t.admin.get(`/v1/skus?options[Size]=L&id=${sku.id}`)).body.data).toHaveLength(1);

    const gateway = await t.admin.post('/v1/gateways', { name: 'Cards', source: `gw-${uniqueWord()}`, driver: 'test', settings: { capture: 'manual' } });
    expect(gateway.status, gateway.text).toBe(201);

    const ready = await readyCheckout(t, { gateway: (await makeGateway(t)).id });
    const paid = await t.storefront.post(`/v1/checkouts/${ready.orderId}/payment`, { payment: { method: 'card', card_number: '4242424242424242' } });
    expect(paid.status, paid.text).toBe(200);
  });

  it('says in /openapi.json that unknown members are refused, and that maps are open', async () => {
    const product = await bodySchemaOf(t, '/v1/products', 'post');
    expect(product.additionalProperties).toBe(false);
    expect(product.properties.images.items.additionalProperties).toBe(false);
    const customer = await bodySchemaOf(t, '/v1/customers', 'post');
    expect(customer.properties.addresses.items.additionalProperties).toBe(false);
    const cart = await bodySchemaOf(t, '/v1/carts', 'post');
    expect(cart.additionalProperties).toBe(false);
    expect(cart.properties.items.additionalProperties).not.toBe(false);
    const gateway = await bodySchemaOf(t, '/v1/gateways', 'post');
    expect(gateway.properties.settings.additionalProperties).not.toBe(false);
  });

  it('answers JSON sent as a form (curl -d without a content type) with 415, storing nothing', async () => {
    const name = `Curl ${uniqueWord()}`;
    for (const text of [JSON.stringify({ name, price: 1200 }), `  ${JSON.stringify([{ name }])}`]) {
      const res = await t.admin.post('/v1/products', undefined, { form: text });
      expectProblem(res, 415, 'unsupported_media_type');
      expect(res.body.detail).toContain('Content-Type: application/json');
    }
    expect(await productRows(t, name)).toEqual([]);
  });
});
