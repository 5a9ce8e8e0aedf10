import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { MAX_HEADER_BYTES } from '../../../src/app.js';
import { fillPath, type JsonSchema } from '../../helpers/routes.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

type Parameter = { name: string; in: string; schema: JsonSchema };

/** The longest text a string schema allows, in ASCII (a pattern alone, such as a date's, is short). */
function longestString(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return String([...schema.enum].sort((a, b) => String(b).length - String(a).length)[0]);
  if (typeof schema.maxLength === 'number') return 'a'.repeat(schema.maxLength);
  if (typeof schema.pattern === 'string') return '2026-01-01';
  throw new Error(`no bound on the length of ${JSON.stringify(schema)}`);
}

/** The longest value of a scalar (or of the longest alternative of a union), as query text. */
function longestScalar(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(longestScalar).sort((a: string, b: string) => b.length - a.length)[0];
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.maximum ?? Number.MAX_SAFE_INTEGER);
  if (schema.type === 'boolean') return 'false';
  return longestString(schema);
}

/** `name=value` pairs of the longest query a parameter allows: lists at maxItems, objects at maxProperties. */
function longestPairs(name: string, schema: JsonSchema): Array<[string, string]> {
  if (schema.anyOf) {
    return schema.anyOf.map((alternative: JsonSchema) => longestPairs(name, alternative))
      .sort((a: Array<[string, string]>, b: Array<[string, string]>) => queryLength(b) - queryLength(a))[0];
  }
  if (schema.type === 'array') {
    if (typeof schema.maxItems !== 'number') throw new Error(`no bound on the items of ${name}`);
    return Array.from({ length: schema.maxItems }, () => [`${name}[]`, longestScalar(schema.items)]);
  }
  if (schema.type === 'object') {
    const pairs: Array<[string, string]> = [];
    for (const [key, member] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) pairs.push(...longestPairs(`${name}[${key}]`, member));
    if (schema.additionalProperties && schema.additionalProperties !== false) {
      if (typeof schema.maxProperties !== 'number') throw new Error(`no bound on the members of ${name}`);
      const nameLength = schema.propertyNames?.maxLength;
      if (typeof nameLength !== 'number') throw new Error(`no bound on the member names of ${name}`);
      const key = (i: number) => `${i}`.padStart(nameLength, 'k');
      for (let i = 0; i < schema.maxProperties; i++) pairs.push(...longestPairs(`${name}[${key(i)}]`, schema.additionalProperties));
    }
    return pairs;
  }
  return [[name, longestScalar(schema)]];
}

const queryLength = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString().length;

/** Every GET operation of the document with the longest query string its parameters allow. */
async function longestQueries(t: TestContext): Promise<Array<{ key: string; url: string }>> {
  const document = (await t.anonymous.get('/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
  const queries: Array<{ key: string; url: string }> = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const operation = item.get;
    if (!operation) continue;
    const pairs = (operation.parameters ?? []).filter((p) => p.in === 'query').flatMap((p) => longestPairs(p.name, p.schema));
    queries.push({ key: `GET ${path}`, url: `${fillPath(path)}?${new URLSearchParams(pairs)}` });
  }
  return queries;
}

describeEachDatabase('the size of a request head', (t) => {
  it('reads every documented query at its longest, beside the longest credentials and browser headers, without a 431', async () => {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const headers = {
      authorization: `Bearer ${t.adminKey}`,
      'channel-key': t.channelKey,
      'idempotency-key': 'i'.repeat(255),
      'x-request-id': 'r'.repeat(128),
      'user-agent': 'u'.repeat(512),
      'accept-language': 'en-US,en;q=0.9,fr;q=0.8,de;q=0.7',
      // What a browser on the shop's own host may add: a few cookies at their 4 KB limit.
      cookie: Array.from({ length: 4 }, (_, i) => `c${i}=${'v'.repeat(4000)}`).join('; '),
    };
    const queries = await longestQueries(t);
    const longest = Math.max(...queries.map((q) => q.url.length));
    // The walk is only worth something if it reaches past Node's default 16 KiB.
    expect(longest).toBeGreaterThan(16 * 1024);
    for (const { key, url } of queries) {
      const res = await fetch(`${base}${url}`, { headers });
      expect(res.status, `${key} (${url.length} bytes of path and query)`).not.toBe(431);
      expect(res.status, key).toBeLessThan(500);
      await res.arrayBuffer();
    }
  });

  it('still refuses a head over the limit: 431 headers_too_large, as a problem', async () => {
    if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const res = await fetch(`${base}/v1/skus?q=${'a'.repeat(MAX_HEADER_BYTES)}`, { headers: { authorization: `Bearer ${t.adminKey}` } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ status: 431, code: 'headers_too_large' });
  });

  it('refuses an option name longer than a modifier name (400 naming it), and more than 20 values of one option', async () => {
    const long = await t.admin.get(`/v1/skus?options[${'n'.repeat(101)}]=red`);
    expect(long.status, long.text).toBe(400);
    expect(long.body.code).toBe('invalid_request');
    const many = await t.admin.get(`/v1/skus?${Array.from({ length: 21 }, (_, i) => `options[color][]=v${i}`).join('&')}`);
    expect(many.status, many.text).toBe(400);
    const enough = await t.admin.get(`/v1/skus?options[${'n'.repeat(100)}]=red&${Array.from({ length: 20 }, (_, i) => `options[color][]=v${i}`).join('&')}`);
    expect(enough.status, enough.text).toBe(200);
  });
});
