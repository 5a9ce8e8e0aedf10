import { createHash, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/test-app.js';
import { expectProblem } from '../../helpers/expect.js';

describeEachDatabase('idempotency', (t) => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  it('replays the first answer to a repeat with the same key and body, and runs it once', async () => {
    const key = randomUUID();
    const name = `Replayed ${key}`;
    const first = await t.admin.post('/v1/channels', { name }, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await t.admin.post('/v1/channels', { name }, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
    expect(second.body.data.id).toBe(first.body.data.id);

    const rows = await t.db.selectFrom('channels').select('id').where('name', '=', name).execute();
    expect(rows).toEqual([{ id: first.body.data.id }]);
  });

  it('replays a refusal too: the same key and body get the same problem', async () => {
    const key = randomUUID();
    const first = await t.admin.post('/v1/channels/chn_00000000000000000000000000/keys', undefined, withKey(key));
    expectProblem(first, 404, 'not_found');
    const second = await t.admin.post('/v1/channels/chn_00000000000000000000000000/keys', undefined, withKey(key));
    expectProblem(second, 404, 'not_found');
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('refuses the same key with a different body (409 idempotency_conflict)', async () => {
    const key = randomUUID();
    const first = await t.admin.post('/v1/channels', { name: `Original ${key}` }, withKey(key));
    expect(first.status).toBe(201);
    const other = await t.admin.post('/v1/channels', { name: `Different ${key}` }, withKey(key));
    expectProblem(other, 409, 'idempotency_conflict');
    expect(await t.db.selectFrom('channels').select('id').where('name', '=', `Different ${key}`).execute()).toEqual([]);
  });

  it('refuses the same key on another endpoint (409 idempotency_conflict)', async () => {
    const key = randomUUID();
    expect((await t.admin.post('/v1/channels', { name: `Endpoint ${key}` }, withKey(key))).status).toBe(201);
    expectProblem(await t.admin.post('/v1/api_keys', { name: `Endpoint ${key}` }, withKey(key)), 409, 'idempotency_conflict');
  });

  it('refuses a repeat while the first request is still running (409 idempotency_conflict)', async () => {
    const key = randomUUID();
    const adminKey = await t.db.selectFrom('api_keys').select('id').where('name', '=', 'First admin key').executeTakeFirstOrThrow();
    // The row a first request holds while it runs: claimed, no answer yet.
    await t.db
      .insertInto('idempotency_keys')
      .values({ credential_id: `key:${adminKey.id}`, key, request_hash: 'in-flight', status_code: null, response_body: null, created_at: Math.floor(Date.now() / 1000) })
      .execute();
    expectProblem(await t.admin.post('/v1/channels', { name: `In flight ${key}` }, withKey(key)), 409, 'idempotency_conflict');
    expect(await t.db.selectFrom('channels').select('id').where('name', '=', `In flight ${key}`).execute()).toEqual([]);
  });

  it('runs concurrent repeats of one key once', async () => {
    const key = randomUUID();
    const name = `Concurrent ${key}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => t.admin.post('/v1/channels', { name }, withKey(key))));
    const rows = await t.db.selectFrom('channels').select('id').where('name', '=', name).execute();
    expect(rows).toHaveLength(1);
    const fresh = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body.data.id).toBe(rows[0]!.id);
      else expectProblem(answer, 409, 'idempotency_conflict');
    }
  });

  it('scopes keys per credential: another admin key with the same key runs anew', async () => {
    const key = randomUUID();
    const name = `Scoped ${key}`;
    const other = await t.admin.post('/v1/api_keys', { name: 'second admin' });
    const otherClient = t.as({ authorization: `Bearer ${other.body.data.token}` });

    const mine = await t.admin.post('/v1/channels', { name }, withKey(key));
    const theirs = await otherClient.post('/v1/channels', { name }, withKey(key));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await t.db.selectFrom('channels').select('id').where('name', '=', name).execute()).toHaveLength(2);

    // Each credential still gets its own answer back.
    const theirsAgain = await otherClient.post('/v1/channels', { name }, withKey(key));
    expect(theirsAgain.headers['idempotent-replayed']).toBe('true');
    expect(theirsAgain.body.data.id).toBe(theirs.body.data.id);
  });

  it('never keeps a secret: a replayed key creation carries no token, and no table holds it', async () => {
    const key = randomUUID();
    const name = `Secret ${key}`;
    const first = await t.admin.post('/v1/api_keys', { name }, withKey(key));
    expect(first.status).toBe(201);
    const token: string = first.body.data.token;
    expect(token).toMatch(/^sk_/);

    const replay = await t.admin.post('/v1/api_keys', { name }, withKey(key));
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(replay.body.data).not.toHaveProperty('token');
    expect(replay.text).not.toContain(token);
    expect(await t.db.selectFrom('api_keys').select('id').where('name', '=', name).execute()).toHaveLength(1);

    const channel = (await t.admin.post('/v1/channels', { name: `Secret channel ${key}` })).body.data;
    const issued = await t.admin.post(`/v1/channels/${channel.id}/keys`, undefined, withKey(key + '-channel'));
    expect(issued.body.data.token).toMatch(/^ck_/);

    const stored = await t.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.response_body ?? '').not.toContain(token);
      expect(row.response_body ?? '').not.toContain(issued.body.data.token);
    }
  });

  it('runs requests without a key every time', async () => {
    const name = `No key ${randomUUID()}`;
    const a = await t.admin.post('/v1/channels', { name });
    const b = await t.admin.post('/v1/channels', { name });
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses an Idempotency-Key longer than 255 characters (400)', async () => {
    const name = `Long key ${randomUUID()}`;
    const res = await t.admin.post('/v1/channels', { name }, withKey('k'.repeat(256)));
    expectProblem(res, 400, 'invalid_request');
    expect(await t.db.selectFrom('channels').select('id').where('name', '=', name).execute()).toEqual([]);
    const longest = await t.admin.post('/v1/channels', { name }, withKey(`${randomUUID()}`.padEnd(255, 'k')));
    expect(longest.status).toBe(201);
  });

  it('tells two passwords apart only through a keyed hash: a repeat with another password is another request', async () => {
    const email = `idem-${randomUUID()}@example.com`;
    const key = withKey(randomUUID());
    const first = await t.storefront.post('/v1/customers', { email, password: 'first-Password-1894' }, key);
    expect(first.status).toBe(201);
    const repeat = await t.storefront.post('/v1/customers', { email, password: 'other-Password-1894' }, key);
    expectProblem(repeat, 409, 'idempotency_conflict');
    const stored = await t.db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', key.headers['idempotency-key']).executeTakeFirstOrThrow();
    const withPassword = createHash('sha256').update(`POST /v1/customers\n${JSON.stringify({ email, password: 'first-Password-1894' })}`).digest('hex');
    expect(stored.request_hash).not.toBe(withPassword);
  });
});
