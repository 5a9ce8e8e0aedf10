import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compileEverySchema } from '../../../src/http/compile-on-first-use.js';
import { buildRequestValidator } from '../../../src/http/request-validation.js';
import { buildResponseSerializer } from '../../../src/http/response-serialization.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

type Operation = { security?: Array<Record<string, string[]>>; operationId?: string; responses?: Record<string, { $ref?: string; content?: Record<string, unknown> }> };
type Paths = Record<string, Record<string, Operation>>;

const methods = ['get', 'post', 'put', 'patch', 'delete'];

function operations(paths: Paths): Array<[string, string, Operation]> {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).filter(([method]) => methods.includes(method)).map(([method, op]) => [method, path, op] as [string, string, Operation]));
}

function schemesOf(op: Operation): string[] {
  return (op.security ?? []).flatMap((requirement) => Object.keys(requirement)).sort();
}

describe('schemas compiled on first use', () => {
  it('are compiled all at once on demand, and one that does not compile is found then, not at its first request', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: buildRequestValidator, buildSerializer: buildResponseSerializer } } });
    app.post('/broken', { schema: { body: { type: 'object', properties: { name: { type: 'no_such_type' } } } } }, async () => ({}));
    await app.ready();
    expect(() => compileEverySchema()).toThrow(/schema is invalid: data\/properties\/name\/type/);
    await app.close();
  });
});

describeEachDatabase('openapi', (t) => {
  it('compiles the request and response schemas of every route', () => {
    expect(() => compileEverySchema()).not.toThrow();
  });

  it('serves an OpenAPI 3.1 document without a credential, with the foundation paths', async () => {
    const res = await t.anonymous.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info.title).toBeTruthy();
    for (const path of ['/v1/store', '/v1/api_keys', '/v1/api_keys/{id}', '/v1/channels', '/v1/channels/{id}/keys', '/v1/events', '/v1/events/{id}']) {
      expect(res.body.paths, path).toHaveProperty([path]);
    }
    expect(res.body.paths['/v1/store']).toHaveProperty('get');
    expect(res.body.paths['/v1/store']).toHaveProperty('post');
    expect(res.body.components.securitySchemes).toMatchObject({
      adminKey: { type: 'http', scheme: 'bearer' },
      channelKey: { type: 'apiKey', in: 'header', name: 'Channel-Key' },
    });
  });

  it('passes the Redocly recommended ruleset without errors', async () => {
    const res = await t.anonymous.get('/openapi.json');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: res.text, absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('names each operation uniquely', async () => {
    const res = await t.anonymous.get('/openapi.json');
    const ids = operations(res.body.paths).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares adminKey on admin routes, channelKey on storefront routes, customerToken on customer routes, and no adminKey where the server refuses one', async () => {
    const { paths } = (await t.anonymous.get('/openapi.json')).body as { paths: Paths };
    // Each requirement is one way in: a channel key, a channel key with a customer token, an admin key.
    expect(paths['/v1/store']!.get!.security).toEqual([{ channelKey: [] }, { channelKey: [], customerToken: [] }, { adminKey: [] }]);
    expect(paths['/v1/customers/{id}']!.get!.security).toEqual([{ channelKey: [], customerToken: [] }, { adminKey: [] }]);
    for (const [method, path] of [['post', '/v1/store'], ['get', '/v1/api_keys'], ['post', '/v1/api_keys'], ['delete', '/v1/api_keys/{id}'],
      ['get', '/v1/channels'], ['post', '/v1/channels'], ['post', '/v1/channels/{id}/keys'], ['get', '/v1/events'], ['get', '/v1/events/{id}']] as const) {
      expect(schemesOf(paths[path]![method]!), `${method} ${path}`).toEqual(['adminKey']);
    }
    // Carts and checkouts belong to a sales channel, and staff take orders with them too.
    for (const [method, path] of [['post', '/v1/carts'], ['get', '/v1/carts/{id}'], ['post', '/v1/carts/{id}/checkout'], ['get', '/v1/checkouts/{id}'],
      ['post', '/v1/checkouts/{id}/payment']] as const) {
      expect(paths[path]![method]!.security, `${method} ${path}`).toEqual([{ channelKey: [] }, { channelKey: [], customerToken: [] }, { adminKey: [] }]);
    }
    // Sign-in belongs to a sales channel: no admin key.
    expect(paths['/v1/customers/token']!.post!.security).toEqual([{ channelKey: [] }, { channelKey: [], customerToken: [] }]);
    expect(paths['/v1/customers/token']!.delete!.security).toEqual([{ channelKey: [], customerToken: [] }]);
    expect(paths['/health']!.get!.security).toEqual([]);
    // Every /v1 operation needs some credential, but staff signing in and accepting an invitation.
    expect(paths['/v1/users/token']!.post!.security).toEqual([]);
    expect(paths['/v1/users/accept']!.post!.security).toEqual([]);
    for (const [method, path, op] of operations(paths)) {
      if (path.startsWith('/v1/') && path !== '/v1/users/token' && path !== '/v1/users/accept') expect(op.security?.length ?? 0, `${method} ${path}`).toBeGreaterThan(0);
    }
  });

  it('documents problems as application/problem+json', async () => {
    const document = (await t.anonymous.get('/openapi.json')).body as { paths: Paths; components: { responses: Record<string, { content?: Record<string, unknown> }> } };
    // Problem responses are shared: `#/components/responses/<name>`.
    const resolved = (response: { $ref?: string; content?: Record<string, unknown> }) =>
      response.$ref ? document.components.responses[response.$ref.split('/').pop()!]! : response;
    const store = document.paths['/v1/store']!.post!.responses!;
    expect(Object.keys(resolved(store['422']!).content!)).toEqual(['application/problem+json']);
    expect(Object.keys(store['200']!.content!)).toEqual(['application/json']);
    for (const [method, path, op] of operations(document.paths)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (/^[45]/.test(status)) {
          expect(Object.keys(resolved(response).content ?? {}), `${method} ${path} ${status}`).toEqual(['application/problem+json']);
        }
      }
    }
  });

  it('serves the API reference page at /docs', async () => {
    let url = '/docs';
    let res = await t.anonymous.get(url);
    for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400; hops++) {
      const location = String(res.headers.location);
      url = new URL(location, `http://localhost${url}`).pathname;
      res = await t.anonymous.get(url);
    }
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text.toLowerCase()).toContain('<html');
    const slash = await t.anonymous.get('/docs/');
    expect(slash.status).toBe(200);
    expect(slash.headers['content-type']).toMatch(/^text\/html/);
  });
});
