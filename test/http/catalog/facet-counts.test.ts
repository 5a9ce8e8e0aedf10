import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { catalogFactories } from '../../helpers/catalog.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

// The facets of a whole catalogue or hand-picked collection, unfiltered, come from counts kept as the
// data changes (migration 049). After every kind of write, each listing's facets must equal what
// the products, tags and skus hold, counted here from the tables themselves. The file's database
// is its own, so the catalogue holds this file's products alone.
describeEachDatabase('kept facet counts', (t) => {
  const { createProduct, createSku } = catalogFactories(t);
  const FACETS = 'facets=vendor,tags,options,price';

  type Value = { value: string; count: number };
  const sorted = (values: Value[]) => [...values].sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

  /** The facets counted from the tables: every product for staff; for the storefront, the active and published ones not hidden on its channel. */
  async function truth(collectionId: string | undefined, storefront: boolean) {
    const now = Math.floor(Date.now() / 1000);
    const products = t.db.selectFrom('products as p').select('p.id')
      .$if(storefront, (q) => q.where('p.is_active', '=', 1).where((eb) => eb.or([eb('p.available_at', 'is', null), eb('p.available_at', '<=', now)]))
        .where('p.hidden_on', 'not like', `%"${t.channelId}"%`))
      .$if(collectionId !== undefined, (q) => q.where('p.id', 'in', t.db.selectFrom('collection_products').select('product_id').where('collection_id', '=', collectionId!)));
    const count = sql<number>`count(distinct p.id)`;
    const [vendors, tags, options, price] = await Promise.all([
      t.db.selectFrom('products as p').innerJoin('vendors as v', 'v.id', 'p.vendor_id').where('p.id', 'in', products)
        .select(['v.name as value', count.as('count')]).groupBy('v.name').execute(),
      t.db.selectFrom('products as p').innerJoin('product_tags as pt', 'pt.product_id', 'p.id').innerJoin('tags as g', 'g.id', 'pt.tag_id')
        .where('p.id', 'in', products).select(['g.title as value', count.as('count')]).groupBy('g.title').execute(),
      t.db.selectFrom('products as p').innerJoin('skus as s', 's.product_id', 'p.id').innerJoin('sku_options as so', 'so.sku_id', 's.id')
        .where('p.id', 'in', products).select(['so.name', 'so.value', count.as('count')]).groupBy(['so.name', 'so.value']).execute(),
      t.db.selectFrom('products as p').innerJoin('skus as d', 'd.id', 'p.default_sku_id').where('p.id', 'in', products)
        .select([sql<number | null>`min(d.price)`.as('min'), sql<number | null>`max(d.price)`.as('max')]).executeTakeFirstOrThrow(),
    ]);
    const byName: Record<string, Value[]> = {};
    for (const row of options) (byName[row.name] ??= []).push({ value: row.value, count: Number(row.count) });
    return {
      vendor: sorted(vendors.map((row) => ({ value: row.value, count: Number(row.count) }))),
      tags: sorted(tags.map((row) => ({ value: row.value, count: Number(row.count) }))),
      options: Object.fromEntries(Object.entries(byName).map(([name, values]) => [name, sorted(values)])),
      price: { min: price.min === null ? null : Number(price.min), max: price.max === null ? null : Number(price.max) },
    };
  }

  async function facetsOf(url: string, client: Client): Promise<unknown> {
    const res = await client.get(url);
    expect(res.status, res.text).toBe(200);
    return res.body.meta.facets;
  }

  /** Every kept listing — the catalogue and the collection, for staff and a storefront — answers the tables' counts. */
  async function expectExact(collectionId: string) {
    for (const client of [t.admin, t.storefront]) {
      const storefront = client === t.storefront;
      expect(await facetsOf(`/v1/products?${FACETS}`, client)).toEqual(await truth(undefined, storefront));
      expect(await facetsOf(`/v1/collections/${collectionId}/products?${FACETS}`, client)).toEqual(await truth(collectionId, storefront));
    }
  }

  async function createCollection(): Promise<string> {
    const res = await t.admin.post('/v1/collections', { title: `Collection ${uniqueWord()}`, kind: 'products' });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id;
  }

  async function update(path: string, body: Record<string, unknown>) {
    const res = await t.admin.post(path, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  it('stay exact through product, vendor, tag, sku option, visibility and membership writes', async () => {
    const collectionId = await createCollection();
    const word = uniqueWord();
    const shirt = await createProduct({ name: `Shirt ${word}`, vendor: `Acme ${word}`, tags: [`Sale ${word}`, `Eco ${word}`], price: 1000, options: { size: ['S', 'M'], color: ['Red'] }, collection_ids: [collectionId] });
    const coat = await createProduct({ name: `Coat ${word}`, vendor: `Globex ${word}`, tags: [`Eco ${word}`], price: 3000, options: { size: ['L'] }, collection_ids: [collectionId] });
    const sock = await createProduct({ name: `Sock ${word}`, price: 500 });
    await expectExact(collectionId);

    // The vendor and the tags change.
    await update(`/v1/products/${shirt.id}`, { vendor: `Globex ${word}`, tags: [`Eco ${word}`, `New ${word}`] });
    await expectExact(collectionId);
    // A sku gains a new size, another changes its size, one is deleted.
    const [small, medium] = shirt.skus as Array<{ id: string; options: Record<string, string> }>;
    await createSku({ product_id: coat.id, price: 3100, modifiers: { size: 'XL' } });
    await expectExact(collectionId);
    await update(`/v1/skus/${small!.id}`, { modifiers: { size: 'M', color: 'Blue' } });
    await expectExact(collectionId);
    expect((await t.admin.delete(`/v1/skus/${medium!.id}`)).status).toBe(204);
    await expectExact(collectionId);
    // The default sku's price moves the price range.
    await update(`/v1/skus/${coat.skus[0].id}`, { price: 9000 });
    await expectExact(collectionId);

    // Visibility: deactivated, published later, hidden on the storefront's channel, then back on sale.
    await update(`/v1/products/${coat.id}`, { is_active: false });
    await expectExact(collectionId);
    await update(`/v1/products/${shirt.id}`, { available_at: 4_000_000_000 });
    await expectExact(collectionId);
    await update(`/v1/products/${coat.id}`, { is_active: true, hidden_on: [t.channelId] });
    await expectExact(collectionId);
    await update(`/v1/products/${shirt.id}`, { available_at: null });
    await update(`/v1/products/${coat.id}`, { hidden_on: [] });
    await expectExact(collectionId);

    // Memberships: joined, left, and an inactive product joining.
    await update(`/v1/products/${sock.id}`, { collection_ids: [collectionId], is_active: false });
    await expectExact(collectionId);
    await update(`/v1/products/${shirt.id}`, { collection_ids: [] });
    await expectExact(collectionId);

    // Deletions: a product (active, then inactive), a tag's products losing it, the collection.
    expect((await t.admin.delete(`/v1/products/${coat.id}`)).status).toBe(204);
    await expectExact(collectionId);
    expect((await t.admin.delete(`/v1/products/${sock.id}`)).status).toBe(204);
    await expectExact(collectionId);
    expect((await t.admin.delete(`/v1/collections/${collectionId}`)).status).toBe(204);
    expect(await facetsOf(`/v1/products?${FACETS}`, t.admin)).toEqual(await truth(undefined, false));
  });

  it('stay exact under concurrent writes to the same products and collection', async () => {
    const collectionId = await createCollection();
    const word = uniqueWord();
    const products = await Promise.all(Array.from({ length: 6 }, (_, i) => createProduct({
      name: `Lamp ${i} ${word}`, vendor: `Vendor ${i % 2} ${word}`, tags: [`Tag ${i % 3} ${word}`], price: 100 * (i + 1), options: { size: ['S', 'M'] },
    })));
    // At once: every product joins the collection, gains a tag, changes one sku's size, and half are deactivated.
    await Promise.all(products.flatMap((product, i) => [
      update(`/v1/products/${product.id}`, { collection_ids: [collectionId] }),
      update(`/v1/products/${product.id}`, { tags: [`Tag ${i % 3} ${word}`, `Both ${word}`] }),
      update(`/v1/skus/${product.skus[1].id}`, { modifiers: { size: 'XS' } }),
      ...(i % 2 === 0 ? [update(`/v1/products/${product.id}`, { is_active: false })] : []),
      createSku({ product_id: product.id, price: 50, modifiers: { size: 'L' } }),
    ]));
    await expectExact(collectionId);
    // And back: reactivated while their skus of size L go.
    const skus = await t.db.selectFrom('skus as s').innerJoin('sku_options as so', 'so.sku_id', 's.id')
      .where('so.value', '=', 'L').where('s.product_id', 'in', products.map((p) => p.id)).select('s.id').execute();
    await Promise.all([
      ...products.map((product) => update(`/v1/products/${product.id}`, { is_active: true })),
      ...skus.map(async (sku) => expect((await t.admin.delete(`/v1/skus/${sku.id}`)).status).toBe(204)),
    ]);
    await expectExact(collectionId);
  });
});
