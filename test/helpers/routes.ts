import { Value } from 'typebox/value';
import type { App } from '../../src/http/types.js';
import { SAMPLES, multipart } from './files.js';

/** A JSON Schema as the OpenAPI document carries it (request bodies are inlined, no `$ref`). */
export type JsonSchema = Record<string, any>;

/** One operation of `/openapi.json`. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path template: `/v1/orders/{id}`. */
  path: string;
  /** `GET /v1/orders/{id}`: how tests name an operation. */
  key: string;
  /** Each alternative of the operation's `security`, as the names of its schemes (`[]` for none). */
  security: string[][];
  pathParams: string[];
  /** The request body's media type and schema, when the operation takes one. */
  body: { type: string; schema: JsonSchema } | null;
}

/** Every operation of the app's own `/openapi.json`, in document order. */
export async function openApiOperations(app: App): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' });
  if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
  const document = JSON.parse(response.body) as { paths: Record<string, Record<string, any>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(verb)) continue;
      const method = verb.toUpperCase() as Operation['method'];
      const content = operation.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      const type = content ? Object.keys(content)[0] : undefined;
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        security: ((operation.security ?? []) as Array<Record<string, unknown>>).map((alternative) => Object.keys(alternative).sort()),
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        body: content && type ? { type, schema: content[type]!.schema } : null,
      });
    }
  }
  return operations;
}

/** The id prefix (src/lib/ids.ts) of the records a path segment names. */
const PREFIX_BY_SEGMENT: Record<string, string> = {
  api_keys: 'key', keys: 'key', channels: 'chn', categories: 'cat', collections: 'col', products: 'prd', skus: 'sku',
  sku: 'sku', blogs: 'blg', posts: 'pst', pages: 'pag', events: 'evn', customers: 'cus', addresses: 'adr',
  shipping_zones: 'shz', tax_rates: 'txr', gateways: 'gtw', carts: 'crt', checkouts: 'ord', orders: 'ord',
  fulfillments: 'ful', returns: 'ret', webhooks: 'whk', files: 'fil', discounts: 'dsc', notifications: 'ntf', users: 'usr', markets: 'mkt',
  customer_groups: 'cgr', price_lists: 'prl', gift_cards: 'gft', imports: 'imp', exports: 'exp',
};

/** Values for parameters that are not ids. */
const NON_ID_PARAMS: Record<string, string> = { code: 'ZZ', filename: 'nothing-here.png', kind: 'no_such_kind' };

/** A well-formed id of that kind that no record has: the prefix and 26 zeros. */
export function missingId(prefix: string): string {
  return `${prefix}_${'0'.repeat(26)}`;
}

/**
 * The path with each parameter filled: from `values` when given (by parameter name), otherwise a
 * well-formed id that names no record, its prefix taken from the segment before the parameter.
 * Throws for a parameter it cannot fill, so a new kind of route is noticed, not guessed at.
 */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const match = /^\{(.+)\}$/.exec(segment);
      if (!match) return segment;
      const name = match[1]!;
      if (values[name] !== undefined) return encodeURIComponent(values[name]);
      if (NON_ID_PARAMS[name] !== undefined) return NON_ID_PARAMS[name];
      const prefix = PREFIX_BY_SEGMENT[segments[i - 1] ?? ''];
      if (!prefix) throw new Error(`fillPath: no id prefix known for {${name}} of ${path}; add its segment to PREFIX_BY_SEGMENT`);
      return missingId(prefix);
    })
    .join('/');
}

/** Strings a pattern-constrained field may take; the first one the schema accepts is used. */
const PATTERNED = ['nobody@example.com', 'auth-matrix', 'auth_matrix', 'USD', 'en', 'US'];

/** Strings for unconstrained fields whose name says what they hold. */
const BY_NAME: Record<string, string> = {
  email: 'nobody@example.com',
  url: 'https://example.com/auth-matrix',
  country_code: 'US',
  countries: 'US',
  currency: 'USD',
  password: 'auth-matrix-password',
  method: 'card',
};

function sampleString(schema: JsonSchema, name: string | undefined): string {
  if (schema.format === 'binary') return 'binary';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fits = (text: string) => text.length >= min && text.length <= max && (!schema.pattern || new RegExp(schema.pattern).test(text));
  if (schema.pattern) {
    const found = PATTERNED.find(fits);
    if (!found) throw new Error(`sampleBody: no sample string for pattern ${schema.pattern}`);
    return found;
  }
  const named = name !== undefined ? BY_NAME[name] : undefined;
  if (named !== undefined && fits(named)) return named;
  return 'auth matrix'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, 11)));
}

/**
 * The smallest body the schema accepts: its required members only, each a plausible value of its
 * type (an email where the name or pattern asks for one, the lowest allowed number, the first
 * member of an enum). Throws for a schema it cannot satisfy.
 */
export function sampleBody(schema: JsonSchema, name?: string): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return sampleBody(choices.find((c) => c.type !== 'null') ?? choices[0]!, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      return Object.fromEntries(required.map((member) => [member, sampleBody(properties[member] ?? {}, member)]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleBody(schema.items ?? {}, name));
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? Infinity, Math.max(schema.minimum ?? 1, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity));
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      if (schema.default !== undefined) return schema.default;
      throw new Error(`sampleBody: no sample for schema ${JSON.stringify(schema).slice(0, 200)}`);
  }
}

/** Whether a value satisfies a JSON Schema (TypeBox's own checker, independent of the app's Ajv). */
export function satisfies(schema: JsonSchema, value: unknown): boolean {
  return Value.Check(schema, value);
}

/** What `app.inject` sends for an operation's body: a sample that its schema accepts. */
export interface SampleRequest {
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/**
 * A plausible request body for the operation (none when it takes none): the JSON `body` given, else
 * one from `sampleBody`; for `multipart/form-data`, a small PNG in each required part.
 */
export function sampleRequest(operation: Operation, body?: unknown): SampleRequest {
  if (!operation.body) return { headers: {} };
  const { type, schema } = operation.body;
  if (type === 'multipart/form-data') {
    const required = (schema.required ?? []) as string[];
    const body = multipart(required.map((name) => ({ name, filename: 'sample.png', contentType: 'image/png', body: SAMPLES.png })));
    return { payload: body.payload, headers: body.headers };
  }
  if (type !== 'application/json') throw new Error(`sampleRequest: no sample for ${type} bodies (${operation.key})`);
  return { payload: JSON.stringify(body ?? sampleBody(schema)), headers: { 'content-type': 'application/json' } };
}
