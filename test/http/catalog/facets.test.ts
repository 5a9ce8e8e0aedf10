import { expect, it } from 'vitest';
import { catalogFactories, ids } from '../../helpers/catalog.js';
import { expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type Client } from '../../helpers/test-app.js';

// One database for the file: each test names its products, vendors and tags with a word of its own,
// so that listings filtered by it (`q`) hold its products alone.
describeEachDatabase('facets of the product listings', (t) => {
  const { createProduct, createSku } = catalogFactories(t);

  async function read(url: string, client: Client = t.storefront): Promise<any> {
    const res = await client.get(url);
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  /** Four products: two of Acme, one of Globex, one of no vendor; sizes and colours on their skus. */
  async function createShelf(word: string) {
    const acme = `Acme ${word}`;
    const globex = `Globex ${word}`;
    const sale = `Sale ${word}`;
    const eco = `Eco ${word}`;
    const shirt = await createProduct({ name: `Shirt ${word}`, vendor: acme, tags: [sale, eco], price: 1000, options: { size: ['S', 'M'], color: ['Red'] } });
    const jumper = await createProduct({ name: `Jumper ${word}`, vendor: acme, tags: [sale], price: 2000, options: { size: ['M', 'L'] } });
    const coat = await createProduct({ name: `Coat ${word}`, vendor: globex, tags: [eco], price: 3000, options: { size: ['L'], color: ['Blue'] } });
    const sock = await createProduct({ name: `Sock ${word}`, price: 500 });
    return { acme, globex, sale, eco, shirt, jumper, coat, sock };
  }

  it('counts each vendor, tag and option value of the products listed, and their price range', async () => {
    const word = uniqueWord();
    const { acme, globex, sale, eco } = await createShelf(word);

    const body = await read(`/v1/products?q=${word}&facets=vendor,tags,options,price`);
    expect(body.meta.pagination.total_items).toBe(4);
    expect(body.meta.facets).toEqual({
      vendor: [{ value: acme, count: 2 }, { value: globex, count: 1 }],
      tags: [{ value: eco, count: 2 }, { value: sale, count: 2 }],
      options: {
        color: [{ value: 'Blue', count: 1 }, { value: 'Red', count: 1 }],
        size: [{ value: 'L', count: 2 }, { value: 'M', count: 2 }, { value: 'S', count: 1 }],
      },
      price: { min: 500, max: 3000 },
    });
    // Only the facets asked for; none without the parameter.
    expect((await read(`/v1/products?q=${word}&facets=price`)).meta.facets).toEqual({ price: { min: 500, max: 3000 } });
    expect((await read(`/v1/products?q=${word}`)).meta.facets).toBeUndefined();
  });

  it("leaves a facet's own filter out of its counts, so choosing one vendor keeps the others' counts", async () => {
    const word = uniqueWord();
    const { acme, globex, sale, eco, shirt, jumper } = await createShelf(word);

    const body = await read(`/v1/products?q=${word}&vendor=${encodeURIComponent(acme)}&facets=vendor,tags,price,options`);
    expect(ids(body.data).sort()).toEqual([shirt.id, jumper.id].sort());
    expect(body.meta.facets.vendor).toEqual([{ value: acme, count: 2 }, { value: globex, count: 1 }]);
    // The other facets count under the vendor filter.
    expect(body.meta.facets.tags).toEqual([{ value: sale, count: 2 }, { value: eco, count: 1 }]);
    expect(body.meta.facets.price).toEqual({ min: 1000, max: 2000 });
    expect(body.meta.facets.options.size).toEqual([{ value: 'M', count: 2 }, { value: 'L', count: 1 }, { value: 'S', count: 1 }]);

    // Two vendors at once, with a comma.
    const both = await read(`/v1/products?q=${word}&vendor=${encodeURIComponent(`${acme},${globex}`)}`);
    expect(both.meta.pagination.total_items).toBe(3);

    // A tag filter keeps the other tags' counts and narrows the vendors'.
    const tagged = await read(`/v1/products?q=${word}&tags=${encodeURIComponent(eco)}&facets=tags,vendor`);
    expect(tagged.meta.pagination.total_items).toBe(2);
    expect(tagged.meta.facets.tags).toEqual([{ value: eco, count: 2 }, { value: sale, count: 2 }]);
    expect(tagged.meta.facets.vendor).toEqual([{ value: acme, count: 1 }, { value: globex, count: 1 }]);
  });

  it('counts under option and price filters, each option name leaving out only its own filter', async () => {
    const word = uniqueWord();
    const { acme, globex, coat } = await createShelf(word);

    const sized = await read(`/v1/products?q=${word}&options[size]=L&facets=options,vendor,price`);
    expect(sized.meta.pagination.total_items).toBe(2);
    // Size keeps every size's count; colour counts the products with a sku of size L in that colour.
    expect(sized.meta.facets.options).toEqual({
      size: [{ value: 'L', count: 2 }, { value: 'M', count: 2 }, { value: 'S', count: 1 }],
      color: [{ value: 'Blue', count: 1 }],
    });
    expect(sized.meta.facets.vendor).toEqual([{ value: acme, count: 1 }, { value: globex, count: 1 }]);
    expect(sized.meta.facets.price).toEqual({ min: 2000, max: 3000 });

    // Size and colour on the same sku: the shirt's red sku is S or M, so red and L match the coat alone.
    const both = await read(`/v1/products?q=${word}&options[size]=L&options[color]=Blue&facets=options`);
    expect(ids(both.data)).toEqual([coat.id]);
    expect(both.meta.facets.options).toEqual({ size: [{ value: 'L', count: 1 }], color: [{ value: 'Blue', count: 1 }] });

    // The price filter narrows every facet but the price range.
    const priced = await read(`/v1/products?q=${word}&price[min]=1500&facets=vendor,price`);
    expect(priced.meta.pagination.total_items).toBe(2);
    expect(priced.meta.facets).toEqual({ vendor: [{ value: acme, count: 1 }, { value: globex, count: 1 }], price: { min: 500, max: 3000 } });
  });

  it('counts for a storefront only the active, published products it may see; staff count all', async () => {
    const word = uniqueWord();
    const { acme, globex } = await createShelf(word);
    await createProduct({ name: `Hat ${word}`, vendor: acme, price: 9000, is_active: false });
    await createProduct({ name: `Cap ${word}`, vendor: globex, price: 100, available_at: 4_000_000_000 });

    const storefront = await read(`/v1/products?q=${word}&facets=vendor,price`);
    expect(storefront.meta.facets).toEqual({ vendor: [{ value: acme, count: 2 }, { value: globex, count: 1 }], price: { min: 500, max: 3000 } });
    const staff = await read(`/v1/products?q=${word}&facets=vendor,price`, t.admin);
    expect(staff.meta.facets).toEqual({ vendor: [{ value: acme, count: 3 }, { value: globex, count: 2 }], price: { min: 100, max: 9000 } });
  });

  it('answers facets on the products of a category and of a collection', async () => {
    const word = uniqueWord();
    const { acme, globex, shirt, coat } = await createShelf(word);
    const category = await t.admin.post('/v1/categories', { title: `Category ${word}` });
    expect(category.status, category.text).toBe(201);
    const collection = await t.admin.post('/v1/collections', { title: `Collection ${word}`, kind: 'products' });
    expect(collection.status, collection.text).toBe(201);
    for (const product of [shirt, coat]) {
      const res = await t.admin.post(`/v1/products/${product.id}`, { category_ids: [category.body.data.id], collection_ids: [collection.body.data.id] });
      expect(res.status, res.text).toBe(200);
    }
    const expected = { vendor: [{ value: acme, count: 1 }, { value: globex, count: 1 }], price: { min: 1000, max: 3000 } };
    expect((await read(`/v1/categories/${category.body.data.id}/products?facets=vendor,price`)).meta.facets).toEqual(expected);
    expect((await read(`/v1/products?category_id=${category.body.data.id}&facets=vendor,price`)).meta.facets).toEqual(expected);
    expect((await read(`/v1/collections/${collection.body.data.id}/products?facets=vendor,price`)).meta.facets).toEqual(expected);
    // A vendor filter on a collection's products is a filter its memberships cannot answer alone.
    const filtered = await read(`/v1/collections/${collection.body.data.id}/products?vendor=${encodeURIComponent(globex)}&facets=vendor`);
    expect(ids(filtered.data)).toEqual([coat.id]);
    expect(filtered.meta.facets).toEqual({ vendor: expected.vendor });
  });

  it("gives the price range in a market's currency", async () => {
    const word = uniqueWord();
    await createShelf(word);
    const market = await t.admin.post('/v1/markets', { name: 'Market', currency: 'EUR', locales: ['fr'], country_codes: ['PT'], exchange_rate: '2' });
    expect(market.status, market.text).toBe(201);
    const body = await read(`/v1/products?q=${word}&country=PT&facets=price`);
    expect(body.meta.facets.price).toEqual({ min: 1000, max: 6000 });
  });

  it('counts skus in a sku listing, by their own options and prices', async () => {
    const word = uniqueWord();
    const acme = `Acme ${word}`;
    const globex = `Globex ${word}`;
    const shirt = await createProduct({ name: `Shirt ${word}`, vendor: acme, modifiers: ['size'], price: 1000 });
    await createSku({ product_id: shirt.id, price: 1200, modifiers: { size: 'S' } });
    const medium = await createSku({ product_id: shirt.id, price: 1400, modifiers: { size: 'M' } });
    const coat = await createProduct({ name: `Coat ${word}`, vendor: globex, modifiers: ['size'], price: 2000 });
    const mediumCoat = await createSku({ product_id: coat.id, price: 2500, modifiers: { size: 'M' } });

    const all = await read(`/v1/skus?q=${word}&facets=vendor,options,price`);
    expect(all.meta.pagination.total_items).toBe(5);
    expect(all.meta.facets).toEqual({
      vendor: [{ value: acme, count: 3 }, { value: globex, count: 2 }],
      options: { size: [{ value: 'M', count: 2 }, { value: 'S', count: 1 }] },
      price: { min: 1000, max: 2500 },
    });

    const sized = await read(`/v1/skus?q=${word}&options[size]=M&facets=vendor,options,price`);
    expect(ids(sized.data).sort()).toEqual([medium.id, mediumCoat.id].sort());
    expect(sized.meta.facets).toEqual({
      vendor: [{ value: acme, count: 1 }, { value: globex, count: 1 }],
      options: { size: [{ value: 'M', count: 2 }, { value: 'S', count: 1 }] },
      price: { min: 1400, max: 2500 },
    });

    const ofGlobex = await read(`/v1/products/${coat.id}/skus?vendor=${encodeURIComponent(globex)}&facets=vendor`);
    expect(ofGlobex.meta).toMatchObject({ pagination: { total_items: 2 }, facets: { vendor: [{ value: globex, count: 2 }] } });
  });

  it('refuses a facet it does not know, naming the parameter (400)', async () => {
    for (const facets of ['colour', 'vendor,', 'vendor,size', '']) {
      for (const url of ['/v1/products', '/v1/skus']) {
        const res = await t.storefront.get(`${url}?facets=${facets}`);
        expectProblem(res, 400, 'invalid_request');
        expect(fieldsOf(res), res.text).toContain('facets');
      }
    }
  });
});
