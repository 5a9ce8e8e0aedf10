import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../lib/problem.js';
import { localizeRecords, resolveLocale, translateAnswer, translateRateName } from './translate.js';
import { fieldsInLocale, matchAcceptLanguage, mergeTranslations, translatedWords } from './translations.js';

describe('matchAcceptLanguage', () => {
  const locales = ['en', 'fr', 'de-CH'];

  it('takes the ranges by weight, each exactly first, then by its language', () => {
    expect(matchAcceptLanguage('fr-CA, en;q=0.8', locales)).toBe('fr');
    expect(matchAcceptLanguage('ja;q=0.9, de;q=0.5, en;q=0.1', locales)).toBe('de-CH');
    expect(matchAcceptLanguage('en;q=0.2, fr;q=0.7', locales)).toBe('fr');
    expect(matchAcceptLanguage('DE-ch', locales)).toBe('de-CH');
  });

  it('prefers the bare language among the locales of the language', () => {
    expect(matchAcceptLanguage('fr-BE', ['fr-CA', 'fr', 'en'])).toBe('fr');
    expect(matchAcceptLanguage('fr-BE', ['fr-CA', 'fr-FR'])).toBe('fr-CA');
  });

  it('matches nothing for *, weight 0, malformed ranges and unknown languages', () => {
    expect(matchAcceptLanguage('*', locales)).toBeNull();
    expect(matchAcceptLanguage('fr;q=0', locales)).toBeNull();
    expect(matchAcceptLanguage('zz-top, 12, ;;', locales)).toBeNull();
    expect(matchAcceptLanguage('', locales)).toBeNull();
  });
});

describe('resolveLocale', () => {
  const market = { id: 'mkt_1', currency: 'EUR', exchangeRate: '0.9', rounding: 'none' as const, locales: ['fr', 'de'] };

  it("takes the locale asked for, else a named market's first locale, else none", async () => {
    // Neither reads the database: only Accept-Language is matched against the store's locales.
    const db = null as never;
    expect(await resolveLocale(db, { locale: 'es', market })).toBe('es');
    expect(await resolveLocale(db, { market })).toBe('fr');
    expect(await resolveLocale(db, { market: { ...market, id: null } })).toBeNull();
    expect(await resolveLocale(db, {})).toBeNull();
  });
});

describe('mergeTranslations', () => {
  it('sets, removes fields and locales, and drops a locale left empty', () => {
    const errors = new FieldErrors();
    const merged = mergeTranslations('product', { fr: { name: 'Chapeau', excerpt: 'Court' }, de: { name: 'Hut' } }, {
      fr: { excerpt: null, description: 'Long' }, de: { name: '' }, es: null,
    }, 'en', errors);
    expect(errors.list).toEqual([]);
    expect(merged).toEqual({ fr: { name: 'Chapeau', description: 'Long' } });
  });

  it('takes keys such as __proto__ as data, and names them as faults', () => {
    const errors = new FieldErrors();
    mergeTranslations('page', {}, JSON.parse('{"fr": {"__proto__": "x"}}') as Record<string, Record<string, string>>, 'en', errors);
    expect(errors.list.map((e) => e.field)).toEqual(['translations[fr][__proto__]']);
  });

  it('names faults under the member given', () => {
    const errors = new FieldErrors();
    mergeTranslations('shipping_rate', {}, { fr: { title: 'x' } }, 'en', errors, 'rates[2][translations]');
    expect(errors.list).toEqual([expect.objectContaining({ field: 'rates[2][translations][fr][title]', code: 'unknown_field' })]);
  });
});

describe('reads in a locale', () => {
  it("takes a locale's fields over its language's", () => {
    expect(fieldsInLocale({ fr: { name: 'a', title: 'b' }, 'fr-CA': { name: 'c' } }, 'fr-CA')).toEqual({ name: 'c', title: 'b' });
    expect(fieldsInLocale({ 'fr-CA': { name: 'c' } }, 'fr')).toEqual({});
  });

  it('translates records at any depth without changing the views given', () => {
    const sku = { object: 'sku', name: 'Hat - S', modifiers: ['S'], product_id: 'prd_1', translations: {}, metadata: { translations: 'kept' } };
    const product = { object: 'product', name: 'Hat', description: null, translations: { fr: { name: 'Chapeau', description: 'Feutre' } }, skus: [sku] };
    const answer = { data: [product] };
    const french = localizeRecords(answer, { locale: 'fr', keepTranslations: true });
    expect(french.data[0]).toEqual({
      object: 'product', name: 'Chapeau', description: 'Feutre', locale: 'fr',
      skus: [{ object: 'sku', name: 'Chapeau - S', modifiers: ['S'], product_id: 'prd_1', locale: 'fr', metadata: { translations: 'kept' } }],
    });
    expect(answer.data[0]).toBe(product);
    expect(product.name).toBe('Hat');
    expect(localizeRecords(answer, { locale: null, keepTranslations: true })).toBe(answer);
    expect(localizeRecords(answer, { locale: null, keepTranslations: false }).data[0]).not.toHaveProperty('translations');
  });

  it("names a sku shown beside its product (a cart item's) after the product's translated name", async () => {
    const product = { object: 'product', id: 'prd_1', name: 'Hat', translations: { fr: { name: 'Chapeau' } }, skus: [] };
    const sku = { object: 'sku', name: 'Hat - S', modifiers: ['S'], product_id: 'prd_1', translations: {} };
    // No database is read: the product is in the answer.
    const cart = await translateAnswer(null as never, { items: [{ product, sku }] }, 'fr');
    expect(cart.items[0]!.sku).toEqual({ object: 'sku', name: 'Chapeau - S', modifiers: ['S'], product_id: 'prd_1', locale: 'fr' });
    expect(cart.items[0]!.product).toMatchObject({ name: 'Chapeau', locale: 'fr' });
  });

  it('names a shipping rate in a locale, or by its own name', () => {
    const rate = { name: 'Standard', translations: '{"fr":{"name":"Normal"}}' };
    expect(translateRateName(rate, 'fr-BE')).toBe('Normal');
    expect(translateRateName(rate, 'de')).toBe('Standard');
    expect(translateRateName({ name: 'Standard', translations: {} }, null)).toBe('Standard');
  });

  it("gathers a product's translated names and descriptions for searches, without markup", () => {
    expect(translatedWords({ fr: { name: 'Chapeau', description: '<p>Un <b>beau</b> chapeau</p>', meta_title: 'x' }, de: { name: 'Hut' } }))
      .toBe('Chapeau Un beau chapeau Hut');
  });
});
