import { beforeAll, expect, it } from 'vitest';
import { catalogFactories } from '../../helpers/catalog.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

// One database for the file: each test takes countries no other test takes.
describeEachDatabase('markets', (t) => {
  const { createProduct, createSku } = catalogFactories(t);
  let storeCurrency: string;

  beforeAll(async () => {
    storeCurrency = (await t.admin.get('/v1/store')).body.data.currency;
    expect(storeCurrency).toBe('USD');
  });

  async function createMarket(body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post('/v1/markets', { name: 'Market', currency: 'EUR', locales: ['fr'], ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  /** The sku's row of `market_prices` in a market, as staff read it. */
  async function marketPrice(skuId: string, marketId: string): Promise<any> {
    const res = await t.admin.get(`/v1/skus/${skuId}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data.market_prices.find((p: any) => p.market_id === marketId);
  }

  it('creates, reads, lists, updates and deletes a market', async () => {
    const created = await createMarket({ name: ' Eurozone ', country_codes: ['fr', 'DE'], locales: ['fr', 'de-DE'], exchange_rate: '0.92' });
    expect(created).toMatchObject({
      object: 'market', name: 'Eurozone', country_codes: ['FR', 'DE'], currency: 'EUR', locales: ['fr', 'de-DE'],
      exchange_rate: '0.92', rounding: 'none', is_active: true,
    });
    expect(created.id).toMatch(/^mkt_[0-9a-z]{26}$/);
    expect((await t.admin.get(`/v1/markets/${created.id}`)).body.data).toEqual(created);

    const updated = await t.admin.post(`/v1/markets/${created.id}`, { rounding: 'whole', country_codes: ['DE', 'AT'], is_active: false });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Eurozone', rounding: 'whole', country_codes: ['DE', 'AT'], is_active: false, exchange_rate: '0.92' });
    // FR left the market: another may take it.
    const france = await createMarket({ country_codes: ['FR'] });

    const list = await t.admin.get('/v1/markets?per_page=250');
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: any) => m.id)).toEqual(expect.arrayContaining([created.id, france.id]));
    // A storefront sees the active markets only.
    const shown = (await t.storefront.get('/v1/markets?per_page=250')).body.data.map((m: any) => m.id);
    expect(shown).toContain(france.id);
    expect(shown).not.toContain(created.id);
    expectProblem(await t.storefront.get(`/v1/markets/${created.id}`), 404, 'not_found');
    expectProblem(await t.storefront.post('/v1/markets', { name: 'X', country_codes: [], currency: 'EUR', locales: ['fr'] }), 403, 'forbidden');

    expect((await t.admin.delete(`/v1/markets/${created.id}`)).status).toBe(204);
    expectProblem(await t.admin.get(`/v1/markets/${created.id}`), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/markets/${created.id}`), 404, 'not_found');
    // Its countries are free again.
    await createMarket({ country_codes: ['DE', 'AT'] });
  });

  it('refuses unknown countries and currencies, repeated locales, bad locales and a rate of 0', async () => {
    expectInvalid(
      await t.admin.post('/v1/markets', { name: 'Bad', country_codes: ['XX', 'BE', 'be'], currency: 'EUX', locales: ['nl', 'nl'], exchange_rate: '0' }),
      'country_codes[0]', 'country_codes[2]', 'currency', 'locales[1]', 'exchange_rate',
    );
    expectInvalid(await t.admin.post('/v1/markets', { name: 'Bad', country_codes: ['BE'], currency: 'EUR', locales: ['NL'] }), 'locales[0]');
    expectInvalid(await t.admin.post('/v1/markets', { name: 'Bad', country_codes: ['BE'], currency: 'EUR', locales: [] }), 'locales');
    expectInvalid(await t.admin.post('/v1/markets', { name: 'Bad', country_codes: ['BE'], currency: 'EUR', locales: ['nl'], exchange_rate: '1e3' }), 'exchange_rate');
    expectInvalid(await t.admin.post('/v1/markets', { name: 'Bad', country_codes: ['BE'], currency: 'EUR', locales: ['nl'], rounding: 'up' }), 'rounding');
    const market = await createMarket({ country_codes: ['BE'] });
    expectInvalid(await t.admin.post(`/v1/markets/${market.id}`, { currency: 'ZZZ' }), 'currency');
  });

  it('puts a country in one market at most', async () => {
    await createMarket({ country_codes: ['IT'] });
    const res = await t.admin.post('/v1/markets', { name: 'Also Italy', country_codes: ['ES', 'IT'], currency: 'EUR', locales: ['it'] });
    expectInvalid(res, 'country_codes[1]');
    expect(res.body.errors.find((e: any) => e.field === 'country_codes[1]').code).toBe('taken');
    // Nothing of the refused market stays: Spain is free.
    const spain = await createMarket({ country_codes: ['ES'] });
    const moved = await t.admin.post(`/v1/markets/${spain.id}`, { country_codes: ['ES', 'IT'] });
    expectInvalid(moved, 'country_codes[1]');
    expect((await t.admin.get(`/v1/markets/${spain.id}`)).body.data.country_codes).toEqual(['ES']);
  });

  it('gives a country claimed by two markets at once to one of them', async () => {
    const claims = await Promise.all(['First', 'Second', 'Third'].map((name) =>
      t.admin.post('/v1/markets', { name, country_codes: ['PT'], currency: 'EUR', locales: ['pt'] })));
    expect(claims.map((r) => r.status).sort()).toEqual([201, 422, 422]);
    for (const refused of claims.filter((r) => r.status === 422)) {
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'country_codes[0]', code: 'taken' })]);
    }
    const holders = await t.db.selectFrom('market_countries').select('market_id').where('country_code', '=', 'PT').execute();
    expect(holders).toEqual([{ market_id: claims.find((r) => r.status === 201)!.body.data.id }]);
  });

  it('converts each sku price by the market rate and each rounding rule', async () => {
    const product = await createProduct({ price: 1999, compared_price: 2500 });
    const skuId = product.sku_id;
    const none = await createMarket({ country_codes: ['NL'], exchange_rate: '0.92' });
    const whole = await createMarket({ country_codes: ['LU'], exchange_rate: '0.92', rounding: 'whole' });
    const ninetyNine = await createMarket({ country_codes: ['IE'], exchange_rate: '0.92', rounding: 'ninety_nine' });
    // 19.99 × 0.92 = 18.3908; 25.00 × 0.92 = 23.00.
    expect(await marketPrice(skuId, none.id)).toEqual({ market_id: none.id, currency: 'EUR', price: 1839, compared_price: 2300, is_fixed: false });
    expect(await marketPrice(skuId, whole.id)).toMatchObject({ price: 1800, compared_price: 2300 });
    expect(await marketPrice(skuId, ninetyNine.id)).toMatchObject({ price: 1899, compared_price: 2399 });
    // The product view carries them on its skus, for staff only.
    const staffView = (await t.admin.get(`/v1/products/${product.id}`)).body.data;
    expect(staffView.currency).toBe('USD');
    expect(staffView.skus[0].market_prices).toEqual(expect.arrayContaining([expect.objectContaining({ market_id: ninetyNine.id, price: 1899 })]));
    const storefrontView = (await t.storefront.get(`/v1/products/${product.id}`)).body.data;
    expect(storefrontView.skus[0]).not.toHaveProperty('market_prices');
    expect(storefrontView.skus[0]).toMatchObject({ currency: 'USD', prices: [] });
    expect((await t.storefront.get(`/v1/skus/${skuId}`)).body.data).not.toHaveProperty('market_prices');

    // A new price rewrites every market's.
    expect((await t.admin.post(`/v1/skus/${skuId}`, { price: 1000, compared_price: null })).status).toBe(200);
    expect(await marketPrice(skuId, none.id)).toMatchObject({ price: 920, compared_price: null });
    expect(await marketPrice(skuId, ninetyNine.id)).toMatchObject({ price: 999, compared_price: null });
  });

  it('answers whole yen and pesos in zero-decimal markets', async () => {
    const product = await createProduct({ price: 1999 });
    const japan = await createMarket({ country_codes: ['JP'], currency: 'JPY', locales: ['ja'], exchange_rate: '150.5' });
    const japan99 = await createMarket({ country_codes: ['KR'], currency: 'JPY', locales: ['ko'], exchange_rate: '150.5', rounding: 'ninety_nine' });
    const chile = await createMarket({ country_codes: ['CL'], currency: 'CLP', locales: ['es'], exchange_rate: '950' });
    expect(await marketPrice(product.sku_id, japan.id)).toMatchObject({ currency: 'JPY', price: 3008 });
    expect(await marketPrice(product.sku_id, japan99.id)).toMatchObject({ price: 3099 });
    expect(await marketPrice(product.sku_id, chile.id)).toMatchObject({ currency: 'CLP', price: 18_991 });
  });

  it('sells at a fixed price before converting, and not at all without a rate or a fixed price', async () => {
    const fixedOnly = await createMarket({ country_codes: ['CH'], currency: 'CHF', locales: ['de'] });
    const converting = await createMarket({ country_codes: ['GR'], exchange_rate: '0.92' });
    const product = await createProduct({ price: 2000, prices: [{ currency: 'chf', price: 1900, compared_price: 2100 }] });
    expect(product.skus[0].prices).toEqual([{ currency: 'CHF', price: 1900, compared_price: 2100 }]);
    expect(await marketPrice(product.sku_id, fixedOnly.id)).toEqual({ market_id: fixedOnly.id, currency: 'CHF', price: 1900, compared_price: 2100, is_fixed: true });

    const sku = await createSku({ product_id: product.id, price: 3000 });
    expect(sku.prices).toEqual([]);
    expect(await marketPrice(sku.id, fixedOnly.id)).toBeUndefined();
    expect(await marketPrice(sku.id, converting.id)).toMatchObject({ price: 2760, is_fixed: false });

    // A fixed price in the market's currency wins over the rate; clearing it converts again.
    const priced = await t.admin.post(`/v1/skus/${sku.id}`, { prices: [{ currency: 'EUR', price: 2500 }, { currency: 'CHF', price: 2900 }] });
    expect(priced.status, priced.text).toBe(200);
    expect(priced.body.data.prices).toEqual([{ currency: 'CHF', price: 2900, compared_price: null }, { currency: 'EUR', price: 2500, compared_price: null }]);
    expect(await marketPrice(sku.id, converting.id)).toMatchObject({ price: 2500, is_fixed: true });
    expect(await marketPrice(sku.id, fixedOnly.id)).toMatchObject({ price: 2900, is_fixed: true });
    const cleared = await t.admin.post(`/v1/skus/${sku.id}`, { prices: [] });
    expect(cleared.body.data.prices).toEqual([]);
    expect(await marketPrice(sku.id, converting.id)).toMatchObject({ price: 2760, is_fixed: false });
    expect(await marketPrice(sku.id, fixedOnly.id)).toBeUndefined();

    // Deleting the market takes its prices.
    expect((await t.admin.delete(`/v1/markets/${fixedOnly.id}`)).status).toBe(204);
    expect(await t.db.selectFrom('market_prices').selectAll().where('market_id', '=', fixedOnly.id).execute()).toEqual([]);
  });

  it('refuses fixed prices in a repeated, unknown or the store\'s own currency', async () => {
    const product = await createProduct({ price: 100 });
    const res = await t.admin.post(`/v1/skus/${product.sku_id}`, {
      prices: [{ currency: 'EUR', price: 1 }, { currency: 'eur', price: 2 }, { currency: 'USD', price: 3 }, { currency: 'QQQ', price: 4 }],
    });
    expectInvalid(res, 'prices[1][currency]', 'prices[2][currency]', 'prices[3][currency]');
    expectInvalid(await t.admin.post('/v1/products', { name: 'Bad prices', prices: [{ currency: 'USD', price: 3 }] }), 'prices[0][currency]');
    expectInvalid(await t.admin.post('/v1/products', { name: 'Bad prices', options: { size: ['S'] }, prices: [{ currency: 'XYZ', price: 3 }] }), 'prices[0][currency]');
    expectInvalid(await t.admin.post('/v1/skus', { product_id: product.id, prices: [{ currency: 'EUR', price: -1 }] }), 'prices[0][price]');
  });

  it('prices every sku of a variant matrix, and the skus a later matrix adds as the default sku', async () => {
    const market = await createMarket({ country_codes: ['SE'], currency: 'SEK', locales: ['sv'] });
    const product = await createProduct({ price: 1000, options: { size: ['S', 'M'] }, prices: [{ currency: 'SEK', price: 11_000 }] });
    expect(product.skus).toHaveLength(2);
    for (const sku of product.skus) expect(await marketPrice(sku.id, market.id)).toMatchObject({ price: 11_000, is_fixed: true });
    const grown = await t.admin.post(`/v1/products/${product.id}`, { options: { size: ['S', 'M', 'L'] } });
    expect(grown.status, grown.text).toBe(200);
    const large = grown.body.data.skus.find((s: any) => s.options.size === 'L');
    expect(large.prices).toEqual([{ currency: 'SEK', price: 11_000, compared_price: null }]);
    expect(large.market_prices).toContainEqual(expect.objectContaining({ market_id: market.id, price: 11_000 }));
  });

  it('rewrites a market\'s prices when its rate, rounding or currency changes', async () => {
    const product = await createProduct({ price: 1999 });
    const market = await createMarket({ country_codes: ['FI'] });
    expect(await marketPrice(product.sku_id, market.id)).toBeUndefined();
    await t.admin.post(`/v1/markets/${market.id}`, { exchange_rate: '0.92' });
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ price: 1839 });
    // 19.99 × 0.5 = 9.995, 10.00 to the cent: the next .99 is 10.99.
    await t.admin.post(`/v1/markets/${market.id}`, { exchange_rate: '0.5', rounding: 'ninety_nine' });
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ price: 1099 });
    await t.admin.post(`/v1/markets/${market.id}`, { currency: 'JPY', exchange_rate: '150.5', rounding: 'none' });
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ currency: 'JPY', price: 3008 });
    await t.admin.post(`/v1/markets/${market.id}`, { exchange_rate: null });
    expect(await marketPrice(product.sku_id, market.id)).toBeUndefined();
  });

  it('rewrites every market\'s prices when the store\'s currency changes', async () => {
    const product = await createProduct({ price: 1000, prices: [{ currency: 'NOK', price: 5000 }] });
    const market = await createMarket({ country_codes: ['DK'], currency: 'DKK', locales: ['da'], exchange_rate: '2' });
    const norway = await createMarket({ country_codes: ['NO'], currency: 'NOK', locales: ['nb'], exchange_rate: '3' });
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ price: 2000 });
    try {
      // From a currency with cents to one without: 1000 whole yen × 2 = 2000 kroner = 200000 øre.
      expect((await t.admin.post('/v1/store', { currency: 'JPY' })).status).toBe(200);
      expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ price: 200_000 });
      expect(await marketPrice(product.sku_id, norway.id)).toMatchObject({ price: 5000, is_fixed: true });
      expect((await t.admin.get(`/v1/skus/${product.sku_id}`)).body.data.currency).toBe('JPY');
    } finally {
      expect((await t.admin.post('/v1/store', { currency: 'USD' })).status).toBe(200);
    }
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ price: 2000 });
  });

  it('sells at the store price in a market of the store\'s own currency that names no rate', async () => {
    const product = await createProduct({ price: 1234 });
    const market = await createMarket({ country_codes: ['PR'], currency: 'USD', locales: ['es'] });
    expect(await marketPrice(product.sku_id, market.id)).toMatchObject({ currency: 'USD', price: 1234, is_fixed: false });
  });

  it('lets roles that read everything read markets, and only owners and admins write them', async () => {
    const readOnly = await t.admin.post('/v1/api_keys', { name: 'reader', role: 'read_only' });
    expect(readOnly.status, readOnly.text).toBe(201);
    const reader = t.as({ authorization: `Bearer ${readOnly.body.data.token}` });
    expect((await reader.get('/v1/markets')).status).toBe(200);
    expectProblem(await reader.post('/v1/markets', { name: 'No', country_codes: [], currency: 'EUR', locales: ['fr'] }), 403, 'forbidden');
  });
});
