import { expect, it } from 'vitest';
import { createTestApp, describeEachDatabase } from '../../helpers/test-app.js';
import { expectProblem } from '../../helpers/expect.js';

describeEachDatabase('auth', (t) => {
  it('refuses an admin route without a credential (401)', async () => {
    const res = await t.anonymous.get('/v1/api_keys');
    expectProblem(res, 401, 'unauthorized');
  });

  it('refuses an unknown bearer key (401)', async () => {
    const res = await t.as({ authorization: 'Bearer sk_this_key_does_not_exist_0000' }).get('/v1/api_keys');
    expectProblem(res, 401, 'unauthorized');
  });

  it('refuses a malformed Authorization header (401)', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', t.adminKey, `Token ${t.adminKey}`]) {
      const res = await t.as({ authorization: header }).get('/v1/api_keys');
      expectProblem(res, 401, 'unauthorized');
    }
  });

  it('refuses a channel key sent as a bearer admin key (401)', async () => {
    const res = await t.as({ authorization: `Bearer ${t.channelKey}` }).get('/v1/api_keys');
    expectProblem(res, 401, 'unauthorized');
  });

  it('refuses a channel key on an admin route (403)', async () => {
    const list = await t.storefront.get('/v1/api_keys');
    expectProblem(list, 403, 'forbidden');
    const create = await t.storefront.post('/v1/api_keys', { name: 'from a channel' });
    expectProblem(create, 403, 'forbidden');
  });

  it('lets a read-only key read but not write', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'reporting', read_only: true });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ object: 'api_key', name: 'reporting', read_only: true });
    const token: string = created.body.data.token;
    expect(token).toMatch(/^rk_/);
    const readOnly = t.as({ authorization: `Bearer ${token}` });

    const read = await readOnly.get('/v1/api_keys');
    expect(read.status).toBe(200);
    const store = await readOnly.get('/v1/store');
    expect(store.status).toBe(200);

    expectProblem(await readOnly.post('/v1/api_keys', { name: 'escalate' }), 403, 'forbidden');
    expectProblem(await readOnly.post('/v1/store', { name: 'Hijacked' }), 403, 'forbidden');
    expectProblem(await readOnly.delete(`/v1/api_keys/${created.body.data.id}`), 403, 'forbidden');
    const after = await t.admin.get('/v1/store');
    expect(after.body.data.name).not.toBe('Hijacked');
  });

  it('creates full admin keys as sk_ tokens that work at once', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'deploy' });
    expect(created.status).toBe(201);
    expect(created.body.data.read_only).toBe(false);
    expect(created.body.data.token).toMatch(/^sk_/);
    expect(created.body.data.id).toMatch(/^key_[0-9a-z]{26}$/);
    const res = await t.as({ authorization: `Bearer ${created.body.data.token}` }).post('/v1/channels', { name: 'made by deploy key' });
    expect(res.status).toBe(201);
  });

  it('stops accepting a key once it is revoked (401)', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'short lived' });
    const key = t.as({ authorization: `Bearer ${created.body.data.token}` });
    expect((await key.get('/v1/api_keys')).status).toBe(200);

    const revoked = await t.admin.delete(`/v1/api_keys/${created.body.data.id}`);
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');

    expectProblem(await key.get('/v1/api_keys'), 401, 'unauthorized');
    const row = await t.db.selectFrom('api_keys').select('id').where('id', '=', created.body.data.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('answers 404 when revoking an unknown key or a channel key through /v1/api_keys', async () => {
    expectProblem(await t.admin.delete('/v1/api_keys/key_00000000000000000000000000'), 404, 'not_found');
    const channelKeyRow = await t.db.selectFrom('api_keys').select('id').where('kind', '=', 'channel').executeTakeFirstOrThrow();
    expectProblem(await t.admin.delete(`/v1/api_keys/${channelKeyRow.id}`), 404, 'not_found');
  });

  it('stores keys only as hashes: the token appears nowhere in the api_keys table', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'hash check' });
    const token: string = created.body.data.token;
    const rows = await t.db.selectFrom('api_keys').selectAll().execute();
    const ours = rows.find((r) => r.id === created.body.data.id);
    expect(ours).toBeDefined();
    expect(ours!.token_hash).not.toBe(token);
    expect(ours!.last_four).toBe(token.slice(-4));
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value !== 'string') continue;
        expect(value).not.toContain(token);
        expect(value).not.toContain(t.adminKey);
        expect(value).not.toContain(t.channelKey);
      }
    }
  });

  it('lists keys with last_four and never their token', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'listed' });
    const token: string = created.body.data.token;
    const list = await t.admin.get('/v1/api_keys?per_page=250');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(token);
    expect(list.text).not.toContain(t.adminKey);
    for (const key of list.body.data) {
      expect(key).not.toHaveProperty('token');
      expect(key.last_four).toMatch(/^.{4}$/);
    }
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.data.id);
    expect(listed).toMatchObject({ object: 'api_key', name: 'listed', read_only: false, last_four: token.slice(-4) });
    // Channel keys are not admin keys: they are listed under their channel.
    expect(list.body.data.every((k: { object: string }) => k.object === 'api_key')).toBe(true);
  });

  it('records last_used_at when a key is used', async () => {
    const created = await t.admin.post('/v1/api_keys', { name: 'used' });
    expect(created.body.data.last_used_at).toBeNull();
    await t.as({ authorization: `Bearer ${created.body.data.token}` }).get('/v1/store');
    const row = await t.db.selectFrom('api_keys').select('last_used_at').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeGreaterThan(0);
  });

  it('refuses to revoke the last full admin key (409 invalid_state)', async () => {
    // A store of its own, so exactly one admin key exists.
    const own = await createTestApp(t.kind);
    try {
      const first = await own.db.selectFrom('api_keys').select('id').where('kind', '=', 'admin').execute();
      expect(first).toHaveLength(1);
      const readOnly = await own.admin.post('/v1/api_keys', { read_only: true });
      expect(readOnly.status).toBe(201);

      // A read-only key does not count as a way back in.
      const refused = await own.admin.delete(`/v1/api_keys/${first[0]!.id}`);
      expectProblem(refused, 409, 'invalid_state');
      expect((await own.admin.get('/v1/api_keys')).status).toBe(200);

      // With a second admin key the first may go, and then the second is the last.
      const second = await own.admin.post('/v1/api_keys', { name: 'second' });
      const secondClient = own.as({ authorization: `Bearer ${second.body.data.token}` });
      expect((await secondClient.delete(`/v1/api_keys/${first[0]!.id}`)).status).toBe(204);
      expectProblem(await secondClient.delete(`/v1/api_keys/${second.body.data.id}`), 409, 'invalid_state');
      expectProblem(await own.admin.get('/v1/api_keys'), 401, 'unauthorized');
      expect((await secondClient.get('/v1/api_keys')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('keeps one admin key when admin keys revoke each other at the same time', async () => {
    const own = await createTestApp(t.kind);
    try {
      const created = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => own.admin.post('/v1/api_keys', { name: `ring ${i}` })));
      const ring = created.map((c) => ({ id: c.body.data.id as string, client: own.as({ authorization: `Bearer ${c.body.data.token}` }) }));
      const first = await own.db.selectFrom('api_keys').select('id').where('name', '=', 'First admin key').executeTakeFirstOrThrow();
      expect((await ring[0]!.client.delete(`/v1/api_keys/${first.id}`)).status).toBe(204);

      // Each key of the ring, now the only admin keys, revokes the next one, all at once.
      const answers = await Promise.all(ring.map((key, i) => key.client.delete(`/v1/api_keys/${ring[(i + 1) % ring.length]!.id}`)));
      const left = await own.db.selectFrom('api_keys').select('id').where('kind', '=', 'admin').execute();
      expect(left.length).toBeGreaterThanOrEqual(1);
      expect(answers.filter((a) => a.status === 204)).toHaveLength(ring.length - left.length);
      for (const answer of answers) expect([204, 401, 409]).toContain(answer.status);
    } finally {
      await own.close();
    }
  });
});
