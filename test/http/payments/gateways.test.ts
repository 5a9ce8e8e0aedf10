import { expect, it } from 'vitest';
import type { GatewayRow } from '../../../src/db/types.js';
import { expectInvalid, expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

const MASK = '********';

describeEachDatabase('gateways', (t) => {
  async function createGateway(body: Record<string, unknown> = {}): Promise<any> {
    const res = await t.admin.post('/v1/gateways', { name: 'Test cards', source: uniqueWord(), driver: 'test', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  function rowOf(id: string): Promise<GatewayRow | undefined> {
    return t.db.selectFrom('gateways').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async function storedSettings(id: string): Promise<Record<string, unknown>> {
    const row = await rowOf(id);
    expect(row).toBeDefined();
    return JSON.parse(row!.settings);
  }

  /** Every gateway a client can list, all pages read. */
  async function listAll(client: typeof t.admin): Promise<any[]> {
    const all: any[] = [];
    for (let page = 1; ; page += 1) {
      const res = await client.get(`/v1/gateways?per_page=250&page=${page}`);
      expect(res.status, res.text).toBe(200);
      all.push(...res.body.data);
      if (res.body.meta.pagination.next_page === null) return all;
    }
  }

  it('creates a gateway, stores it and answers 201 with the gateway', async () => {
    const source = uniqueWord();

    const res = await t.admin.post('/v1/gateways', {
      name: 'Bank transfer', display_name: 'Pay by transfer', source, driver: 'manual',
      settings: { methods: ['transfer'], instructions: 'IBAN DE00 1234' },
    });

    expect(res.status, res.text).toBe(201);
    const gateway = res.body.data;
    expect(gateway).toEqual({
      id: expect.stringMatching(/^gtw_[0-9a-z]{26}$/),
      object: 'gateway',
      name: 'Bank transfer',
      display_name: 'Pay by transfer',
      source,
      driver: 'manual',
      is_enabled: true,
      settings: { methods: ['transfer'], instructions: 'IBAN DE00 1234' },
      methods: ['transfer'],
      created_at: expect.any(Number),
      updated_at: gateway.created_at,
    });
    expect(await rowOf(gateway.id)).toEqual({
      id: gateway.id, name: 'Bank transfer', display_name: 'Pay by transfer', source, driver: 'manual', is_enabled: 1,
      settings: JSON.stringify({ methods: ['transfer'], instructions: 'IBAN DE00 1234' }),
      created_at: gateway.created_at, updated_at: gateway.created_at,
    });
  });

  it('defaults display_name to null, is_enabled to true and settings to {}, with the driver\'s methods', async () => {
    const manual = await createGateway({ driver: 'manual' });
    const test = await createGateway();

    expect(manual).toMatchObject({ display_name: null, is_enabled: true, settings: {}, methods: ['transfer', 'cash'] });
    expect(test).toMatchObject({ settings: {}, methods: ['card'] });
  });

  it('takes a form-encoded body with bracket names', async () => {
    const source = uniqueWord();

    const res = await t.admin.post('/v1/gateways', undefined, {
      form: `name=Cash&source=${source}&driver=manual&is_enabled=false&settings[methods][]=cash`,
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ source, is_enabled: false, settings: { methods: ['cash'] }, methods: ['cash'] });
  });

  it('masks a secret setting in the create answer but stores it', async () => {
    const secret = `sk_live_${uniqueWord()}`;

    const gateway = await createGateway({ settings: { capture: 'manual', secret_key: secret } });

    expect(gateway.settings).toEqual({ capture: 'manual', secret_key: MASK });
    expect(JSON.stringify(gateway)).not.toContain(secret);
    expect(await storedSettings(gateway.id)).toEqual({ capture: 'manual', secret_key: secret });
  });

  it('masks the secret in every admin answer: get, list and update', async () => {
    const secret = `sk_live_${uniqueWord()}`;
    const gateway = await createGateway({ settings: { secret_key: secret } });

    const got = await t.admin.get(`/v1/gateways/${gateway.id}`);
    const listed = (await listAll(t.admin)).find((g) => g.id === gateway.id);
    const updated = await t.admin.post(`/v1/gateways/${gateway.id}`, { name: 'Renamed' });

    for (const answer of [got.text, JSON.stringify(listed), updated.text]) expect(answer).not.toContain(secret);
    expect(got.body.data.settings).toEqual({ secret_key: MASK });
    expect(listed.settings).toEqual({ secret_key: MASK });
    expect(updated.body.data.settings).toEqual({ secret_key: MASK });
    expect(await storedSettings(gateway.id)).toEqual({ secret_key: secret });
  });

  it('shows an empty secret as it is, so staff can tell it is not set', async () => {
    const gateway = await createGateway({ settings: { secret_key: '' } });
    expect(gateway.settings).toEqual({ secret_key: '' });
  });

  it('gets a gateway by id', async () => {
    const gateway = await createGateway({ display_name: 'Card' });

    const res = await t.admin.get(`/v1/gateways/${gateway.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: gateway });
  });

  it('lists gateways in creation order with the pagination block', async () => {
    const first = await createGateway();
    const second = await createGateway({ is_enabled: false });
    const total = (await t.db.selectFrom('gateways').select('id').execute()).length;

    const all = await listAll(t.admin);
    const page = await t.admin.get('/v1/gateways?per_page=1');

    expect(all.map((g) => g.id)).toEqual([...all.map((g) => g.id)].sort());
    expect(all).toContainEqual(first);
    expect(all).toContainEqual(second);
    expect(all).toHaveLength(total);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.pagination).toMatchObject({
      current_page: 1, per_page: 1, total_items: total, total_pages: total, from: 1, to: 1,
    });
  });

  it('refuses per_page above 250 (400)', async () => {
    expectProblem(await t.admin.get('/v1/gateways?per_page=251'), 400, 'invalid_request');
  });

  it('updates the members sent, keeps the rest and merges settings over the stored ones', async () => {
    const secret = `sk_test_${uniqueWord()}`;
    const gateway = await createGateway({ display_name: 'Card', settings: { secret_key: secret } });
    const source = uniqueWord();

    const res = await t.admin.post(`/v1/gateways/${gateway.id}`, {
      name: 'Cards', source, is_enabled: false, settings: { capture: 'manual' },
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({
      ...gateway,
      name: 'Cards',
      source,
      is_enabled: false,
      settings: { secret_key: MASK, capture: 'manual' },
      updated_at: expect.any(Number),
    });
    expect(await rowOf(gateway.id)).toMatchObject({ name: 'Cards', display_name: 'Card', source, is_enabled: 0 });
    expect(await storedSettings(gateway.id)).toEqual({ secret_key: secret, capture: 'manual' });
  });

  it('keeps the stored secret when it is sent back as ******** and replaces it when a new one is sent', async () => {
    const secret = `sk_test_${uniqueWord()}`;
    const gateway = await createGateway({ settings: { secret_key: secret, capture: 'manual' } });

    // What a staff screen does: read the gateway, change one setting, send every setting back.
    const kept = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { ...gateway.settings, capture: 'automatic' } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.settings).toEqual({ secret_key: MASK, capture: 'automatic' });
    expect(await storedSettings(gateway.id)).toEqual({ secret_key: secret, capture: 'automatic' });

    const rotated = `sk_test_${uniqueWord()}`;
    const replaced = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { secret_key: rotated } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.text).not.toContain(rotated);
    expect(await storedSettings(gateway.id)).toEqual({ secret_key: rotated, capture: 'automatic' });
  });

  it('removes a setting sent as null', async () => {
    const gateway = await createGateway({ settings: { secret_key: 'sk_x', capture: 'manual' } });

    const res = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { capture: null, secret_key: null } });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.settings).toEqual({});
    expect(await storedSettings(gateway.id)).toEqual({});
  });

  it('narrows the methods when the manual settings change', async () => {
    const gateway = await createGateway({ driver: 'manual' });

    const res = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { methods: ['cash'] } });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.methods).toEqual(['cash']);
  });

  it('clears display_name with null', async () => {
    const gateway = await createGateway({ display_name: 'Card' });

    const res = await t.admin.post(`/v1/gateways/${gateway.id}`, { display_name: null });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.display_name).toBeNull();
    expect((await rowOf(gateway.id))!.display_name).toBeNull();
  });

  it('accepts the current driver on update but refuses another one (422 driver)', async () => {
    const gateway = await createGateway();

    const same = await t.admin.post(`/v1/gateways/${gateway.id}`, { driver: 'test', name: 'Same driver' });
    const other = await t.admin.post(`/v1/gateways/${gateway.id}`, { driver: 'manual' });

    expect(same.status, same.text).toBe(200);
    expectInvalid(other, 'driver');
    expect(other.body.errors).toContainEqual(expect.objectContaining({ field: 'driver', code: 'immutable' }));
    expect((await rowOf(gateway.id))!.driver).toBe('test');
  });

  it('deletes a gateway with 204', async () => {
    const gateway = await createGateway();

    const res = await t.admin.delete(`/v1/gateways/${gateway.id}`);

    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await rowOf(gateway.id)).toBeUndefined();
    expectProblem(await t.admin.get(`/v1/gateways/${gateway.id}`), 404, 'not_found');
  });

  it('answers 404 for an unknown gateway on get, update and delete', async () => {
    const id = 'gtw_00000000000000000000000000';
    expectProblem(await t.admin.get(`/v1/gateways/${id}`), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/gateways/${id}`, { name: 'Ghost' }), 404, 'not_found');
    expectProblem(await t.admin.post(`/v1/gateways/${id}`, { name: '' }), 404, 'not_found');
    expectProblem(await t.admin.delete(`/v1/gateways/${id}`), 404, 'not_found');
    expectProblem(await t.admin.get(`/v1/gateways/${'x'.repeat(65)}`), 404, 'not_found');
  });

  it('names each missing required field (422)', async () => {
    const res = await t.admin.post('/v1/gateways', {});
    expectInvalid(res, 'name', 'source', 'driver');
  });

  it('refuses a blank name, a source that is not a slug and an unknown driver, all at once (422)', async () => {
    const res = await t.admin.post('/v1/gateways', { name: '  ', source: 'Not A Slug', driver: 'paypal' });

    expectInvalid(res, 'name', 'source', 'driver');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'driver', code: 'invalid_value' }));
  });

  it('refuses a source already taken, on create and on update (422 taken)', async () => {
    const first = await createGateway();
    const second = await createGateway();

    const create = await t.admin.post('/v1/gateways', { name: 'Copy', source: first.source, driver: 'manual' });
    const update = await t.admin.post(`/v1/gateways/${second.id}`, { source: first.source });
    const own = await t.admin.post(`/v1/gateways/${first.id}`, { source: first.source });

    expectInvalid(create, 'source');
    expect(create.body.errors).toContainEqual(expect.objectContaining({ field: 'source', code: 'taken' }));
    expectInvalid(update, 'source');
    expect(own.status, own.text).toBe(200);
    expect((await rowOf(second.id))!.source).toBe(second.source);
  });

  it('names each setting the driver refuses as settings[name] (422)', async () => {
    const test = await t.admin.post('/v1/gateways', {
      name: 'Cards', source: uniqueWord(), driver: 'test', settings: { capture: 'later', secret_key: 42, secretkey: 'typo' },
    });
    const manual = await t.admin.post('/v1/gateways', {
      name: 'Offline', source: uniqueWord(), driver: 'manual', settings: { methods: ['cheque'] },
    });

    expectInvalid(test, 'settings[capture]', 'settings[secret_key]', 'settings[secretkey]');
    expectInvalid(manual, 'settings[methods]');
  });

  it('refuses settings the driver refuses on update and keeps the stored ones', async () => {
    const gateway = await createGateway({ settings: { capture: 'manual' } });

    const res = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { capture: 'sometimes' } });

    expectInvalid(res, 'settings[capture]');
    expect(await storedSettings(gateway.id)).toEqual({ capture: 'manual' });
  });

  it('refuses ******** for a secret that is not set (422)', async () => {
    const create = await t.admin.post('/v1/gateways', { name: 'Cards', source: uniqueWord(), driver: 'test', settings: { secret_key: MASK } });
    const gateway = await createGateway();
    const update = await t.admin.post(`/v1/gateways/${gateway.id}`, { settings: { secret_key: MASK } });

    expectInvalid(create, 'settings[secret_key]');
    expectInvalid(update, 'settings[secret_key]');
  });

  it('refuses members of the wrong type, naming each (422)', async () => {
    const gateway = await createGateway();

    const create = await t.admin.post('/v1/gateways', { name: 'Cards', source: uniqueWord(), driver: 'test', settings: 'capture=manual', is_enabled: 'maybe' });
    const update = await t.admin.post(`/v1/gateways/${gateway.id}`, { name: '', settings: ['x'], display_name: {} });

    expectInvalid(create, 'settings', 'is_enabled');
    expectInvalid(update, 'name', 'settings', 'display_name');
    expect((await rowOf(gateway.id))!.name).toBe(gateway.name);
  });

  it('refuses a body that is not an object (400)', async () => {
    expectProblem(await t.admin.post('/v1/gateways', '[1]'), 400, 'invalid_request');
  });

  it('shows the storefront only enabled gateways, without their secrets', async () => {
    const secret = `sk_live_${uniqueWord()}`;
    const enabled = await createGateway({ settings: { secret_key: secret, capture: 'manual' } });
    const disabled = await createGateway({ is_enabled: false });

    const listed = await listAll(t.storefront);
    const got = await t.storefront.get(`/v1/gateways/${enabled.id}`);

    expect(listed.every((g) => g.is_enabled)).toBe(true);
    expect(listed.map((g) => g.id)).toContain(enabled.id);
    expect(listed.map((g) => g.id)).not.toContain(disabled.id);
    expect(got.status, got.text).toBe(200);
    // How the gateway captures is staff's business: the test driver gives a storefront no settings.
    expect(got.body.data).toEqual({ ...enabled, settings: {} });
    for (const answer of [got.text, JSON.stringify(listed)]) {
      expect(answer).not.toContain(secret);
      expect(answer).not.toContain('secret_key');
    }
    expectProblem(await t.storefront.get(`/v1/gateways/${disabled.id}`), 404, 'not_found');
    const page = await t.storefront.get('/v1/gateways');
    const enabledCount = (await t.db.selectFrom('gateways').select('id').where('is_enabled', '=', 1).execute()).length;
    expect(page.body.meta.pagination.total_items).toBe(enabledCount);
  });

  it('hides a gateway from the storefront once it is disabled', async () => {
    const gateway = await createGateway();
    expect((await t.storefront.get(`/v1/gateways/${gateway.id}`)).status).toBe(200);

    await t.admin.post(`/v1/gateways/${gateway.id}`, { is_enabled: false });

    expectProblem(await t.storefront.get(`/v1/gateways/${gateway.id}`), 404, 'not_found');
    expect((await listAll(t.storefront)).map((g) => g.id)).not.toContain(gateway.id);
  });

  it('refuses writes with a channel key (403) and leaves the gateway as it was', async () => {
    const gateway = await createGateway();

    expectProblem(await t.storefront.post('/v1/gateways', { name: 'Mine', source: uniqueWord(), driver: 'test' }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/gateways/${gateway.id}`, { is_enabled: false }), 403, 'forbidden');
    expectProblem(await t.storefront.delete(`/v1/gateways/${gateway.id}`), 403, 'forbidden');
    expect(await rowOf(gateway.id)).toMatchObject({ is_enabled: 1 });
  });

  it('refuses every gateway route without a credential (401)', async () => {
    const gateway = await createGateway();

    expectProblem(await t.anonymous.get('/v1/gateways'), 401, 'unauthorized');
    expectProblem(await t.anonymous.get(`/v1/gateways/${gateway.id}`), 401, 'unauthorized');
    expectProblem(await t.anonymous.post('/v1/gateways', { name: 'Anon', source: uniqueWord(), driver: 'test' }), 401, 'unauthorized');
    expectProblem(await t.anonymous.post(`/v1/gateways/${gateway.id}`, { name: 'Anon' }), 401, 'unauthorized');
    expectProblem(await t.anonymous.delete(`/v1/gateways/${gateway.id}`), 401, 'unauthorized');
  });

  it('keeps secrets out of an idempotent replay too', async () => {
    const secret = `sk_live_${uniqueWord()}`;
    const body = { name: 'Cards', source: uniqueWord(), driver: 'test', settings: { secret_key: secret } };
    const headers = { 'idempotency-key': uniqueWord() };

    const first = await t.admin.post('/v1/gateways', body, { headers });
    const replay = await t.admin.post('/v1/gateways', body, { headers });

    expect(first.status, first.text).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.text).not.toContain(secret);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});
