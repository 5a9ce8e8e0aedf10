import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// The inventory screen's listing: the skus that count stock, low stock first, across pages.
describeEachDatabase('sku listing by stock', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function listIds(query: string): Promise<string[]> {
    const res = await t.admin.get(`/v1/skus?${query}`);
    expect(res.status, res.text).toBe(200);
    return ids(res.body.data);
  }

  /** One product (named by a fresh word) whose skus are made in the order given. */
  async function stockCatalogue() {
    const word = uniqueWord();
    const product = await createProduct({ name: `Stock ${word}`, modifiers: ['size'] });
    const make = async (size: string, stock: Record<string, unknown>) => (await createSku({ product_id: product.id, modifiers: { size }, ...stock })).id as string;
    const defaultSku = product.sku_id as string; // no stock counted
    const plenty = await make('XL', { stock_policy: 'overall', in_stock: 40, low_threshold: 5 });
    const lowByThreshold = await make('L', { stock_policy: 'overall', in_stock: 30, low_threshold: 30 });
    const few = await make('M', { stock_policy: 'overall', in_stock: 3 }); // no threshold: never low
    const empty = await make('S', { stock_policy: 'overall', in_stock: 0, low_threshold: 2 });
    const untracked = await make('XS', { stock_policy: 'none', in_stock: 1, low_threshold: 5 });
    return { word, defaultSku, plenty, lowByThreshold, few, empty, untracked };
  }

  it('lists only the skus that count stock with stock_policy=overall, and the others with none', async () => {
    const c = await stockCatalogue();

    expect(await listIds(`q=${c.word}&stock_policy=overall`)).toEqual([c.plenty, c.lowByThreshold, c.few, c.empty]);
    expect(await listIds(`q=${c.word}&stock_policy=none`)).toEqual([c.defaultSku, c.untracked]);
  });

  it('orders low-stock-first: the low skus by stock, then the others by stock, stock not counted last', async () => {
    const c = await stockCatalogue();

    expect(await listIds(`q=${c.word}&sort_by=low-stock-first`)).toEqual([c.empty, c.lowByThreshold, c.few, c.plenty, c.defaultSku, c.untracked]);
    expect(await listIds(`q=${c.word}&stock_policy=overall&sort_by=low-stock-first`)).toEqual([c.empty, c.lowByThreshold, c.few, c.plenty]);
  });

  it('keeps the low-stock-first order across pages', async () => {
    const c = await stockCatalogue();
    const page = (n: number) => t.admin.get(`/v1/skus?q=${c.word}&stock_policy=overall&sort_by=low-stock-first&per_page=3&page=${n}`);

    const first = await page(1);
    const second = await page(2);

    expect(ids(first.body.data)).toEqual([c.empty, c.lowByThreshold, c.few]);
    expect(ids(second.body.data)).toEqual([c.plenty]);
    expect(second.body.meta.pagination).toMatchObject({ current_page: 2, total_items: 4, total_pages: 2 });
  });

  it('takes the same order and filter on a product\'s skus', async () => {
    const c = await stockCatalogue();
    const product = (await t.admin.get(`/v1/skus/${c.plenty}`)).body.data.product_id;

    const res = await t.admin.get(`/v1/products/${product}/skus?stock_policy=overall&sort_by=low-stock-first`);

    expect(res.status, res.text).toBe(200);
    expect(ids(res.body.data)).toEqual([c.empty, c.lowByThreshold, c.few, c.plenty]);
  });

  it('refuses an unknown stock_policy with 400, and low-stock-first on a product listing', async () => {
    expectProblem(await t.admin.get('/v1/skus?stock_policy=some'), 400, 'invalid_request');
    expectProblem(await t.admin.get('/v1/products?sort_by=low-stock-first'), 400, 'invalid_request');
  });
});
