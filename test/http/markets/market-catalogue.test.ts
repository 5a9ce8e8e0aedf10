import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

// One database for the file: each test takes countries no other test takes, and names its products
// with a word of its own so that listings filtered by it (`q`) hold its products alone.
describeEachDatabase('the catalogue read in a market', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function createMarket(body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post('/v1/markets', { name: 'Market', currency: 'EUR', locales: ['fr'], ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  async function read(url: string, client: Client = t.storefront): Promise<any> {
    const res = await client.get(url);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  it('answers euro prices in a euro market, named by id or by country', async () => {
    const word = uniqueWord();
    const market = await createMarket({ country_codes: ['FR', 'BE'], exchange_rate: '0.92', rounding: 'ninety_nine' });
    const product = await createProduct({ name: `Mug ${word}`, price: 1999, compared_price: 2500 });

    for (const query of [`market=${market.id}`, 'country=fr', 'country=BE']) {
      const view = (await read(`/v1/products/${product.id}?${query}`)).data;
      expect(view).toMatchObject({ price: 1899, compared_price: 2399, currency: 'EUR' });
      expect(view.skus).toEqual([expect.objectContaining({ id: product.sku_id, price: 1899, compared_price: 2399, currency: 'EUR' })]);
      const sku = (await read(`/v1/skus/${product.sku_id}?${query}`)).data;
      expect(sku).toMatchObject({ price: 1899, compared_price: 2399, currency: 'EUR' });
      const listed = (await read(`/v1/products?q=${word}&${query}`)).data;
      expect(listed).toEqual([expect.objectContaining({ id: product.id, price: 1899, currency: 'EUR' })]);
      expect((await read(`/v1/skus?q=${word}&${query}`)).data).toEqual([expect.objectContaining({ id: product.sku_id, price: 1899, currency: 'EUR' })]);
      expect((await read(`/v1/products/${product.id}/skus?${query}`)).data).toEqual([expect.objectContaining({ price: 1899 })]);
    }
    // Staff read in a market too, and still see every market's price beside each sku.
    const staff = (await read(`/v1/products/${product.id}?market=${market.id}`, t.admin)).data;
    expect(staff).toMatchObject({ price: 1899, currency: 'EUR' });
    expect(staff.skus[0].market_prices).toContainEqual(expect.objectContaining({ market_id: market.id, price: 1899 }));
    // A country in no market reads the primary market: the store's prices.
    expect((await read(`/v1/products/${product.id}?country=US`)).data).toMatchObject({ price: 1999, compared_price: 2500, currency: 'USD' });
  });

  it('refuses an unknown or inactive market and a country that is none, as any bad query parameter (400)', async () => {
    const product = await createProduct({ price: 100 });
    const inactive = await createMarket({ country_codes: ['AT'], exchange_rate: '1', is_active: false });
    for (const url of [`/v1/products/${product.id}`, `/v1/skus/${product.sku_id}`, '/v1/products', '/v1/skus']) {
      for (const [query, field] of [[`market=mkt_${'0'.repeat(26)}`, 'market'], [`market=${inactive.id}`, 'market'], ['country=XX', 'country'], ['country=', 'country']]) {
        const res = await t.storefront.get(`${url}?${query}`);
        expectProblem(res, 400, 'invalid_request');
        expect(fieldsOf(res), res.text).toContain(field);
      }
    }
    // The country of an inactive market reads the primary market.
    expect((await read(`/v1/products/${product.id}?country=AT`)).data).toMatchObject({ price: 100, currency: 'USD' });
  });

  it('hides the skus a market does not sell, and the products it sells no sku of', async () => {
    const word = uniqueWord();
    const market = await createMarket({ country_codes: ['CH'], currency: 'CHF', locales: ['de'] });
    const product = await createProduct({ name: `Shirt ${word}`, price: 1000, modifiers: ['size'], prices: [{ currency: 'CHF', price: 1200 }] });
    const sold = product.skus[0];
    const unsold = await createSku({ product_id: product.id, price: 1100, modifiers: { size: 'L' } });
    const unsoldProduct = await createProduct({ name: `Sock ${word}`, price: 500 });
    const query = `market=${market.id}`;

    const view = (await read(`/v1/products/${product.id}?${query}`)).data;
    expect(ids(view.skus)).toEqual([sold.id]);
    expectProblem(await t.storefront.get(`/v1/skus/${unsold.id}?${query}`), 404, 'not_found');
    expectProblem(await t.storefront.get(`/v1/products/${unsoldProduct.id}?${query}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/products/${unsoldProduct.id}?${query}`), 404, 'not_found');
    const products = await read(`/v1/products?q=${word}&${query}`);
    expect(ids(products.data)).toEqual([product.id]);
    expect(products.meta.pagination.total_items).toBe(1);
    const skus = await read(`/v1/skus?q=${word}&${query}`);
    expect(ids(skus.data)).toEqual([sold.id]);
    expect(skus.meta.pagination.total_items).toBe(1);
    expect(ids((await read(`/v1/products/${product.id}/skus?${query}`)).data)).toEqual([sold.id]);

    // A product whose default sku is not sold shows the first sku that is.
    const other = await createProduct({ name: `Cap ${word}`, price: 700, modifiers: ['size'] });
    const soldLater = await createSku({ product_id: other.id, price: 800, modifiers: { size: 'M' }, prices: [{ currency: 'CHF', price: 900 }] });
    expect((await read(`/v1/products/${other.id}?${query}`)).data).toMatchObject({ sku_id: soldLater.id, price: 900, currency: 'CHF' });
    expect(ids((await read(`/v1/products?q=${word}&${query}&sort_by=price-ascending`)).data)).toEqual([other.id, product.id]);
  });

  it('filters and sorts by the market price, in the market currency', async () => {
    const word = uniqueWord();
    const market = await createMarket({ country_codes: ['GB'], currency: 'GBP', locales: ['en-GB'], exchange_rate: '1' });
    // Store prices A < C < B; market prices B < C < A.
    const a = await createProduct({ name: `A ${word}`, price: 1000, prices: [{ currency: 'GBP', price: 3000 }] });
    const b = await createProduct({ name: `B ${word}`, price: 2000, prices: [{ currency: 'GBP', price: 1000 }] });
    const c = await createProduct({ name: `C ${word}`, price: 1500 });
    const collection = await t.admin.post('/v1/collections', { title: `Collection ${word}`, kind: 'products' });
    expect(collection.status, collection.text).toBe(201);
    const category = await t.admin.post('/v1/categories', { title: `Category ${word}` });
    for (const product of [a, b, c]) {
      expect((await t.admin.post(`/v1/products/${product.id}`, { collection_ids: [collection.body.data.id], category_ids: [category.body.data.id] })).status).toBe(200);
    }
    const inMarket = `market=${market.id}`;
    const listings = [
      `/v1/products?q=${word}&`,
      `/v1/collections/${collection.body.data.id}/products?`,
      `/v1/categories/${category.body.data.id}/products?`,
    ];
    for (const listing of listings) {
      expect(ids((await read(`${listing}sort_by=price-ascending`)).data)).toEqual([a.id, c.id, b.id]);
      expect(ids((await read(`${listing}sort_by=price-ascending&${inMarket}`)).data)).toEqual([b.id, c.id, a.id]);
      expect(ids((await read(`${listing}sort_by=price-descending&${inMarket}`)).data)).toEqual([a.id, c.id, b.id]);
      expect(ids((await read(`${listing}price[min]=1200&price[max]=2000&sort_by=price-ascending`)).data)).toEqual([c.id, b.id]);
      const ranged = await read(`${listing}price[min]=1200&price[max]=2000&${inMarket}`);
      expect(ids(ranged.data)).toEqual([c.id]);
      expect(ranged.meta.pagination.total_items).toBe(1);
    }
    // A collection's own order (its positions) holds in a market too.
    expect(ids((await read(`/v1/collections/${collection.body.data.id}/products?${inMarket}`)).data)).toEqual([a.id, b.id, c.id]);
    expect(ids((await read(`/v1/skus?q=${word}&sort_by=price-ascending&${inMarket}`)).data)).toEqual([b.sku_id, c.sku_id, a.sku_id]);
    expect(ids((await read(`/v1/skus?q=${word}&price[max]=1200&${inMarket}`)).data)).toEqual([b.sku_id]);
    expect(ids((await read(`/v1/skus?q=${word}&price[max]=1200`)).data)).toEqual([a.sku_id]);
  });

  it('answers whole yen in a yen market', async () => {
    const market = await createMarket({ country_codes: ['JP'], currency: 'JPY', locales: ['ja'], exchange_rate: '150.5' });
    const product = await createProduct({ price: 1999, compared_price: 2999 });
    const view = (await read(`/v1/products/${product.id}?market=${market.id}`)).data;
    // 19.99 × 150.5 = ¥3,008.495; 29.99 × 150.5 = ¥4,513.495.
    expect(view).toMatchObject({ price: 3008, compared_price: 4513, currency: 'JPY' });
    expect((await read(`/v1/products/${product.id}?country=jp`)).data.skus[0]).toMatchObject({ price: 3008, currency: 'JPY' });
  });

  it('answers a client naming no market exactly as before markets, with the store currency named', async () => {
    const word = uniqueWord();
    await createMarket({ country_codes: ['MX'], currency: 'MXN', locales: ['es-MX'], exchange_rate: '17' });
    const product = await createProduct({ name: `Plain ${word}`, price: 1234, compared_price: 1500 });
    const plain = await read(`/v1/products/${product.id}`);
    expect(plain.data).toMatchObject({ price: 1234, compared_price: 1500, currency: 'USD', sku_id: product.sku_id });
    expect(plain.data.skus[0]).toMatchObject({ price: 1234, currency: 'USD', prices: [] });
    // The primary market named by a country answers the same.
    expect(await read(`/v1/products/${product.id}?country=CA`)).toEqual(plain);
    const listing = await read(`/v1/products?q=${word}`);
    expect(listing.data).toEqual([plain.data]);
    expect(await read(`/v1/skus/${product.sku_id}`)).toEqual({ data: plain.data.skus[0] });
  });

  it('never serves one market\'s cached answer to another, nor one language\'s to another', async () => {
    const euro = await createMarket({ country_codes: ['IE'], exchange_rate: '0.5' });
    const pound = await createMarket({ country_codes: ['MT'], currency: 'GBP', locales: ['en'], exchange_rate: '0.25' });
    const product = await createProduct({ price: 1000 });
    const url = `/v1/products/${product.id}`;
    const first = await t.storefront.get(`${url}?market=${euro.id}`);
    expect(first.body.data).toMatchObject({ price: 500, currency: 'EUR' });
    expect((await t.storefront.get(`${url}?market=${euro.id}`)).headers['x-cache']).toBe('hit');
    const other = await t.storefront.get(`${url}?market=${pound.id}`);
    expect(other.headers['x-cache']).toBe('miss');
    expect(other.body.data).toMatchObject({ price: 250, currency: 'GBP' });
    expect((await t.storefront.get(url)).body.data).toMatchObject({ price: 1000, currency: 'USD' });

    const french = await t.storefront.get(url, { headers: { 'accept-language': 'fr' } });
    expect((await t.storefront.get(url, { headers: { 'accept-language': 'fr' } })).headers['x-cache']).toBe('hit');
    expect(french.status).toBe(200);
    expect((await t.storefront.get(url, { headers: { 'accept-language': 'de' } })).headers['x-cache']).toBe('miss');

    // A market's change reaches the next read at once.
    expect((await t.admin.post(`/v1/markets/${euro.id}`, { exchange_rate: '0.75' })).status).toBe(200);
    expect((await t.storefront.get(`${url}?market=${euro.id}`)).body.data).toMatchObject({ price: 750 });
    expect((await t.admin.post(`/v1/markets/${euro.id}`, { is_active: false })).status).toBe(200);
    const gone = await t.storefront.get(`${url}?market=${euro.id}`);
    expectProblem(gone, 400, 'invalid_request');
    expect(fieldsOf(gone)).toContain('market');
  });
});
