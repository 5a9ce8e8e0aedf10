import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, expect, it } from 'vitest';
import { problemCatalog } from '../../../src/lib/problem.js';
import { describeEachDatabase } from '../../helpers/test-app.js';

type Json = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The resources a generated client must be able to name. */
const RESOURCES = [
  'Order', 'OrderItem', 'Transaction', 'Sku', 'Product', 'Collection', 'Cart', 'CartItem', 'Checkout', 'Customer', 'Address', 'Fulfillment',
  'Event', 'Webhook', 'Delivery', 'Problem', 'Pagination', 'Category', 'CategoryNode', 'Blog', 'Post', 'Page', 'StoredFile', 'Gateway', 'ShippingZone',
  'ShippingRate', 'TaxRate', 'ApiKey', 'Channel', 'ChannelKey', 'Store', 'Country', 'State', 'Vendor', 'Tag', 'Image', 'OrderAddress',
];

/** Operations that count no requests against the rate limit: health checks and the files themselves. */
const NOT_RATE_LIMITED = ['get /health', 'get /ready', 'get /files/{filename}'];

describeEachDatabase('openapi: the contract a generated client relies on', (t) => {
  let doc: Json;
  let operations: Operation[];
  /** A `$ref` of the document, followed. */
  const resolve = (node: Json): Json => {
    if (typeof node?.$ref !== 'string') return node;
    return resolve(node.$ref.slice(2).split('/').reduce((at: Json, part: string) => at[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc));
  };

  beforeAll(async () => {
    doc = (await t.anonymous.get('/openapi.json')).body;
    operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json).filter(([method]) => METHODS.includes(method)).map(([method, op]) => ({ method, path, op })));
  });

  it('names every resource under components.schemas, with no generated def-N names', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names).toEqual(expect.arrayContaining(RESOURCES));
    expect(names.filter((name) => /^def-\d+$/.test(name))).toEqual([]);
    // No titled schema is left inline: each is a component, referred to by $ref.
    const inline: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((child, i) => walk(child, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        if (typeof (node as Json).title === 'string' && (node as Json).type !== undefined && !at.match(/^#\/components\/schemas\/[^/]+$/) && !at.includes('/examples/')) inline.push(at);
        for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(inline).toEqual([]);
  });

  it('refers to the named resources from the answers', () => {
    const dataOf = (method: string, path: string) => {
      const ok = resolve(doc.paths[path][method].responses['200'] ?? doc.paths[path][method].responses['201']);
      return ok.content['application/json'].schema.properties.data;
    };
    expect(dataOf('get', '/v1/orders/{id}')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(dataOf('get', '/v1/orders')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Order' } });
    expect(dataOf('post', '/v1/orders/{id}/transactions')).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(dataOf('get', '/v1/checkouts/{id}')).toEqual({ $ref: '#/components/schemas/Checkout' });
    expect(dataOf('put', '/v1/carts/{id}')).toEqual({ $ref: '#/components/schemas/Cart' });
    expect(dataOf('get', '/v1/webhooks/{id}/deliveries')).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Delivery' } });
    expect(doc.components.schemas.Order.properties.customer).toEqual({ anyOf: [{ $ref: '#/components/schemas/Customer' }, { type: 'null' }] });
    expect(doc.components.schemas.Order.properties.items).toEqual({ type: 'array', items: { $ref: '#/components/schemas/OrderItem' } });
    expect(doc.components.schemas.CategoryNode.properties.children.items).toEqual({ $ref: '#/components/schemas/CategoryNode' });
    // Every answer with a body is a named resource, a list of them or an envelope of them.
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const schema = resolve(response).content?.['application/json']?.schema;
        if (!schema || ['/health', '/ready', '/v1/countries'].includes(path)) continue;
        const data = schema.properties?.data;
        expect(data?.$ref ?? data?.items?.$ref, `${method} ${path} ${status}`).toMatch(/^#\/components\/schemas\//);
      }
    }
  });

  it('documents the problems each operation can answer, as application/problem+json with the Problem schema', () => {
    for (const { method, path, op } of operations) {
      const key = `${method} ${path}`;
      const statuses = Object.keys(op.responses).filter((status) => /^[45]/.test(status)).map(Number);
      const expected = [400, 431, 500, 503];
      if (op.security.length > 0) expected.push(401);
      if (path.includes('{')) expected.push(404);
      if (method !== 'get') expected.push(409, 413, 415);
      if (op.requestBody) expected.push(422);
      if (!NOT_RATE_LIMITED.includes(key)) expected.push(429);
      // Where some credentials are let in and others not: admin routes, sales-channel routes, customer routes, writes.
      // A provider's signature is the one way in: nothing else is let in to be refused.
      const isSigned = op.security.length === 1 && op.security[0].providerSignature !== undefined;
      if (op.security.length > 0 && !isSigned && !(method === 'get' && op.security.length === 3)) expected.push(403);
      expect(statuses.sort(), key).toEqual(expect.arrayContaining(expected));
      expect(op.responses['4XX'], key).toBeUndefined();
      for (const status of statuses) {
        const response = resolve(op.responses[status]);
        expect(Object.keys(response.content), `${key} ${status}`).toEqual(['application/problem+json']);
        expect(response.content['application/problem+json'].schema, `${key} ${status}`).toEqual({ $ref: '#/components/schemas/Problem' });
        expect(response.headers['x-request-id'], `${key} ${status}`).toBeDefined();
      }
    }
    // Where a gateway may decline.
    expect(doc.paths['/v1/checkouts/{id}/payment'].post.responses).toHaveProperty('402');
    expect(doc.paths['/v1/orders/{id}/transactions'].post.responses).toHaveProperty('402');
  });

  it('names in each problem response the codes it carries, linked to /docs/errors, with an example of each', () => {
    for (const [code, entry] of Object.entries(problemCatalog)) {
      const response = Object.values(doc.components.responses as Json).find((r) => r.content['application/problem+json'].examples?.[code]);
      if (!response) {
        // Answered before any route is found (408) or to no operation (405): not an operation's answer.
        expect(['request_timeout', 'method_not_allowed'], code).toContain(code);
        continue;
      }
      expect(response.description, code).toContain(`(/docs/errors#${code})`);
      expect(response.content['application/problem+json'].examples[code].value).toMatchObject({ type: `/docs/errors#${code}`, status: entry.status, code });
    }
  });

  it('documents the headers of the answers: x-request-id on all, Retry-After on 429 and 503, Idempotent-Replayed on POST answers', () => {
    expect(resolve(doc.components.responses.TooManyRequests).headers['Retry-After']).toBeDefined();
    expect(resolve(doc.components.responses.ServiceUnavailable).headers['Retry-After']).toBeDefined();
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const headers = resolve(response).headers ?? {};
        expect(headers['x-request-id'], `${method} ${path} ${status}`).toBeDefined();
        if (method === 'post' && /^2/.test(status)) expect(headers['Idempotent-Replayed'], `${method} ${path} ${status}`).toBeDefined();
      }
      const headerParameters = (op.parameters ?? []).map(resolve).filter((p: Json) => p.in === 'header').map((p: Json) => p.name);
      if (method === 'post') expect(headerParameters, `${method} ${path}`).toContain('Idempotency-Key');
      else expect(headerParameters, `${method} ${path}`).not.toContain('Idempotency-Key');
    }
  });

  it('documents bodies as JSON only, required only where a member is, and uploads as multipart; a file is served as bytes of its own type', () => {
    for (const { method, path, op } of operations) {
      const body = op.requestBody;
      if (!body) continue;
      if (path === '/v1/files' || path === '/v1/imports') {
        expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
        expect(body.content['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
        continue;
      }
      // Two media types leave generators choosing none: orval then sends JSON as text/plain (a 415).
      expect(Object.keys(body.content), `${method} ${path}`).toEqual(['application/json']);
      expect(body.required, `${method} ${path}`).toBe((body.content['application/json'].schema.required ?? []).length > 0);
    }
    expect(doc.paths['/v1/carts/{id}/checkout'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/orders/{id}/cancel'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/customers/token'].post.requestBody.required).toBe(true);
    expect(doc.paths['/v1/orders/{id}/archive'].post.requestBody).toBeUndefined();
    const served = doc.paths['/files/{filename}'].get.responses;
    expect(Object.keys(served['200'].content)).toEqual(['*/*']);
    expect(served['200'].content['*/*'].schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(served).toHaveProperty('304');
  });

  it('writes schemas every generator reads alike: const for one value, no open object beside named members, unique derived names', () => {
    const faults: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${at}/${i}`));
      if (!node || typeof node !== 'object' || /\/examples?$/.test(at)) return;
      const schema = node as Json;
      // openapi-typescript-codegen makes an enum of each: `enum object` does not compile.
      if (Array.isArray(schema.enum) && schema.enum.length === 1) faults.push(`${at}: enum of one value`);
      // Generators type such an object as a map of anything, its members lost.
      if (schema.properties && typeof schema.properties === 'object' && Object.keys(schema.properties).length > 0
        && (schema.additionalProperties === true || (schema.additionalProperties && Object.keys(schema.additionalProperties).length === 0))) {
        faults.push(`${at}: open additionalProperties beside properties`);
      }
      for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(faults, faults.slice(0, 20).join('\n')).toEqual([]);

    // orval names the type of an inline member that is more than a plain value (an enum, a nullable, an object, a union)
    // <Schema><Member> (Checkout.customer_id: CheckoutCustomerId); two such names, or one that is a schema's name, is a
    // duplicate declaration (orval 7 stops).
    const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
    const derived = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas as Json)) {
      for (const [member, sub] of Object.entries((schema.properties ?? {}) as Json)) {
        if (sub.$ref || !(sub.enum || Array.isArray(sub.type) || sub.type === 'object' || sub.anyOf || sub.oneOf || sub.allOf)) continue;
        const typeName = pascal(name) + pascal(member);
        const other = derived.get(typeName) ?? (doc.components.schemas[typeName] ? `the schema ${typeName}` : undefined);
        if (other) clashes.push(`${name}.${member} and ${other} both make ${typeName}`);
        derived.set(typeName, `${name}.${member}`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('gives no operation a path and a query parameter of one name (a generated function takes both as arguments)', () => {
    for (const { method, path, op } of operations) {
      const parameters = (op.parameters ?? []).map(resolve).filter((p: Json) => p.in === 'path' || p.in === 'query').map((p: Json) => p.name);
      expect(new Set(parameters).size, `${method} ${path}: ${parameters.join(', ')}`).toBe(parameters.length);
    }
  });

  it('types what a storefront pays with, and says the format of emails and URLs', () => {
    const meta = doc.components.schemas.CheckoutMeta;
    expect(meta.properties.payment_gateways.items).toEqual({ $ref: '#/components/schemas/Gateway' });
    expect(doc.components.schemas.Customer.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(doc.components.schemas.Webhook.properties.url).toMatchObject({ type: 'string', format: 'uri' });
    const created = doc.paths['/v1/customers'].post.requestBody.content['application/json'].schema;
    expect(created.properties.email).toMatchObject({ format: 'email' });
    const webhook = doc.paths['/v1/webhooks'].post.requestBody.content['application/json'].schema;
    expect(webhook.properties.url).toMatchObject({ format: 'uri' });
  });

  it('documents 431 on every operation: any request line and headers can be larger than the server reads', () => {
    for (const { method, path, op } of operations) {
      expect(op.responses, `${method} ${path}`).toHaveProperty('431');
    }
    expect(resolve(doc.components.responses.RequestHeaderFieldsTooLarge).description).toContain('(/docs/errors#headers_too_large)');
  });

  it('gives each credential its own security scheme, told apart by description and bearer format', () => {
    const { adminKey, channelKey, customerToken } = doc.components.securitySchemes;
    expect(adminKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: expect.stringContaining('sk_') });
    expect(customerToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: expect.stringContaining('ctk_') });
    expect(channelKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'Channel-Key' });
    expect(adminKey.description).not.toEqual(customerToken.description);
    expect(adminKey.bearerFormat).not.toEqual(customerToken.bearerFormat);
  });

  it('gives every named schema an example that its schema accepts, and lints clean, warnings included', async () => {
    for (const [name, schema] of Object.entries(doc.components.schemas as Json)) {
      expect(schema.examples?.length, name).toBeGreaterThan(0);
    }
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-invalid-schema-examples': 'error', 'no-invalid-media-type-examples': 'error' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(found, found.slice(0, 20).join('\n')).toEqual([]);
  });
});
