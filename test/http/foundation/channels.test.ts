import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { expectProblem } from '../../helpers/expect.js';

describeEachDatabase('channels', (t) => {
  it('creates a channel and reads it back alone and in the list', async () => {
    const created = await t.admin.post('/v1/channels', { name: 'Pop-up shop' });
    expect(created.status).toBe(201);
    const channel = created.body.data;
    expect(channel).toMatchObject({ object: 'channel', name: 'Pop-up shop', keys: [] });
    expect(channel.id).toMatch(/^chn_[0-9a-z]{26}$/);
    expect(Number.isInteger(channel.created_at)).toBe(true);
    expect(Number.isInteger(channel.updated_at)).toBe(true);

    const got = await t.admin.get(`/v1/channels/${channel.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(channel);

    const list = await t.admin.get('/v1/channels?per_page=250');
    expect(list.status).toBe(200);
    expect(list.body.meta.pagination.total_items).toBe(list.body.data.length);
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(channel.id);
    expect(list.body.data.map((c: { id: string }) => c.id)).toContain(t.channelId);
    const row = await t.db.selectFrom('channels').selectAll().where('id', '=', channel.id).executeTakeFirst();
    expect(row?.name).toBe('Pop-up shop');
  });

  it('refuses a channel without a name (422 naming name)', async () => {
    const missing = await t.admin.post('/v1/channels', {});
    expectProblem(missing, 422, 'validation_failed');
    expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'required' }));
    const empty = await t.admin.post('/v1/channels', { name: '' });
    expectProblem(empty, 422, 'validation_failed');
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(['name']);
  });

  it('answers 404 for an unknown channel', async () => {
    expectProblem(await t.admin.get('/v1/channels/chn_00000000000000000000000000'), 404, 'not_found');
    expectProblem(await t.admin.post('/v1/channels/chn_00000000000000000000000000/keys'), 404, 'not_found');
  });

  it('issues a ck_ key once; it works as Channel-Key on GET /v1/store', async () => {
    const channel = (await t.admin.post('/v1/channels', { name: 'Kiosk' })).body.data;
    const issued = await t.admin.post(`/v1/channels/${channel.id}/keys`);
    expect(issued.status).toBe(201);
    const key = issued.body.data;
    expect(key).toMatchObject({ object: 'channel_key', channel_id: channel.id });
    expect(key.id).toMatch(/^key_[0-9a-z]{26}$/);
    expect(key.token).toMatch(/^ck_/);
    expect(key.last_four).toBe(key.token.slice(-4));

    const store = await t.as({ 'channel-key': key.token }).get('/v1/store');
    expect(store.status).toBe(200);
    expect(store.body.data.object).toBe('store');

    // Shown once: later reads name the key by its last four characters only.
    const again = await t.admin.get(`/v1/channels/${channel.id}`);
    expect(again.text).not.toContain(key.token);
    expect(again.body.data.keys).toHaveLength(1);
    expect(again.body.data.keys[0]).toMatchObject({ id: key.id, last_four: key.last_four });
    expect(again.body.data.keys[0]).not.toHaveProperty('token');
    const list = await t.admin.get('/v1/channels?per_page=250');
    expect(list.text).not.toContain(key.token);
    expect(list.text).not.toContain(t.channelKey);
    const row = await t.db.selectFrom('api_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.kind).toBe('channel');
    expect(row.channel_id).toBe(channel.id);
    expect(Object.values(row).some((v) => typeof v === 'string' && v.includes(key.token))).toBe(false);
  });

  it('refuses a channel key on admin channel routes (403)', async () => {
    expectProblem(await t.storefront.get('/v1/channels'), 403, 'forbidden');
    expectProblem(await t.storefront.post('/v1/channels', { name: 'Rogue' }), 403, 'forbidden');
    expectProblem(await t.storefront.post(`/v1/channels/${t.channelId}/keys`), 403, 'forbidden');
  });

  it('revokes a channel key: afterwards it gets 401', async () => {
    const channel = (await t.admin.post('/v1/channels', { name: 'Temporary' })).body.data;
    const key = (await t.admin.post(`/v1/channels/${channel.id}/keys`)).body.data;
    const storefront = t.as({ 'channel-key': key.token });
    expect((await storefront.get('/v1/store')).status).toBe(200);

    const revoked = await t.admin.delete(`/v1/channels/${channel.id}/keys/${key.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');

    expectProblem(await storefront.get('/v1/store'), 401, 'unauthorized');
    expect((await t.admin.get(`/v1/channels/${channel.id}`)).body.data.keys).toEqual([]);
    expect(await t.db.selectFrom('api_keys').select('id').where('id', '=', key.id).executeTakeFirst()).toBeUndefined();
  });

  it('revokes a channel key only through its own channel (404 otherwise)', async () => {
    const mine = (await t.admin.post('/v1/channels', { name: 'Mine' })).body.data;
    const other = (await t.admin.post('/v1/channels', { name: 'Other' })).body.data;
    const key = (await t.admin.post(`/v1/channels/${mine.id}/keys`)).body.data;
    expectProblem(await t.admin.delete(`/v1/channels/${other.id}/keys/${key.id}`), 404, 'not_found');
    expect((await t.as({ 'channel-key': key.token }).get('/v1/store')).status).toBe(200);
    // An admin key is not a channel key.
    const adminRow = await t.db.selectFrom('api_keys').select('id').where('kind', '=', 'admin').executeTakeFirstOrThrow();
    expectProblem(await t.admin.delete(`/v1/channels/${mine.id}/keys/${adminRow.id}`), 404, 'not_found');
  });

  it('renames a channel, keeping its keys; refuses an empty name (422 naming name) and an unknown channel (404)', async () => {
    const channel = (await t.admin.post('/v1/channels', { name: 'Market stall' })).body.data;
    const key = (await t.admin.post(`/v1/channels/${channel.id}/keys`)).body.data;

    const empty = await t.admin.post(`/v1/channels/${channel.id}`, { name: '' });
    expectProblem(empty, 422, 'validation_failed');
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(['name']);
    expectProblem(await t.admin.post('/v1/channels/chn_00000000000000000000000000', { name: 'Ghost' }), 404, 'not_found');
    expectProblem(await t.storefront.post(`/v1/channels/${channel.id}`, { name: 'Rogue' }), 403, 'forbidden');
    expect((await t.db.selectFrom('channels').select('name').where('id', '=', channel.id).executeTakeFirstOrThrow()).name).toBe('Market stall');

    const renamed = await t.admin.post(`/v1/channels/${channel.id}`, { name: 'Weekend market' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: channel.id, name: 'Weekend market', keys: [{ id: key.id, last_four: key.last_four }] });
    expect(renamed.text).not.toContain(key.token);
    expect((await t.db.selectFrom('channels').select('name').where('id', '=', channel.id).executeTakeFirstOrThrow()).name).toBe('Weekend market');
    expect((await t.as({ 'channel-key': key.token }).get('/v1/store')).status).toBe(200);
  });

  it('marks the admin key a request is made with as is_current, and no other', async () => {
    const other = (await t.admin.post('/v1/api_keys', { name: 'Other' })).body.data;
    expect(other.is_current).toBe(false);
    const mine = (await t.admin.get('/v1/api_keys?per_page=250')).body.data as Array<{ id: string; is_current: boolean; last_four: string }>;
    expect(mine.filter((key) => key.is_current).map((key) => key.last_four)).toEqual([t.adminKey.slice(-4)]);
    const theirs = (await t.as({ authorization: `Bearer ${other.token}` }).get('/v1/api_keys?per_page=250')).body.data as Array<{ id: string; is_current: boolean }>;
    expect(theirs.filter((key) => key.is_current).map((key) => key.id)).toEqual([other.id]);
  });
});
