import { expect, it } from 'vitest';
import { expectProblem, fieldsOf, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

async function createProduct(t: TestContext, body: Record<string, unknown>) {
  const res = await t.admin.post('/v1/products', { name: `Hat ${uniqueWord()}`, price: 1500, ...body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function addMarket(t: TestContext, locales: string[]): Promise<string> {
  const res = await t.admin.post('/v1/markets', { name: 'Europe', country_codes: ['DE'], currency: 'EUR', locales, exchange_rate: '0.9' });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

describeEachDatabase('translations of products and skus', (t) => {
  it('sets translations on create, merges them per locale and field on update, and removes fields and locales', async () => {
    const product = await createProduct(t, { description: 'A hat', translations: { fr: { name: 'Chapeau', description: 'Un chapeau' } } });
    expect(product.translations).toEqual({ fr: { name: 'Chapeau', description: 'Un chapeau' } });

    const merged = await t.admin.post(`/v1/products/${product.id}`, {
      translations: { fr: { description: null, meta_title: 'Chapeaux' }, de: { name: 'Hut', excerpt: '' } },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.body.data.translations).toEqual({ fr: { name: 'Chapeau', meta_title: 'Chapeaux' }, de: { name: 'Hut' } });

    const removed = await t.admin.post(`/v1/products/${product.id}`, { translations: { de: null } });
    expect(removed.body.data.translations).toEqual({ fr: { name: 'Chapeau', meta_title: 'Chapeaux' } });
    // A write without translations keeps them.
    expect((await t.admin.post(`/v1/products/${product.id}`, { name: 'Renamed' })).body.data.translations).toEqual({ fr: { name: 'Chapeau', meta_title: 'Chapeaux' } });
    expect((await t.admin.get(`/v1/products/${product.id}`)).body.data.translations).toEqual({ fr: { name: 'Chapeau', meta_title: 'Chapeaux' } });
    const row = await t.db.selectFrom('products').select(['translations']).where('id', '=', product.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.translations)).toEqual({ fr: { name: 'Chapeau', meta_title: 'Chapeaux' } });
  });

  it('keeps every locale of concurrent writes to one product', async () => {
    const product = await createProduct(t, {});
    const locales = ['fr', 'de', 'es', 'it', 'nl', 'pt'];
    const writes = await Promise.all(locales.map((locale) => t.admin.post(`/v1/products/${product.id}`, { translations: { [locale]: { name: `Name ${locale}` } } })));
    for (const res of writes) expect(res.status, res.text).toBe(200);
    const read = await t.admin.get(`/v1/products/${product.id}`);
    expect(Object.keys(read.body.data.translations).sort()).toEqual([...locales].sort());
  });

  it('refuses a malformed locale, the store language, an unknown field, an over-long value and a malformed permalink, naming each', async () => {
    const res = await t.admin.post('/v1/products', {
      name: `Hat ${uniqueWord()}`,
      translations: {
        french: { name: 'Chapeau' },
        en: { name: 'Hat' },
        fr: { colour: 'rouge', name: 'x'.repeat(256), permalink: 'Not A Slug' },
      },
    });
    expectProblem(res, 422, 'validation_failed');
    expect(fieldsOf(res).sort()).toEqual([
      'translations[en]', 'translations[fr][colour]', 'translations[fr][name]', 'translations[fr][permalink]', 'translations[french]',
    ]);
    expect(res.body.errors.find((e: { field: string }) => e.field === 'translations[fr][name]').code).toBe('invalid_length');

    const sku = (await createProduct(t, {})).sku_id;
    const bad = await t.admin.post(`/v1/skus/${sku}`, { translations: { fr: { description: 'Non' } } });
    expectProblem(bad, 422, 'validation_failed');
    expect(fieldsOf(bad)).toEqual(['translations[fr][description]']);
  });

  it('answers a product in the locale asked for, field by field falling back to its own text, with locale and without translations', async () => {
    const product = await createProduct(t, {
      description: 'A wide hat', meta_title: 'Hats', translations: { fr: { name: 'Chapeau', meta_title: 'Chapeaux' }, 'fr-CA': { meta_title: 'Tuques' } },
    });

    const fr = await t.storefront.get(`/v1/products/${product.id}?locale=fr`);
    expect(fr.status, fr.text).toBe(200);
    expect(fr.body.data).toMatchObject({ name: 'Chapeau', description: 'A wide hat', meta_title: 'Chapeaux', locale: 'fr' });
    expect(fr.body.data).not.toHaveProperty('translations');
    // fr-CA takes its own fields over those of fr.
    const canadian = await t.storefront.get(`/v1/products/${product.id}?locale=fr-CA`);
    expect(canadian.body.data).toMatchObject({ name: 'Chapeau', meta_title: 'Tuques', locale: 'fr-CA' });
    // A locale with no translation answers the record's own text.
    const german = await t.storefront.get(`/v1/products/${product.id}?locale=de`);
    expect(german.body.data).toMatchObject({ name: product.name, meta_title: 'Hats', locale: 'de' });
    // The store's language is the records' own text.
    expect((await t.storefront.get(`/v1/products/${product.id}?locale=en`)).body.data).toMatchObject({ name: product.name, locale: 'en' });

    const list = await t.storefront.get(`/v1/products?locale=fr&q=${encodeURIComponent(product.name)}`);
    expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Chapeau']);

    const staff = await t.admin.get(`/v1/products/${product.id}?locale=fr`);
    expect(staff.body.data).toMatchObject({ name: 'Chapeau', locale: 'fr' });
    expect(staff.body.data).not.toHaveProperty('translations');

    expectProblem(await t.storefront.get(`/v1/products/${product.id}?locale=french`), 400, 'invalid_request');
  });

  it('never shows translations to a storefront, and shows them to staff reading without a locale', async () => {
    const product = await createProduct(t, { translations: { fr: { name: 'Chapeau' } } });
    const storefront = await t.storefront.get(`/v1/products/${product.id}`);
    expect(storefront.body.data).not.toHaveProperty('translations');
    expect(storefront.body.data).not.toHaveProperty('locale');
    for (const sku of storefront.body.data.skus) expect(sku).not.toHaveProperty('translations');
    const skus = await t.storefront.get(`/v1/products/${product.id}/skus`);
    expect(skus.body.data[0]).not.toHaveProperty('translations');

    const staff = await t.admin.get(`/v1/products/${product.id}`);
    expect(staff.body.data.translations).toEqual({ fr: { name: 'Chapeau' } });
    expect(staff.body.data).not.toHaveProperty('locale');
    expect(staff.body.data.skus[0].translations).toEqual({});
  });

  it("names a product's skus by its translated name, unless a sku has a translated name of its own", async () => {
    const product = await createProduct(t, { name: 'Hat', options: { size: ['S', 'M'] }, translations: { fr: { name: 'Chapeau' } } });
    const [small, medium] = product.skus as Array<{ id: string; options: { size: string } }>;
    expect(small!.options.size).toBe('S');
    const own = await t.admin.post(`/v1/skus/${medium!.id}`, { translations: { fr: { name: 'Chapeau moyen' } } });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data.translations).toEqual({ fr: { name: 'Chapeau moyen' } });

    const read = await t.storefront.get(`/v1/products/${product.id}?locale=fr`);
    expect(read.body.data.skus.map((s: { name: string }) => s.name)).toEqual(['Chapeau - S', 'Chapeau moyen']);
    expect(read.body.data.skus[0]).toMatchObject({ locale: 'fr' });
    expect((await t.storefront.get(`/v1/skus/${small!.id}?locale=fr`)).body.data).toMatchObject({ name: 'Chapeau - S', locale: 'fr' });
    const list = await t.storefront.get(`/v1/products/${product.id}/skus?locale=fr`);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['Chapeau - S', 'Chapeau moyen']);
    expect((await t.admin.get(`/v1/skus?id=${small!.id}&locale=fr`)).body.data[0].name).toBe('Chapeau - S');
    expect((await t.storefront.get(`/v1/skus/${small!.id}`)).body.data.name).toBe('Hat - S');
  });

  it('matches Accept-Language against the store and market locales for storefronts: exactly, then by language', async () => {
    const market = await addMarket(t, ['de', 'fr-FR']);
    const product = await createProduct(t, { translations: { de: { name: 'Hut' }, 'fr-FR': { name: 'Chapeau' } } });
    const asked = (header: string) => t.storefront.get(`/v1/products/${product.id}`, { headers: { 'accept-language': header } });

    expect((await asked('de-AT, en;q=0.5')).body.data).toMatchObject({ name: 'Hut', locale: 'de' });
    expect((await asked('fr')).body.data).toMatchObject({ name: 'Chapeau', locale: 'fr-FR' });
    expect((await asked('ja, de;q=0.1')).body.data).toMatchObject({ name: 'Hut', locale: 'de' });
    expect((await asked('en-GB, de;q=0.8')).body.data).toMatchObject({ name: product.name, locale: 'en' });
    const unmatched = (await asked('ja')).body.data;
    expect(unmatched.name).toBe(product.name);
    expect(unmatched).not.toHaveProperty('locale');
    // The locale parameter wins over the header.
    expect((await t.storefront.get(`/v1/products/${product.id}?locale=de`, { headers: { 'accept-language': 'fr' } })).body.data.name).toBe('Hut');
    // A read in a market, asking for no language, is in the market's first locale.
    expect((await t.storefront.get(`/v1/products/${product.id}?market=${market}`)).body.data).toMatchObject({ name: 'Hut', locale: 'de', currency: 'EUR' });
    expect((await t.storefront.get(`/v1/products/${product.id}?country=DE&locale=fr-FR`)).body.data).toMatchObject({ name: 'Chapeau', locale: 'fr-FR' });
    // Staff edit the records' own text: their browser's language does not replace it.
    const staff = await t.admin.get(`/v1/products/${product.id}`, { headers: { 'accept-language': 'de' } });
    expect(staff.body.data.name).toBe(product.name);
    expect(staff.body.data.translations).toEqual({ de: { name: 'Hut' }, 'fr-FR': { name: 'Chapeau' } });
  });

  it('finds a product by a translated permalink, keeps translated permalinks unique per locale, and frees those of deleted products', async () => {
    const w = uniqueWord();
    const product = await createProduct(t, { permalink: `hat-${w}`, translations: { fr: { permalink: `chapeau-${w}` } } });

    const read = await t.storefront.get(`/v1/products/chapeau-${w}?locale=fr`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.data).toMatchObject({ id: product.id, permalink: `chapeau-${w}` });
    expect((await t.storefront.get(`/v1/products/chapeau-${w}/skus`)).body.data.map((s: { id: string }) => s.id)).toEqual([product.sku_id]);

    const taken = await t.admin.post('/v1/products', { name: `Cap ${w}`, translations: { fr: { permalink: `chapeau-${w}` } } });
    expectProblem(taken, 422, 'validation_failed');
    expect(taken.body.errors).toEqual([expect.objectContaining({ field: 'translations[fr][permalink]', code: 'taken' })]);
    // Another product's own permalink is taken too: a read by it finds that product first.
    const own = await t.admin.post('/v1/products', { name: `Cap ${w}`, translations: { fr: { permalink: `hat-${w}` } } });
    expect(fieldsOf(own)).toEqual(['translations[fr][permalink]']);
    // The same permalink in another locale is another's to take.
    const german = await createProduct(t, { translations: { de: { permalink: `chapeau-${w}` } } });
    expect(german.translations).toEqual({ de: { permalink: `chapeau-${w}` } });

    // Rewriting its own permalink in place keeps it.
    expect((await t.admin.post(`/v1/products/${product.id}`, { translations: { fr: { permalink: `chapeau-${w}`, name: 'Chapeau' } } })).status).toBe(200);
    expect((await t.admin.delete(`/v1/products/${product.id}`)).status).toBe(204);
    const again = await createProduct(t, { translations: { fr: { permalink: `chapeau-${w}` } } });
    expect((await t.storefront.get(`/v1/products/chapeau-${w}`)).body.data.id).toBe(german.id);
    expect((await t.storefront.get(`/v1/products/chapeau-${w}?locale=fr`)).body.data.id).toBe(german.id);
    expect(again.translations.fr.permalink).toBe(`chapeau-${w}`);
  });

  it("finds products by the words of every locale's translated names and descriptions", async () => {
    const w = uniqueWord();
    const product = await createProduct(t, { name: `Hat ${w}`, translations: { fr: { name: `Chapeau ${w}x` }, de: { description: `<p>Ein Hut aus Filz ${w}y</p>` } } });
    const ids = async (query: string, client = t.storefront) => (await client.get(`/v1/products?q=${encodeURIComponent(query)}`)).body.data.map((p: { id: string }) => p.id);

    expect(await ids(`chapeau ${w}x`)).toEqual([product.id]);
    expect(await ids(`filz ${w}y`)).toEqual([product.id]);
    expect(await ids(`${w}x`, t.admin)).toEqual([product.id]);
    expect((await t.storefront.get(`/v1/skus?q=${w}x`)).body.data.map((s: { id: string }) => s.id)).toEqual([product.sku_id]);
    // Words removed from the translations are no longer found.
    await t.admin.post(`/v1/products/${product.id}`, { translations: { fr: null } });
    expect(await ids(`${w}x`)).toEqual([]);
    expect(await ids(`${w}y`)).toEqual([product.id]);
  });
});
