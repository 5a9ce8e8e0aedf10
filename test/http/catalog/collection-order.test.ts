import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('ordering a collection in one request', (t) => {
  const { createProduct } = catalogFactories(t);

  async function handPicked(count: number) {
    const collection = (await t.admin.post('/v1/collections', { title: 'Ordered', kind: 'products' })).body.data;
    const products = [];
    for (let i = 0; i < count; i++) products.push(await createProduct({ collection_ids: [collection.id] }));
    return { collection, products };
  }

  const listed = async (id: string) => ids((await t.admin.get(`/v1/collections/${id}/products`)).body.data);
  const updates = async (id: string) => (await t.admin.get(`/v1/events?related_object=${id}&kind=collection.updated`)).body.data.length;

  it('puts the named products first in the order sent and the rest after them as they were, recording one collection.updated', async () => {
    const { collection, products: [a, b, c, d] } = await handPicked(4);
    // Positions with gaps and a tie, as single moves leave them.
    await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: c!.id, position: 7 });
    await t.admin.post(`/v1/collections/${collection.id}/products`, { product_id: d!.id, position: 7 });
    const before = await updates(collection.id);

    const res = await t.admin.post(`/v1/collections/${collection.id}/products/order`, { product_ids: [b!.id, a!.id] });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual([b, a, c, d].map((product, position) => ({ object: 'collection_product', collection_id: collection.id, product_id: product!.id, position })));
    expect(await listed(collection.id)).toEqual([b!.id, a!.id, c!.id, d!.id]);
    expect(await updates(collection.id)).toBe(before + 1);
  });

  it('refuses a product outside the collection or named twice (422 naming it), a smart collection (409), and changes nothing', async () => {
    const { collection, products: [a, b] } = await handPicked(2);
    const outsider = await createProduct();
    const before = await updates(collection.id);

    expectInvalid(await t.admin.post(`/v1/collections/${collection.id}/products/order`, { product_ids: [b!.id, outsider.id] }), 'product_ids[1]');
    expectInvalid(await t.admin.post(`/v1/collections/${collection.id}/products/order`, { product_ids: [b!.id, a!.id, b!.id] }), 'product_ids[2]');
    expect(await listed(collection.id)).toEqual([a!.id, b!.id]);
    expect(await updates(collection.id)).toBe(before);

    const smart = (await t.admin.post('/v1/collections', { title: 'Smart', kind: 'smart', rules: [{ field: 'title', condition: 'contains', value: 'x' }] })).body.data;
    expectProblem(await t.admin.post(`/v1/collections/${smart.id}/products/order`, { product_ids: [a!.id] }), 409, 'invalid_state');
    expectProblem(await t.admin.post('/v1/collections/col_missing/products/order', { product_ids: [a!.id] }), 404, 'not_found');
  });
});
