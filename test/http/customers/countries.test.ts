import { expect, it } from 'vitest';
import { expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

describeEachDatabase('countries and states', (t) => {
  it('lists every ISO 3166-1 country to bill to, by name, and no shipping country before shipping zones exist', async () => {
    const res = await t.storefront.get('/v1/countries');
    expect(res.status).toBe(200);
    const { billing_countries: billing, shipping_countries: shipping } = res.body.data;
    expect(billing).toHaveLength(249);
    expect(billing).toContainEqual({ code: 'US', name: 'United States' });
    expect(billing).toContainEqual({ code: 'CL', name: 'Chile' });
    expect(billing.every((c: { code: string }) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const names = billing.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(shipping).toEqual([]);
  });

  it('names countries in the store language', async () => {
    expect((await t.admin.post('/v1/store', { lang: 'es' })).status).toBe(200);
    try {
      const res = await t.storefront.get('/v1/countries');
      expect(res.body.data.billing_countries).toContainEqual({ code: 'DE', name: 'Alemania' });
    } finally {
      await t.admin.post('/v1/store', { lang: 'en' });
    }
  });

  it('lists the subdivisions of a country by the code after the country', async () => {
    const res = await t.storefront.get('/v1/countries/US/states');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ code: 'NY', name: 'New York' });
    expect(res.body.data.every((s: { code: string }) => !s.code.includes('-'))).toBe(true);
    expect(res.body.meta.pagination).toMatchObject({ current_page: 1, total_items: res.body.data.length, total_pages: 1, per_page: 250 });
    const lower = await t.storefront.get('/v1/countries/us/states');
    expect(lower.body.data).toEqual(res.body.data);
  });

  it('pages a long list of subdivisions when asked', async () => {
    const all = (await t.storefront.get('/v1/countries/GB/states')).body;
    expect(all.data.length).toBeGreaterThan(200);
    const second = await t.storefront.get('/v1/countries/GB/states?per_page=10&page=2');
    expect(second.body.data).toEqual(all.data.slice(10, 20));
    expect(second.body.meta.pagination).toMatchObject({ from: 11, to: 20, previous_page: 1, next_page: 3 });
  });

  it('answers an empty list for a country without subdivisions, and 404 for an unknown country', async () => {
    const macau = await t.storefront.get('/v1/countries/MO/states');
    expect(macau.status).toBe(200);
    expect(macau.body.data).toEqual([]);
    expect(macau.body.meta.pagination.total_items).toBe(0);
    expectProblem(await t.storefront.get('/v1/countries/ZZ/states'), 404, 'not_found');
    expectProblem(await t.storefront.get('/v1/countries/USA/states'), 404, 'not_found');
  });

  it('needs a credential; staff may read too', async () => {
    expectProblem(await t.anonymous.get('/v1/countries'), 401, 'unauthorized');
    expect((await t.admin.get('/v1/countries/CL/states')).status).toBe(200);
  });
});
