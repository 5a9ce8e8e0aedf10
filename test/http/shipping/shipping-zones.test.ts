import { expect, it } from 'vitest';
import type { ShippingRateRow, ShippingZoneRow } from '../../../src/db/types.js';
import { applicableRates } from '../../../src/modules/shipping/shipping-rates.js';
import { listZonesWithRates } from '../../../src/modules/shipping/shipping-zones.service.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const UNKNOWN_ZONE = 'shz_00000000000000000000000000';

const standard = { name: 'Standard', kind: 'weight', from: 0, to: 2000, price: 500 };
const heavy = { name: 'Heavy', kind: 'weight', from: 2000, to: null, price: 1500 };

describeEachDatabase('shipping zones', (t) => {
  async function createZone(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/shipping_zones', { name: `Zone ${uniqueWord()}`, countries: ['CL'], ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function zoneRow(id: string): Promise<ShippingZoneRow | undefined> {
    return t.db.selectFrom('shipping_zones').selectAll().where('id', '=', id).executeTakeFirst();
  }

  function rateRows(zoneId: string): Promise<ShippingRateRow[]> {
    return t.db.selectFrom('shipping_rates').selectAll().where('zone_id', '=', zoneId).orderBy('position').execute();
  }

  async function zoneCount(): Promise<number> {
    return (await t.db.selectFrom('shipping_zones').select('id').execute()).length;
  }

  it('creates a zone with its countries, states and rates, and stores them', async () => {
    const name = `Americas ${uniqueWord()}`;

    const res = await t.admin.post('/v1/shipping_zones', {
      name,
      countries: ['US', 'CL'],
      states: [{ country_code: 'US', code: 'WA' }],
      rates: [standard, heavy],
    });

    expect(res.status, res.text).toBe(201);
    const zone = res.body.data;
    const rate = (fields: Record<string, unknown>) => ({
      id: expect.stringMatching(/^shr_[0-9a-z]{26}$/),
      object: 'shipping_zone_rate',
      ...fields,
      zone_id: zone.id,
      translations: {},
      created_at: zone.created_at,
      updated_at: zone.created_at,
    });
    expect(zone).toEqual({
      id: expect.stringMatching(/^shz_[0-9a-z]{26}$/),
      object: 'shipping_zone',
      name,
      countries: ['US', 'CL'],
      states: [{ country_code: 'US', code: 'WA' }],
      rates: [rate(standard), rate(heavy)],
      created_at: expect.any(Number),
      updated_at: zone.created_at,
    });
    const row = await zoneRow(zone.id);
    expect(row).toMatchObject({ name, created_at: zone.created_at, updated_at: zone.created_at });
    expect(JSON.parse(row!.countries)).toEqual(['US', 'CL']);
    expect(JSON.parse(row!.states)).toEqual([{ country_code: 'US', code: 'WA' }]);
    expect(await rateRows(zone.id)).toEqual([
      { ...standard, id: zone.rates[0].id, zone_id: zone.id, position: 0, translations: '{}', created_at: zone.created_at, updated_at: zone.created_at },
      { ...heavy, id: zone.rates[1].id, zone_id: zone.id, position: 1, translations: '{}', created_at: zone.created_at, updated_at: zone.created_at },
    ]);
  });

  it('upper-cases codes, drops repeats, and defaults states and rates to none, from to 0 and to to null', async () => {
    const zone = await createZone({
      countries: ['us', 'US', 'cl'],
      states: [{ country_code: 'us', code: 'wa' }, { country_code: 'US', code: 'WA' }],
    });
    expect(zone).toMatchObject({ countries: ['US', 'CL'], states: [{ country_code: 'US', code: 'WA' }], rates: [] });

    const bare = await createZone({ rates: [{ name: 'Flat', kind: 'price', price: 990 }] });
    expect(bare.states).toEqual([]);
    expect(bare.rates).toEqual([expect.objectContaining({ name: 'Flat', kind: 'price', from: 0, to: null, price: 990 })]);
  });

  it('takes a form-encoded body with bracket names', async () => {
    const name = `Form ${uniqueWord()}`;
    const res = await t.admin.post('/v1/shipping_zones', undefined, {
      form: `name=${name}&countries[0]=CL&countries[1]=AR&rates[0][name]=Std&rates[0][kind]=weight&rates[0][from]=0&rates[0][to]=5000&rates[0][price]=700`,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      name, countries: ['CL', 'AR'], rates: [{ name: 'Std', kind: 'weight', from: 0, to: 5000, price: 700 }],
    });
  });

  it('gets a zone by id with its rates', async () => {
    const zone = await createZone({ rates: [standard] });

    const res = await t.admin.get(`/v1/shipping_zones/${zone.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: zone });
  });

  it('lists zones with their rates in creation order, with the pagination block', async () => {
    const first = await createZone({ rates: [standard] });
    const second = await createZone({ rates: [heavy, standard] });
    const total = await zoneCount();

    const res = await t.admin.get(`/v1/shipping_zones?per_page=1&page=${total}`);
    const previous = await t.admin.get(`/v1/shipping_zones?per_page=1&page=${total - 1}`);

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([second]);
    expect(previous.body.data).toEqual([first]);
    expect(res.body.meta.pagination).toMatchObject({
      current_page: total, per_page: 1, total_items: total, total_pages: total, next_page: null, previous_page: total - 1,
      from: total, to: total,
    });
    const all = await t.admin.get('/v1/shipping_zones?per_page=250');
    const ids = all.body.data.map((z: { id: string }) => z.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('updates the name and keeps countries, states and rates left out', async () => {
    const zone = await createZone({ countries: ['US'], states: [{ country_code: 'US', code: 'OR' }], rates: [standard] });
    const name = `Renamed ${uniqueWord()}`;

    const res = await t.admin.post(`/v1/shipping_zones/${zone.id}`, { name });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ ...zone, name, updated_at: expect.any(Number) });
    expect(await zoneRow(zone.id)).toMatchObject({ name, countries: '["US"]', states: '[{"country_code":"US","code":"OR"}]' });
    expect((await rateRows(zone.id)).map((r) => r.id)).toEqual([zone.rates[0].id]);
  });

  it('replaces the rates with the list sent, keeping the id of a rate sent with its id', async () => {
    const zone = await createZone({ rates: [standard, heavy] });
    const [kept, dropped] = zone.rates;

    const res = await t.admin.post(`/v1/shipping_zones/${zone.id}`, {
      rates: [
        { name: 'Express', kind: 'price', from: 0, to: null, price: 2500 },
        { id: kept.id, name: 'Standard 2', kind: 'weight', from: 0, to: 3000, price: 600 },
      ],
    });

    expect(res.status, res.text).toBe(200);
    const rates = res.body.data.rates;
    expect(rates).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^shr_/), name: 'Express', kind: 'price', from: 0, to: null, price: 2500 }),
      { ...kept, name: 'Standard 2', to: 3000, price: 600, updated_at: expect.any(Number) },
    ]);
    expect(rates[0].id).not.toBe(dropped.id);
    expect(rates[0].id).not.toBe(kept.id);
    const rows = await rateRows(zone.id);
    expect(rows.map((r) => [r.id, r.name, r.position])).toEqual([[rates[0].id, 'Express', 0], [kept.id, 'Standard 2', 1]]);
    expect(rows[1]!.created_at).toBe(kept.created_at);
    expect(await t.db.selectFrom('shipping_rates').select('id').where('id', '=', dropped.id).executeTakeFirst()).toBeUndefined();
  });

  it('leaves a rate sent back unchanged as it was, its updated_at included', async () => {
    const zone = await createZone({ rates: [standard, heavy] });
    const sentBack = zone.rates.map(({ id, name, kind, from, to, price }: Record<string, unknown>) => ({ id, name, kind, from, to, price }));

    const res = await t.admin.post(`/v1/shipping_zones/${zone.id}`, { rates: sentBack });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rates).toEqual(zone.rates);
    expect((await rateRows(zone.id)).map((r) => [r.id, r.updated_at])).toEqual(zone.rates.map((r: any) => [r.id, r.updated_at]));
  });

  it('removes every rate when an empty list is sent', async () => {
    const zone = await createZone({ rates: [standard, heavy] });

    const res = await t.admin.post(`/v1/shipping_zones/${zone.id}`, { rates: [] });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rates).toEqual([]);
    expect(await rateRows(zone.id)).toEqual([]);
  });

  it('drops the states of a country the zone no longer covers', async () => {
    const zone = await createZone({
      countries: ['US', 'CA'],
      states: [{ country_code: 'US', code: 'WA' }, { country_code: 'CA', code: 'QC' }],
    });

    const res = await t.admin.post(`/v1/shipping_zones/${zone.id}`, { countries: ['CA', 'MX'] });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ countries: ['CA', 'MX'], states: [{ country_code: 'CA', code: 'QC' }] });
    expect(JSON.parse((await zoneRow(zone.id))!.states)).toEqual([{ country_code: 'CA', code: 'QC' }]);
  });

  it('deletes a zone and its rates with 204', async () => {
    const zone = await createZone({ rates: [standard] });

    const res = await t.admin.delete(`/v1/shipping_zones/${zone.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await zoneRow(zone.id)).toBeUndefined();
    expect(await rateRows(zone.id)).toEqual([]);
    expectProblem(await t.admin.get(`/v1/shipping_zones/${zone.id}`), 404, 'not_found');
  });

  it('refuses a create without a name or countries, and a blank name', async () => {
    const before = await zoneCount();
    expectInvalid(await t.admin.post('/v1/shipping_zones', {}), 'name', 'countries');
    expectInvalid(await t.admin.post('/v1/shipping_zones', { name: 'No countries', countries: [] }), 'countries');
    expectInvalid(await t.admin.post('/v1/shipping_zones', { name: '   ', countries: ['CL'] }), 'name');
    expect(await zoneCount()).toBe(before);
  });

  it('refuses an unknown country, naming its position', async () => {
    const res = await t.admin.post('/v1/shipping_zones', { name: 'Bad', countries: ['CL', 'ZZ', 'USA'] });
    expectInvalid(res, 'countries[1]', 'countries[2]');
    expect(res.body.errors.find((e: { field: string }) => e.field === 'countries[1]').code).toBe('invalid_value');
  });

  it('refuses a state of a country the zone does not list, or that is no subdivision of its country', async () => {
    const outside = await t.admin.post('/v1/shipping_zones', {
      name: 'Bad state', countries: ['CL'], states: [{ country_code: 'US', code: 'WA' }],
    });
    expectInvalid(outside, 'states[0][country_code]');

    const unknown = await t.admin.post('/v1/shipping_zones', {
      name: 'Bad state', countries: ['US', 'CL'], states: [{ country_code: 'CL', code: 'RM' }, { country_code: 'US', code: 'XX' }],
    });
    expectInvalid(unknown, 'states[1][code]');
    expect(unknown.body.errors).toHaveLength(1);

    const zone = await createZone({ countries: ['CL'] });
    expectInvalid(await t.admin.post(`/v1/shipping_zones/${zone.id}`, { states: [{ country_code: 'CL', code: 'WA' }] }), 'states[0][code]');
  });

  it('refuses a rate whose to is not above its from', async () => {
    const res = await t.admin.post('/v1/shipping_zones', {
      name: 'Bad rate', countries: ['CL'],
      rates: [standard, { ...heavy, from: 3000, to: 3000 }, { ...heavy, from: 5000, to: 100 }],
    });
    expectInvalid(res, 'rates[1][to]', 'rates[2][to]');
    expect(res.body.errors.map((e: { code: string }) => e.code)).toEqual(['out_of_range', 'out_of_range']);
  });

  it('refuses negative or fractional bounds and prices, an unknown kind and a blank rate name', async () => {
    const res = await t.admin.post('/v1/shipping_zones', {
      name: 'Bad rate', countries: ['CL'],
      rates: [{ name: 'A', kind: 'volume', from: -1, to: 10.5, price: -5 }],
    });
    expectInvalid(res, 'rates[0][kind]', 'rates[0][from]', 'rates[0][to]', 'rates[0][price]');
    expectInvalid(await t.admin.post('/v1/shipping_zones', { name: 'Bad rate', countries: ['CL'], rates: [{ kind: 'weight' }] }),
      'rates[0][name]', 'rates[0][price]');
    expectInvalid(await t.admin.post('/v1/shipping_zones', { name: 'Bad rate', countries: ['CL'], rates: [{ ...standard, name: ' ' }] }),
      'rates[0][name]');
  });

  it('refuses a rate id that names no rate of the zone, or is sent twice', async () => {
    const zone = await createZone({ rates: [standard] });
    const other = await createZone({ rates: [heavy] });

    expectInvalid(await t.admin.post(`/v1/shipping_zones/${zone.id}`, { rates: [{ ...heavy, id: other.rates[0].id }] }), 'rates[0][id]');
    expectInvalid(await t.admin.post('/v1/shipping_zones', { name: 'New', countries: ['CL'], rates: [{ ...heavy, id: zone.rates[0].id }] }),
      'rates[0][id]');
    const id = zone.rates[0].id;
    expectInvalid(await t.admin.post(`/v1/shipping_zones/${zone.id}`, { rates: [{ ...standard, id }, { ...heavy, id }] }), 'rates[1][id]');
    expect((await rateRows(zone.id)).map((r) => r.id)).toEqual([id]);
    expect((await rateRows(other.id)).map((r) => r.zone_id)).toEqual([other.id]);
  });

  it('answers 404 for an unknown zone', async () => {
    expectProblem(await t.admin.get(`/v1/shipping_zones/${UNKNOWN_ZONE}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/shipping_zones/${UNKNOWN_ZONE}`, { name: 'Nope' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/shipping_zones/${UNKNOWN_ZONE}`), 404, 'not_found');
  });

  it('is for staff only: a channel key gets 403, no credential 401', async () => {
    const zone = await createZone();
    const before = await zoneCount();
    for (const client of [t.storefront, t.anonymous]) {
      const [status, code] = client === t.storefront ? [403, 'forbidden'] : [401, 'unauthorized'];
      expectProblem(await client.get('/v1/shipping_zones'), status, code);
      expectProblem(await client.get(`/v1/shipping_zones/${zone.id}`), status, code);
      expectProblem(await client.post('/v1/shipping_zones', { name: 'Sneaky', countries: ['CL'] }), status, code);
      expectProblem(await client.post(`/v1/shipping_zones/${zone.id}`, { name: 'Sneaky' }), status, code);
      expectProblem(await client.delete(`/v1/shipping_zones/${zone.id}`), status, code);
    }
    expect(await zoneCount()).toBe(before);
    expect(await zoneRow(zone.id)).toMatchObject({ name: zone.name });
  });

  it('lists the countries some zone covers as shipping_countries, by name, until the zone is deleted', async () => {
    // New Zealand and Iceland: no other test of this file ships there.
    const shipping = async () => (await t.storefront.get('/v1/countries')).body.data.shipping_countries as Array<{ code: string; name: string }>;
    expect((await shipping()).map((c) => c.code)).not.toContain('NZ');

    const zone = await createZone({ countries: ['NZ', 'IS'] });
    const listed = await shipping();
    expect(listed).toContainEqual({ code: 'NZ', name: 'New Zealand' });
    expect(listed).toContainEqual({ code: 'IS', name: 'Iceland' });
    const names = listed.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(listed.map((c) => c.code)).size).toBe(listed.length);

    expect((await t.admin.delete(`/v1/shipping_zones/${zone.id}`)).status).toBe(204);
    const after = (await shipping()).map((c) => c.code);
    expect(after).not.toContain('NZ');
    expect(after).not.toContain('IS');
  });

  it('gives checkout every zone with its rates, ready for applicableRates', async () => {
    const zone = await createZone({ countries: ['PE'], rates: [heavy, standard] });

    const zones = await listZonesWithRates(t.db);

    expect(zones.find((z) => z.id === zone.id)).toEqual(zone);
    expect(zones.map((z) => z.id)).toEqual([...zones.map((z) => z.id)].sort());
    const rates = applicableRates(zones, { country_code: 'PE', state_code: null }, { weight: 2500, subtotal: 100 });
    expect(rates.map((r) => r.id)).toEqual([zone.rates[0].id]);
  });
});
