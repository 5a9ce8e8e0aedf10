import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { SKU_COLUMNS } from '../../../src/db/migrations/050-product-documents.js';
import { productDocuments, writeDueProductDocuments } from '../../../src/modules/catalog/product-documents.js';
import { findProducts } from '../../../src/modules/catalog/products.repo.js';
import { productViews } from '../../../src/modules/catalog/products.view.js';
import { catalogFactories } from '../../helpers/catalog.js';
import { uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestResponse } from '../../helpers/test-app.js';

function ok(res: TestResponse, status = 200): any {
  expect(res.status, res.text).toBe(status);
  return res.body;
}

/** An answer without the `locale` a read in a locale adds to each record. */
function withoutLocale(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLocale);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'locale').map(([key, member]) => [key, withoutLocale(member)]));
}

// Each product's storefront documents are kept in the database and written in the transaction of
// every change to what they show (migration 050). After every kind of write they must be what the
// product's view is now, none may be left queued, and a storefront's answer from them must be the
// answer built from the views (a read in the store's own locale builds it).
describeEachDatabase('product documents kept with their sources', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function storedDocuments(productIds: string[]) {
    const [products, skus] = await Promise.all([
      t.db.selectFrom('product_documents').selectAll().where('product_id', 'in', productIds).orderBy('product_id').execute(),
      t.db.selectFrom('sku_documents').selectAll().where('product_id', 'in', productIds).orderBy('sku_id').execute(),
    ]);
    return { products, skus };
  }

  async function documentsFromSources(productIds: string[]) {
    const written = (await productViews(t.db, await findProducts(t.db, productIds))).map(productDocuments);
    const byId = <T extends { product_id?: string; sku_id?: string }>(rows: T[]) => [...rows].sort((a, b) => ((a.sku_id ?? a.product_id)! < (b.sku_id ?? b.product_id)! ? -1 : 1));
    return { products: byId(written.map((documents) => documents.product)), skus: byId(written.flatMap((documents) => documents.skus)) };
  }

  async function due(): Promise<string[]> {
    return (await t.db.selectFrom('product_documents_due').select('product_id').execute()).map((row) => row.product_id);
  }

  /** The documents are those the sources make now, none is queued, and each storefront answer equals the one built from the views. */
  async function expectKept(productIds: string[]) {
    expect(await due()).toEqual([]);
    expect(await storedDocuments(productIds)).toEqual(await documentsFromSources(productIds));
    for (const id of productIds) {
      const kept = await t.storefront.get(`/v1/products/${id}`);
      if (kept.status === 404) continue;
      const built = ok(await t.storefront.get(`/v1/products/${id}?locale=en`));
      expect(ok(kept)).toEqual(withoutLocale(built));
      for (const sku of built.data.skus) expect(ok(await t.storefront.get(`/v1/skus/${sku.id}`))).toEqual({ data: withoutLocale(sku) });
    }
  }

  it('are rewritten with every kind of change to what they show, in the change\'s own transaction', async () => {
    const word = uniqueWord();
    const collection = ok(await t.admin.post('/v1/collections', { title: `Collection ${word}`, kind: 'products' }), 201).data;
    const category = ok(await t.admin.post('/v1/categories', { title: `Category ${word}` }), 201).data;
    const shirt = await createProduct({ name: `Shirt ${word}`, vendor: `Acme ${word}`, tags: [`Eco ${word}`], price: 1000, options: { size: ['S', 'M'] } });
    const plain = await createProduct({ name: `Plain ${word}`, price: 500, metadata: { care: 'wash cold' }, private_metadata: { cost: '120' } });
    const ids = [shirt.id, plain.id];
    await expectKept(ids);
    expect((await storedDocuments(ids)).products.every((document) => !document.body.includes('private_metadata'))).toBe(true);

    ok(await t.admin.post(`/v1/products/${shirt.id}`, { name: `Shirt ${word} renamed`, description: '<p>Soft</p>', tags: [`Sale ${word}`], vendor: `Globex ${word}` }));
    await expectKept(ids);
    ok(await t.admin.post(`/v1/products/${shirt.id}`, { collection_ids: [collection.id], category_ids: [category.id] }));
    await expectKept(ids);
    const large = await createSku({ product_id: shirt.id, price: 1500, modifiers: { size: 'L' } });
    await expectKept(ids);
    ok(await t.admin.post(`/v1/skus/${large.id}`, { price: 1400, compared_price: 1600, prices: [{ currency: 'EUR', price: 1300 }] }));
    await expectKept(ids);
    ok(await t.admin.delete(`/v1/sku/${large.id}`), 204);
    await expectKept(ids);
    ok(await t.admin.post(`/v1/products/${plain.id}`, { is_active: false }));
    await expectKept(ids);
    ok(await t.admin.delete(`/v1/collections/${collection.id}`), 204);
    await expectKept(ids);
    ok(await t.admin.post('/v1/store', { currency: 'CAD' }));
    await expectKept(ids);
    ok(await t.admin.delete(`/v1/products/${plain.id}`), 204);
    expect(await storedDocuments([plain.id])).toEqual({ products: [], skus: [] });
    await expectKept([shirt.id]);
  });

  it('lay each sku\'s stock and updated_at over the document, so a sale rewrites none', async () => {
    const product = await createProduct({ name: `Boot ${uniqueWord()}`, price: 9000, options: { size: ['40', '41'] } });
    const [first, second] = product.skus as Array<{ id: string }>;
    const before = await storedDocuments([product.id]);
    // What a sale writes (checkout/stock.ts): the stock and updated_at alone.
    await t.db.updateTable('skus').set({ in_stock: 7, updated_at: 1_900_000_000 }).where('id', '=', first!.id).execute();
    await t.db.transaction().execute((tx) => tx.updateTable('skus').set({ in_stock: 3, updated_at: 1_900_000_001 }).where('id', '=', second!.id).execute());
    expect(await storedDocuments([product.id])).toEqual(before);
    expect(await due()).toEqual([]);
    const shown = ok(await t.storefront.get(`/v1/products/${product.id}`)).data;
    expect(shown.skus.map((sku: any) => [sku.in_stock, sku.updated_at])).toEqual([[7, 1_900_000_000], [3, 1_900_000_001]]);
    expect(ok(await t.storefront.get(`/v1/skus/${second!.id}`)).data).toMatchObject({ in_stock: 3, updated_at: 1_900_000_001 });
    const listed = ok(await t.storefront.get(`/v1/products?q=${encodeURIComponent(product.name)}`)).data;
    expect(listed.map((found: any) => found.skus.map((sku: any) => sku.in_stock))).toEqual([[7, 3]]);
  });

  it('never answer what their sources no longer say, when a change is written outside the API', async () => {
    const product = await createProduct({ name: `Lamp ${uniqueWord()}`, price: 2500 });
    // Outside any transaction of the app: the trigger drops the document and queues the product.
    await sql`update products set name = ${'Lamp renamed by hand'} where id = ${product.id}`.execute(t.db);
    expect(await storedDocuments([product.id])).toEqual({ products: [], skus: [] });
    expect(await due()).toEqual([product.id]);
    expect(ok(await t.storefront.get(`/v1/products/${product.id}`)).data.name).toBe('Lamp renamed by hand');
    expect(ok(await t.storefront.get(`/v1/skus/${product.sku_id}`)).data.name).toBe('Lamp renamed by hand');
    const listed = ok(await t.storefront.get(`/v1/products?q=${encodeURIComponent('Lamp renamed by hand')}`)).data;
    expect(listed.map((found: any) => found.name)).toContain('Lamp renamed by hand');
    // The worker writes what is left queued.
    expect(await t.db.transaction().execute((tx) => writeDueProductDocuments(tx))).toBe(1);
    await expectKept([product.id]);
  });

  it('stay exact under concurrent changes to one product', async () => {
    const product = await createProduct({ name: `Chair ${uniqueWord()}`, price: 4000, options: { colour: ['Oak', 'Ash', 'Elm'] } });
    const skus = product.skus as Array<{ id: string }>;
    await Promise.all([
      ...skus.map((sku, i) => t.admin.post(`/v1/skus/${sku.id}`, { price: 4100 + i })),
      ...[1, 2, 3].map((n) => t.admin.post(`/v1/products/${product.id}`, { name: `Chair ${n} ${uniqueWord()}` })),
      t.admin.post(`/v1/products/${product.id}`, { tags: [`Wood ${uniqueWord()}`] }),
    ].map(async (sent) => ok(await sent)));
    await expectKept([product.id]);
  });

  it('follow every column of a sku but its stock and updated_at', async () => {
    const tables = await t.db.introspection.getTables();
    const columns = tables.find((table) => table.name === 'skus')!.columns.map((column) => column.name);
    expect([...SKU_COLUMNS, 'in_stock', 'updated_at'].sort()).toEqual([...columns].sort());
  });
});
