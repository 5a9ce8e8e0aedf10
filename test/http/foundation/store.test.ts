import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { expectProblem, fieldsOf } from '../../helpers/expect.js';

const storeDate = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** Every member of the spec's store object. */
const storeFields = [
  'id', 'object', 'subdomain', 'domain', 'name', 'description', 'image', 'store_status', 'email', 'address1', 'address2',
  'postcode', 'city', 'country', 'country_code', 'state', 'state_code', 'references', 'phone', 'tax_id', 'business_name',
  'fiscal_address', 'contact_email', 'lang', 'currency', 'timezone', 'weight_unit', 'order_prefix', 'order_suffix',
  'is_tax_included', 'billing_gateway_source', 'billing_customer_id', 'billing_card_brand', 'billing_card_last_four',
  'billing_card_exp_month', 'billing_card_exp_year', 'billing_invoice_custom_data', 'next_billing_at', 'created_at', 'updated_at',
];

const billingFields = storeFields.filter((f) => f.startsWith('billing_') || f === 'next_billing_at');

describeEachDatabase('store', (t) => {
  it('answers every member of the spec store object, with store dates as YYYY-MM-DD HH:MM:SS', async () => {
    const res = await t.admin.get('/v1/store');
    expect(res.status).toBe(200);
    const store = res.body.data;
    expect(Object.keys(store).sort()).toEqual([...storeFields].sort());
    expect(store.object).toBe('store');
    expect(store.id).toMatch(/^str_[0-9a-z]{26}$/);
    expect(store.created_at).toMatch(storeDate);
    expect(store.updated_at).toMatch(storeDate);
    expect(typeof store.is_tax_included).toBe('boolean');
    for (const field of storeFields) {
      if (field === 'is_tax_included') continue;
      expect(store[field] === null || typeof store[field] === 'string', `${field} is a string or null`).toBe(true);
    }
    for (const field of billingFields) expect(store[field], field).toBeNull();
  });

  it('updates name, currency, weight_unit, is_tax_included and fills country from country_code', async () => {
    const before = (await t.admin.get('/v1/store')).body.data;
    const res = await t.admin.post('/v1/store', {
      name: 'Andes Outfitters',
      currency: 'CLP',
      weight_unit: 'gr',
      is_tax_included: true,
      country_code: 'CL',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Andes Outfitters',
      currency: 'CLP',
      weight_unit: 'gr',
      is_tax_included: true,
      country_code: 'CL',
      country: 'Chile',
    });
    expect(res.body.data.id).toBe(before.id);
    expect(res.body.data.created_at).toBe(before.created_at);
    expect(res.body.data.updated_at).toMatch(storeDate);
    expect(res.body.data.updated_at >= before.updated_at).toBe(true);

    const row = await t.db.selectFrom('stores').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Andes Outfitters', currency: 'CLP', weight_unit: 'gr', is_tax_included: 1, country: 'Chile' });
    expect((await t.admin.get('/v1/store')).body.data).toEqual(res.body.data);
  });

  it('changes only the fields sent', async () => {
    await t.admin.post('/v1/store', { name: 'Before', timezone: 'America/Santiago', order_prefix: 'A-' });
    const res = await t.admin.post('/v1/store', { order_suffix: '-Z' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Before', timezone: 'America/Santiago', order_prefix: 'A-', order_suffix: '-Z' });
  });

  it('clears country with country_code null', async () => {
    await t.admin.post('/v1/store', { country_code: 'DE' });
    const res = await t.admin.post('/v1/store', { country_code: null });
    expect(res.status).toBe(200);
    expect(res.body.data.country_code).toBeNull();
    expect(res.body.data.country).toBeNull();
  });

  it('refuses an invalid currency, weight_unit, timezone and country_code, naming each field (422)', async () => {
    const cases: Array<[string, unknown]> = [
      ['currency', 'dollars'],
      ['currency', 'usd'],
      ['currency', 'XYZ'],
      ['weight_unit', 'stone'],
      ['timezone', 'Mars/Olympus_Mons'],
      ['timezone', ''],
      ['country_code', 'XX'],
      ['country_code', 'ZZ'],
      ['country_code', 'EU'],
      ['country_code', 'USA'],
      ['country_code', ''],
    ];
    for (const [field, value] of cases) {
      const res = await t.admin.post('/v1/store', { [field]: value });
      expectProblem(res, 422, 'validation_failed');
      expect(fieldsOf(res), `${field}=${JSON.stringify(value)}`).toEqual([field]);
      expect(res.body.detail).toContain(field);
    }
  });

  it('names every invalid field of one request at once (422)', async () => {
    const before = (await t.admin.get('/v1/store')).body.data;
    const res = await t.admin.post('/v1/store', {
      name: 'Never saved',
      currency: 'dollars',
      weight_unit: 'stone',
      timezone: 'Mars/Olympus_Mons',
      country_code: 'XX',
    });
    expectProblem(res, 422, 'validation_failed');
    expect(fieldsOf(res).sort()).toEqual(['country_code', 'currency', 'timezone', 'weight_unit']);
    for (const error of res.body.errors) {
      expect(typeof error.code).toBe('string');
      expect(typeof error.message).toBe('string');
    }
    expect((await t.admin.get('/v1/store')).body.data).toEqual(before);
  });

  it('lets a channel key read the store but not change it (403)', async () => {
    const read = await t.storefront.get('/v1/store');
    expect(read.status).toBe(200);
    expect(read.body.data.object).toBe('store');
    const before = read.body.data.name;
    expectProblem(await t.storefront.post('/v1/store', { name: 'Taken over' }), 403, 'forbidden');
    expect((await t.admin.get('/v1/store')).body.data.name).toBe(before);
  });

  it('refuses the store to a caller without a credential (401)', async () => {
    expectProblem(await t.anonymous.get('/v1/store'), 401, 'unauthorized');
  });

  it('takes a form-urlencoded body', async () => {
    await t.admin.post('/v1/store', { is_tax_included: false });
    const res = await t.admin.post('/v1/store', undefined, { form: 'name=Shop&is_tax_included=true&country_code=US' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Shop', is_tax_included: true, country_code: 'US', country: 'United States' });
    const row = await t.db.selectFrom('stores').select(['name', 'is_tax_included']).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Shop', is_tax_included: 1 });
  });
});
