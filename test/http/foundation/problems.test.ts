import { expect, it } from 'vitest';
import { createTestApp, describeEachDatabase } from '../../helpers/test-app.js';
import { expectProblem } from '../../helpers/expect.js';

/** An RFC 9457 body with every member DESIGN.md §3 promises. */
describeEachDatabase('problems', (t) => {
  it('answers a malformed JSON body with 400 invalid_request', async () => {
    const res = await t.admin.post('/v1/store', '{"name": "Half', { headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'invalid_request');
  });

  it('reads an empty JSON body as no body: the schema names what is missing', async () => {
    const res = await t.admin.post('/v1/channels', '', { headers: { 'content-type': 'application/json' } });
    expectProblem(res, 422, 'validation_failed');
    expect(res.body.errors).toEqual([{ field: 'name', code: 'required', message: 'is required' }]);
    const none = await t.admin.post('/v1/channels');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual(res.body.errors);
  });

  it('answers a JSON body that is not an object with 400 invalid_request', async () => {
    for (const body of ['null', '[]', '"Shop"', '42']) {
      const res = await t.admin.post('/v1/channels', body, { headers: { 'content-type': 'application/json' } });
      expectProblem(res, 400, 'invalid_request');
      expect(res.body.detail, body).toBe('The request body must be an object');
      expectProblem(await t.admin.post('/v1/store', body, { headers: { 'content-type': 'application/json' } }), 400, 'invalid_request');
    }
  });

  it('answers an unsupported content type with 415 unsupported_media_type', async () => {
    const res = await t.admin.post('/v1/store', 'name=Shop', { headers: { 'content-type': 'text/plain' } });
    expectProblem(res, 415, 'unsupported_media_type');
    const row = await t.db.selectFrom('stores').select('name').executeTakeFirstOrThrow();
    expect(row.name).not.toBe('Shop');
  });

  it('answers a body over the limit with 413 payload_too_large', async () => {
    const big = JSON.stringify({ name: 'Big', description: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.admin.post('/v1/store', big);
    expectProblem(res, 413, 'payload_too_large');
  });

  it('answers an unknown route with 404 not_found, with or without a credential', async () => {
    expectProblem(await t.admin.get('/v1/no_such_things'), 404, 'not_found');
    expectProblem(await t.anonymous.get('/v1/no_such_things'), 404, 'not_found');
    expectProblem(await t.anonymous.get('/nowhere/at/all?x=1'), 404, 'not_found');
    // A known path with another method is 405 (method-not-allowed.test.ts).
    expectProblem(await t.admin.delete('/v1/store'), 405, 'method_not_allowed');
  });

  it('refuses per_page and page out of range or not numbers with 400 invalid_request', async () => {
    for (const query of ['per_page=0', 'per_page=251', 'page=0', 'per_page=abc', 'page=abc', 'page=-1', 'per_page=2.5']) {
      const res = await t.admin.get(`/v1/api_keys?${query}`);
      expectProblem(res, 400, 'invalid_request');
      const name = query.split('=')[0]!;
      expect(res.body.detail, query).toContain(name);
      expect(res.body.errors.map((e: { field: string }) => e.field), query).toContain(name);
    }
    expect((await t.admin.get('/v1/api_keys?per_page=250&page=1')).status).toBe(200);
    expect((await t.admin.get('/v1/api_keys?per_page=1')).status).toBe(200);
  });

  it('paginates lists with the spec block over several pages', async () => {
    // A store of its own, so the number of keys is known: the first admin key and six more.
    const own = await createTestApp(t.kind);
    try {
      for (let i = 1; i <= 6; i++) expect((await own.admin.post('/v1/api_keys', { name: `key ${i}` })).status).toBe(201);
      const all = await own.admin.get('/v1/api_keys');
      expect(all.body.meta.pagination).toEqual({
        current_page: 1, previous_page: null, next_page: null, per_page: 50, from: 1, to: 7,
        total_pages: 1, total_items: 7, links: { previous_page: null, next_page: null },
      });
      const ids = all.body.data.map((k: { id: string }) => k.id);
      expect(ids).toHaveLength(7);

      const first = await own.admin.get('/v1/api_keys?per_page=3');
      expect(first.status).toBe(200);
      expect(first.body.data.map((k: { id: string }) => k.id)).toEqual(ids.slice(0, 3));
      expect(first.body.meta.pagination).toEqual({
        current_page: 1, previous_page: null, next_page: 2, per_page: 3, from: 1, to: 3,
        total_pages: 3, total_items: 7, links: { previous_page: null, next_page: '/v1/api_keys?per_page=3&page=2' },
      });

      const second = await own.admin.get(first.body.meta.pagination.links.next_page);
      expect(second.body.data.map((k: { id: string }) => k.id)).toEqual(ids.slice(3, 6));
      expect(second.body.meta.pagination).toEqual({
        current_page: 2, previous_page: 1, next_page: 3, per_page: 3, from: 4, to: 6,
        total_pages: 3, total_items: 7,
        links: { previous_page: '/v1/api_keys?per_page=3&page=1', next_page: '/v1/api_keys?per_page=3&page=3' },
      });

      const last = await own.admin.get(second.body.meta.pagination.links.next_page);
      expect(last.body.data.map((k: { id: string }) => k.id)).toEqual(ids.slice(6));
      expect(last.body.meta.pagination).toEqual({
        current_page: 3, previous_page: 2, next_page: null, per_page: 3, from: 7, to: 7,
        total_pages: 3, total_items: 7, links: { previous_page: '/v1/api_keys?per_page=3&page=2', next_page: null },
      });

      const beyond = await own.admin.get('/v1/api_keys?per_page=3&page=9');
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta.pagination).toMatchObject({ current_page: 9, next_page: null, from: 0, to: 0, total_pages: 3, total_items: 7 });
    } finally {
      await own.close();
    }
  });

  it('puts an x-request-id on every answer, and echoes the one a client sends', async () => {
    const answers = [
      await t.admin.get('/v1/store'),
      await t.anonymous.get('/v1/store'),
      await t.anonymous.get('/health'),
      await t.admin.get('/v1/nowhere'),
      await t.admin.post('/v1/store', '{', { headers: { 'content-type': 'application/json' } }),
      await t.admin.post('/v1/store', { currency: 'nope' }),
    ];
    const seen = new Set<string>();
    for (const res of answers) {
      const id = res.headers['x-request-id'];
      expect(typeof id, res.text).toBe('string');
      expect((id as string).length).toBeGreaterThan(0);
      seen.add(id as string);
    }
    expect(seen.size).toBe(answers.length);

    const echoed = await t.as({ authorization: `Bearer ${t.adminKey}`, 'x-request-id': 'trace-abc-123' }).get('/v1/store');
    expect(echoed.headers['x-request-id']).toBe('trace-abc-123');
    const echoedProblem = await t.as({ 'X-Request-Id': 'trace-def-456' }).get('/v1/api_keys');
    expect(echoedProblem.status).toBe(401);
    expect(echoedProblem.headers['x-request-id']).toBe('trace-def-456');
  });

  it('replaces a client request id that is too long or carries odd characters with its own', async () => {
    for (const sent of ['x'.repeat(129), 'two words', 'new\u2028line']) {
      const res = await t.as({ authorization: `Bearer ${t.adminKey}`, 'x-request-id': sent }).get('/v1/store');
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
