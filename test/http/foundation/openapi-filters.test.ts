import { createQuerySerializer } from 'openapi-fetch';
import { beforeAll, expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema: { type?: string | string[]; $ref?: string };
}
type Paths = Record<string, Record<string, { parameters?: Parameter[] }>>;

/**
 * The query string a generated client (openapi-fetch) writes for these values when it follows what
 * the document says of each parameter: its `style` and `explode`, or OpenAPI's defaults for a query
 * parameter (form, exploded) when it says nothing.
 */
function querySentFor(parameters: Parameter[], values: Record<string, unknown>): string {
  return Object.entries(values).map(([name, value]) => {
    const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
    if (!parameter) throw new Error(`the document has no query parameter ${name}`);
    const style = parameter.style ?? 'form';
    const explode = parameter.explode ?? style === 'form';
    return createQuerySerializer({ object: { style: style as 'form', explode }, array: { style: 'form', explode } })({ [name]: value });
  }).join('&');
}

describeEachDatabase('openapi: listing filters as a generated client sends them', (t) => {
  const { createProduct, createSku } = catalogFactories(t);
  let paths: Paths;
  const word = uniqueWord();
  let cheapRed: { id: string; sku_id: string };
  let dearBlue: { id: string; sku_id: string };
  let collectionId: string;

  beforeAll(async () => {
    paths = (await t.anonymous.get('/openapi.json')).body.paths;
    cheapRed = await createProduct({ name: `Shirt ${word} red`, modifiers: ['color'], price: 500 });
    await t.admin.post(`/v1/skus/${(cheapRed as { sku_id: string }).sku_id}`, { modifiers: { color: 'Red' } });
    dearBlue = await createProduct({ name: `Shirt ${word} blue`, modifiers: ['color'], price: 1500 });
    await t.admin.post(`/v1/skus/${dearBlue.sku_id}`, { modifiers: { color: 'Blue' } });
    const collection = await t.admin.post('/v1/collections', { title: `Shirts ${word}`, kind: 'products' });
    expect(collection.status, collection.text).toBe(201);
    collectionId = collection.body.data.id;
    for (const product of [cheapRed, dearBlue]) {
      expect((await t.admin.post(`/v1/collections/${collectionId}/products`, { product_id: product.id })).status).toBe(200);
    }
    // An unrelated sku, so an unfiltered product's sku list is not already the answer.
    await createSku({ product_id: dearBlue.id, modifiers: { color: 'Green' }, price: 9000 });
  });

  it('describes every object-valued query parameter as deepObject, exploded', () => {
    const objects = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).flatMap(([method, op]) =>
      (op.parameters ?? []).filter((p) => p.in === 'query' && (p.schema.type === 'object' || p.schema.$ref))
        .map((p) => ({ at: `${method} ${path} ${p.name}`, style: p.style, explode: p.explode }))));
    expect(objects.map((o) => o.at)).toEqual(expect.arrayContaining(['get /v1/products price', 'get /v1/products options', 'get /v1/skus price', 'get /v1/skus options']));
    for (const object of objects) expect(object, object.at).toMatchObject({ style: 'deepObject', explode: true });
  });

  it('filters products, skus and a collection by price as openapi-fetch writes price[min] and price[max]', async () => {
    const products = paths['/v1/products']!.get!.parameters!;
    const query = querySentFor(products, { q: word, price: { min: 1000, max: 2000 } });
    const listed = await t.storefront.get(`/v1/products?${query}`);
    expect(listed.status, listed.text).toBe(200);
    expect(ids(listed.body.data)).toEqual([dearBlue.id]);
    expect(decodeURIComponent(query)).toBe(`q=${word}&price[min]=1000&price[max]=2000`);

    const skus = await t.admin.get(`/v1/skus?${querySentFor(paths['/v1/skus']!.get!.parameters!, { q: word, price: { max: 1000 } })}`);
    expect(skus.status, skus.text).toBe(200);
    expect(ids(skus.body.data)).toEqual([cheapRed.sku_id]);

    const inCollection = await t.storefront.get(`/v1/collections/${collectionId}/products?${querySentFor(paths['/v1/collections/{id}/products']!.get!.parameters!, { price: { min: 1000 } })}`);
    expect(inCollection.status, inCollection.text).toBe(200);
    expect(ids(inCollection.body.data)).toEqual([dearBlue.id]);
  });

  it('filters by options as openapi-fetch writes options[color]', async () => {
    const query = querySentFor(paths['/v1/products']!.get!.parameters!, { q: word, options: { color: 'Red' } });
    const listed = await t.storefront.get(`/v1/products?${query}`);
    expect(listed.status, listed.text).toBe(200);
    expect(ids(listed.body.data)).toEqual([cheapRed.id]);
    expect(decodeURIComponent(query)).toBe(`q=${word}&options[color]=Red`);

    const skus = await t.admin.get(`/v1/products/${dearBlue.id}/skus?${querySentFor(paths['/v1/products/{id}/skus']!.get!.parameters!, { options: { color: 'Blue' } })}`);
    expect(skus.status, skus.text).toBe(200);
    expect(ids(skus.body.data)).toEqual([dearBlue.sku_id]);
  });

  it('documents an option value as one string, several comma-separated, and takes the list forms too', async () => {
    const options = paths['/v1/products']!.get!.parameters!.find((p) => p.name === 'options')!;
    expect(options.schema).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
    const comma = querySentFor(paths['/v1/products']!.get!.parameters!, { q: word, options: { color: 'Red,Blue' } });
    expect(decodeURIComponent(comma)).toBe(`q=${word}&options[color]=Red,Blue`);
    expect(ids((await t.storefront.get(`/v1/products?${comma}`)).body.data)).toEqual([cheapRed.id, dearBlue.id]);
    const both = await t.storefront.get(`/v1/products?q=${word}&options[color][]=Red&options[color][]=Blue`);
    expect(ids(both.body.data)).toEqual([cheapRed.id, dearBlue.id]);
    const repeated = await t.storefront.get(`/v1/products?q=${word}&options[color]=Red&options[color]=Blue`);
    expect(ids(repeated.body.data)).toEqual([cheapRed.id, dearBlue.id]);
  });
});
