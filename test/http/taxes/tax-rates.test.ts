import { expect, it } from 'vitest';
import type { TaxRateRow } from '../../../src/db/types.js';
import { taxRateFor } from '../../../src/modules/taxes/tax-rates.service.js';
import { expectInvalid, expectProblem } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const UNKNOWN_RATE = 'txr_00000000000000000000000000';

// Tests in this file share one database and a place (country, state) holds one rate, so each test
// uses places no other test uses.
describeEachDatabase('tax rates', (t) => {
  async function createRate(body: Record<string, unknown>): Promise<any> {
    const res = await t.admin.post('/v1/tax_rates', body);
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function rateRow(id: string): Promise<TaxRateRow | undefined> {
    return t.db.selectFrom('tax_rates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function rateCount(): Promise<number> {
    return (await t.db.selectFrom('tax_rates').select('id').execute()).length;
  }

  it("creates a country's rate, stored with an empty state code", async () => {
    const res = await t.admin.post('/v1/tax_rates', { country_code: 'DE', name: 'MwSt', rate: 1900 });

    expect(res.status, res.text).toBe(201);
    const rate = res.body.data;
    expect(rate).toEqual({
      id: expect.stringMatching(/^txr_[0-9a-z]{26}$/),
      object: 'tax_rate',
      country_code: 'DE',
      state_code: null,
      name: 'MwSt',
      rate: 1900,
      created_at: expect.any(Number),
      updated_at: rate.created_at,
    });
    expect(await rateRow(rate.id)).toEqual({
      id: rate.id, country_code: 'DE', state_code: '', name: 'MwSt', rate_ppm: 190_000, created_at: rate.created_at, updated_at: rate.created_at,
    });
  });

  it("creates a state's rate, reading codes without regard to case; name defaults to null", async () => {
    const rate = await createRate({ country_code: 'us', state_code: 'wa', rate: 650 });

    expect(rate).toMatchObject({ country_code: 'US', state_code: 'WA', name: null, rate: 650 });
    expect(await rateRow(rate.id)).toMatchObject({ country_code: 'US', state_code: 'WA', name: null, rate_ppm: 65_000 });
  });

  it('takes 0 and 10000 basis points', async () => {
    expect(await createRate({ country_code: 'HK', rate: 0 })).toMatchObject({ rate: 0 });
    expect(await createRate({ country_code: 'MO', rate: 10_000 })).toMatchObject({ rate: 10_000 });
  });

  it('gets a rate by id', async () => {
    const rate = await createRate({ country_code: 'FR', rate: 2000 });

    const res = await t.admin.get(`/v1/tax_rates/${rate.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: rate });
  });

  it("lists rates by country, the country's own before its states', with the pagination block", async () => {
    const nsw = await createRate({ country_code: 'AU', state_code: 'NSW', rate: 1100 });
    const act = await createRate({ country_code: 'AU', state_code: 'ACT', rate: 1050 });
    const australia = await createRate({ country_code: 'AU', rate: 1000 });
    const total = await rateCount();

    const res = await t.admin.get('/v1/tax_rates?per_page=250');

    expect(res.status).toBe(200);
    const places = res.body.data.map((r: { country_code: string; state_code: string | null }) => `${r.country_code}-${r.state_code ?? ''}`);
    expect(places).toEqual([...places].sort());
    const australian = res.body.data.filter((r: { country_code: string }) => r.country_code === 'AU');
    expect(australian).toEqual([australia, act, nsw]);
    expect(res.body.meta.pagination).toMatchObject({ current_page: 1, per_page: 250, total_items: total, total_pages: 1, from: 1, to: total });

    const paged = await t.admin.get('/v1/tax_rates?per_page=1&page=2');
    expect(paged.body.data).toEqual([res.body.data[1]]);
    expect(paged.body.meta.pagination).toMatchObject({ current_page: 2, previous_page: 1, per_page: 1, total_items: total });
  });

  it('updates the rate and the name, and keeps the members left out', async () => {
    const rate = await createRate({ country_code: 'IT', name: 'IVA', rate: 2100 });

    const res = await t.admin.post(`/v1/tax_rates/${rate.id}`, { rate: 2200 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ ...rate, rate: 2200, updated_at: expect.any(Number) });

    const renamed = await t.admin.post(`/v1/tax_rates/${rate.id}`, { name: null });
    expect(renamed.body.data).toMatchObject({ name: null, rate: 2200, country_code: 'IT', state_code: null });
    expect(await rateRow(rate.id)).toMatchObject({ name: null, rate_ppm: 220_000, country_code: 'IT', state_code: '' });
  });

  it('moves a rate to another place, and back to the whole country with state_code null', async () => {
    const rate = await createRate({ country_code: 'US', state_code: 'OR', rate: 0 });

    const moved = await t.admin.post(`/v1/tax_rates/${rate.id}`, { state_code: 'NV' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ country_code: 'US', state_code: 'NV' });

    const country = await t.admin.post(`/v1/tax_rates/${rate.id}`, { country_code: 'ES', state_code: null });
    expect(country.status, country.text).toBe(200);
    expect(country.body.data).toMatchObject({ country_code: 'ES', state_code: null });
    expect(await rateRow(rate.id)).toMatchObject({ country_code: 'ES', state_code: '' });
  });

  it('deletes a rate with 204', async () => {
    const rate = await createRate({ country_code: 'NL', rate: 2100 });

    const res = await t.admin.delete(`/v1/tax_rates/${rate.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await rateRow(rate.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/tax_rates/${rate.id}`), 404, 'not_found');
    // The place is free again.
    await createRate({ country_code: 'NL', rate: 900 });
  });

  it('refuses a create without country_code or rate', async () => {
    expectInvalid(await t.admin.post('/v1/tax_rates', {}), 'country_code', 'rate');
  });

  it('refuses an unknown country', async () => {
    const res = await t.admin.post('/v1/tax_rates', { country_code: 'ZZ', rate: 100 });
    expectInvalid(res, 'country_code');
    expect(res.body.errors[0].code).toBe('invalid_value');
  });

  it('refuses a state that is not a subdivision of the country', async () => {
    expectInvalid(await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'XX', rate: 100 }), 'state_code');
    expectInvalid(await t.admin.post('/v1/tax_rates', { country_code: 'CL', state_code: 'WA', rate: 100 }), 'state_code');
    // Macau has no subdivisions at all: its rate is the whole country's.
    expectInvalid(await t.admin.post('/v1/tax_rates', { country_code: 'MO', state_code: 'XX', rate: 100 }), 'state_code');
  });

  it('keeps a rate with up to two decimals of a basis point exactly (8.875 %, 7.0625 %) and answers it as sent', async () => {
    const nyc = await createRate({ country_code: 'US', state_code: 'AL', rate: 887.5 });
    expect(nyc.rate).toBe(887.5);
    expect((await t.admin.get(`/v1/tax_rates/${nyc.id}`)).body.data.rate).toBe(887.5);
    expect(await rateRow(nyc.id)).toMatchObject({ rate_ppm: 88_750 });

    const updated = await t.admin.post(`/v1/tax_rates/${nyc.id}`, { rate: 706.25 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data.rate).toBe(706.25);
    expect((await t.admin.get(`/v1/tax_rates/${nyc.id}`)).body.data.rate).toBe(706.25);
    expect(await rateRow(nyc.id)).toMatchObject({ rate_ppm: 70_625 });
    // Awkward binary fractions too: 887.51 is not a sum of powers of two.
    expect((await t.admin.post(`/v1/tax_rates/${nyc.id}`, { rate: 887.51 })).body.data.rate).toBe(887.51);
    expect(await rateRow(nyc.id)).toMatchObject({ rate_ppm: 88_751 });
    // A whole number of basis points still answers as an integer.
    expect((await t.admin.post(`/v1/tax_rates/${nyc.id}`, { rate: 900 })).body.data.rate).toBe(900);
  });

  it('refuses a rate finer than a hundredth of a basis point with 422 on rate, never rounding it', async () => {
    const before = await rateCount();
    const res = await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'AK', rate: 887.512 });
    expectInvalid(res, 'rate');
    expect(res.body.errors).toEqual([{ field: 'rate', code: 'too_precise', message: 'has at most two decimals of a basis point (887.5 is 8.875 %)' }]);
    expect(await rateCount()).toBe(before);

    const rate = await createRate({ country_code: 'US', state_code: 'AK', rate: 100 });
    expectInvalid(await t.admin.post(`/v1/tax_rates/${rate.id}`, { rate: 0.001 }), 'rate');
    expect(await rateRow(rate.id)).toMatchObject({ rate_ppm: 10_000 });
  });

  it('refuses a rate outside 0..10000 basis points or not a number', async () => {
    const before = await rateCount();
    for (const rate of [-1, 10_001, 10_000.01, 'lots']) {
      expectInvalid(await t.admin.post('/v1/tax_rates', { country_code: 'SE', rate }), 'rate');
    }
    const rate = await createRate({ country_code: 'SE', rate: 2500 });
    expectInvalid(await t.admin.post(`/v1/tax_rates/${rate.id}`, { rate: 10_001 }), 'rate');
    expect(await rateCount()).toBe(before + 1);
  });

  it('refuses a second rate for the same country or state as taken', async () => {
    const country = await createRate({ country_code: 'BE', rate: 2100 });
    const state = await createRate({ country_code: 'US', state_code: 'NY', rate: 400 });

    const again = await t.admin.post('/v1/tax_rates', { country_code: 'be', rate: 600 });
    expectInvalid(again, 'country_code');
    expect(again.body.errors[0].code).toBe('taken');
    const againState = await t.admin.post('/v1/tax_rates', { country_code: 'US', state_code: 'ny', rate: 800 });
    expectInvalid(againState, 'state_code');
    expect(againState.body.errors[0].code).toBe('taken');

    const other = await createRate({ country_code: 'US', state_code: 'TX', rate: 625 });
    const moved = await t.admin.post(`/v1/tax_rates/${other.id}`, { state_code: 'NY' });
    expectInvalid(moved, 'state_code');
    expect(moved.body.errors[0].code).toBe('taken');
    expect(await rateRow(other.id)).toMatchObject({ state_code: 'TX', rate_ppm: 62_500 });
    expect(await rateRow(country.id)).toMatchObject({ rate_ppm: 210_000 });
    expect(await rateRow(state.id)).toMatchObject({ rate_ppm: 40_000 });
    // Saving a rate at its own place is no clash.
    expect((await t.admin.post(`/v1/tax_rates/${state.id}`, { country_code: 'US', state_code: 'NY', rate: 450 })).status).toBe(200);
  });

  it('refuses moving a rate to a country its state does not belong to', async () => {
    const rate = await createRate({ country_code: 'US', state_code: 'FL', rate: 600 });

    expectInvalid(await t.admin.post(`/v1/tax_rates/${rate.id}`, { country_code: 'CA' }), 'state_code');
    expectInvalid(await t.admin.post(`/v1/tax_rates/${rate.id}`, { country_code: 'XY', state_code: null }), 'country_code');
    expect(await rateRow(rate.id)).toMatchObject({ country_code: 'US', state_code: 'FL' });
  });

  it('answers 404 for an unknown rate', async () => {
    expectProblem(await t.admin.get(`/v1/tax_rates/${UNKNOWN_RATE}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/tax_rates/${UNKNOWN_RATE}`, { rate: 100 }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/tax_rates/${UNKNOWN_RATE}`), 404, 'not_found');
  });

  it('is for staff only: a channel key gets 403, no credential 401', async () => {
    const rate = await createRate({ country_code: 'AT', rate: 2000 });
    const before = await rateCount();
    for (const [client, status, code] of [[t.storefront, 403, 'forbidden'], [t.anonymous, 401, 'unauthorized']] as const) {
      expectProblem(await client.get('/v1/tax_rates'), status, code);
      expectProblem(await client.get(`/v1/tax_rates/${rate.id}`), status, code);
      expectProblem(await client.post('/v1/tax_rates', { country_code: 'CH', rate: 810 }), status, code);
      expectProblem(await client.post(`/v1/tax_rates/${rate.id}`, { rate: 0 }), status, code);
      expectProblem(await client.delete(`/v1/tax_rates/${rate.id}`), status, code);
    }
    expect(await rateCount()).toBe(before);
    expect(await rateRow(rate.id)).toMatchObject({ rate_ppm: 200_000 });
  });

  it("taxRateFor: a state's rate wins over its country's, the country's applies to its other states, else 0", async () => {
    await createRate({ country_code: 'CA', rate: 500 });
    await createRate({ country_code: 'CA', state_code: 'QC', rate: 1498 });
    await createRate({ country_code: 'MX', state_code: 'JAL', rate: 1600 });

    expect(await taxRateFor(t.db, 'CA', 'QC')).toBe(1498);
    expect(await taxRateFor(t.db, 'ca', 'qc')).toBe(1498);
    expect(await taxRateFor(t.db, 'CA', 'ON')).toBe(500);
    expect(await taxRateFor(t.db, 'CA', null)).toBe(500);
    // A state rate without a country rate: the country's other states pay none.
    expect(await taxRateFor(t.db, 'MX', 'JAL')).toBe(1600);
    expect(await taxRateFor(t.db, 'MX', 'CMX')).toBe(0);
    expect(await taxRateFor(t.db, 'MX', null)).toBe(0);
    expect(await taxRateFor(t.db, 'NZ', null)).toBe(0);
  });

  it('taxRateFor follows updates and deletions made through the API', async () => {
    const country = await createRate({ country_code: 'PT', rate: 2300 });
    expect(await taxRateFor(t.db, 'PT', null)).toBe(2300);

    await t.admin.post(`/v1/tax_rates/${country.id}`, { rate: 2200 });
    expect(await taxRateFor(t.db, 'PT', null)).toBe(2200);

    expect((await t.admin.delete(`/v1/tax_rates/${country.id}`)).status).toBe(204);
    expect(await taxRateFor(t.db, 'PT', null)).toBe(0);
  });
});
