import fc from 'fast-check';

/**
 * fast-check arbitraries of HTTP requests made from the app's own OpenAPI document: for each
 * operation, a path with real or hostile ids, a query and a body that start from the operation's JSON
 * schemas and are then bent: wrong types, missing and unknown fields, huge strings and numbers,
 * unicode, deep nesting, SQL and path-traversal text, and bodies that are not what they claim to be.
 */

/** The subset of JSON Schema the request schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, {
    parameters?: OpenApiParameter[];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    responses?: Record<string, unknown>;
  }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** One operation of the document, with what a request to it may carry. */
export interface Operation {
  method: string;
  /** The OpenAPI path template: `/v1/products/{id}`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { contentType: string; schema: JsonSchema };
  /** The statuses the document lists for its answers (`200`, `404` …); none for routes outside it. */
  statuses?: string[];
}

/** A request as `app.inject` takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Which kinds of input went into it, for the failure message. */
  kinds: string[];
  /** The statuses the document lists for the operation, when the request is sent to it: its method, its path. */
  statuses?: string[];
}

/** What the app under test already holds, so requests can name real records and values. */
export interface FuzzWorld {
  /**
   * Real ids by the path segment before the parameter (`products` for `/v1/products/{id}`,
   * `addresses` for `/v1/customers/{id}/addresses/{addressId}`).
   */
  idsBySegment: Record<string, string[]>;
  /** Plausible values by body or query field name (`country_code` → `['US']`, `email` → a customer's). */
  valuesByField: Record<string, unknown[]>;
  /** Credential header sets to send (admin key, channel key, customer token, none, garbage), each with its weight. */
  credentials: Array<{ weight: number; headers: Record<string, string> }>;
}

/** A number sent exactly as written, so JSON can carry `-0`, `1e309` or 2^63 as the literal text. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** The operations of a document, with every `$ref` of their parameters and request schemas followed. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const target = (ref: string): unknown => ref.slice(2).split('/').reduce<any>((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  // A schema that refers to itself (a category's children) is cut short: its generated values stay small anyway.
  const inline = (node: any, depth = 0): any => {
    if (Array.isArray(node)) return node.map((child) => inline(child, depth));
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') return depth < 8 ? inline(target(node.$ref), depth + 1) : {};
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, inline(child, depth)]));
  };
  const resolve = (schema: JsonSchema | undefined): JsonSchema => (schema ? inline(schema) : {});
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((parameter) => {
        const p = inline(parameter) as OpenApiParameter;
        return { in: p.in, name: p.name, schema: resolve(p.schema), required: p.required ?? false };
      });
      const content = Object.entries(op.requestBody?.content ?? {})[0];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(content ? { body: { contentType: content[0], schema: resolve(content[1].schema) } } : {}),
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Hostile values

const SQL = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; DROP TABLE products; --",
  '1; DROP TABLE skus',
  '" OR ""="',
  "') OR ('a'='a",
  "1 UNION SELECT password_hash FROM customers --",
  "admin'--",
  "%' AND 1=0 --",
  '\\',
  "'",
  '%',
  '_',
  '$1',
  '?',
  '`',
  ';',
];

const TRAVERSAL = [
  '../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '..',
  '.',
  '%00',
  'file:///etc/passwd',
  '..%c0%af..%c0%afetc%c0%afpasswd',
  '%252e%252e%252f',
];

const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\udc00y',
  '\uffff',
  '\ufffe',
  '\ufeffBOM',
  '\u202egnp.exe',
  '\u2028\u2029',
  '\u200b\u200c\u200d',
  '💥🛒🇨🇱',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'İıßẞﬀ',
  'e\u0301',
  '\t\r\n',
  '\u001b[31m',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
];

const WORDS = [
  '',
  ' ',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '0x10',
  '1_000',
  ' 1',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

/** Text that is never a valid anything: injection, traversal, odd unicode, words that look like other types. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SQL) },
  { weight: 3, arbitrary: fc.constantFrom(...TRAVERSAL) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 2, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...SQL, ...TRAVERSAL), fc.constantFrom(...UNICODE)).map(([a, b]) => a + b),
  },
);

/** Strings of 100 KB or more (still within a 1 MiB body): plain, multibyte and NUL-laden. */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', 'é', '💥', '\u0000', "' OR 1=1 --", '../'), fc.integer({ min: 0, max: 2_000 }))
  .map(([unit, extra]) => unit.repeat(Math.ceil((100_000 + extra) / Math.max(1, Buffer.byteLength(unit)))));

/** Numbers a JSON parser, a validator or a database may choke on, as literal JSON text. */
export const hostileNumber: fc.Arbitrary<RawJson | number> = fc.oneof(
  fc.constantFrom(
    '1e308', '-1e308', '1e309', '-1e309', '-0', '0.0', '-0.0', '5e-324', '1e-400',
    '9223372036854775807', '9223372036854775808', '-9223372036854775809', '18446744073709551616',
    '123456789012345678901234567890', '2147483648', '-2147483649', '9007199254740993', '1.5', '-1', '1E2', '0e0',
  ).map((text) => new RawJson(text)),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nesting a recursive parser or validator might not survive: arrays or objects 10 to 50,000 deep. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(10, 100, 1_000, 10_000, 50_000), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

/** Objects whose keys try to reach the prototype. */
const prototypeKeys: fc.Arbitrary<RawJson> = fc.constantFrom(
  new RawJson('{"__proto__":{"is_admin":true}}'),
  new RawJson('{"constructor":{"prototype":{"is_admin":true}}}'),
  new RawJson('{"a":1,"a":2}'),
);

/** A value of the wrong kind or of a hostile shape, for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }, [1, 'a', null]) },
  { weight: 1, arbitrary: hugeText },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: prototypeKeys },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// ---------------------------------------------------------------------------------------------
// Values from schemas

const MAX_DEPTH = 6;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function numberFrom(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const edges = [low, high, Math.min(Math.max(0, low), high), Math.min(Math.max(1, low), high)];
  const any = fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(fc.constantFrom(...edges), integer ? any.map((n) => Math.min(Math.max(Math.trunc(n), low), high)) : any);
}

/** Options for walking a schema into values. */
interface WalkOptions {
  world: FuzzWorld;
  /** The chance, in percent, that any one value is replaced with a hostile one (0 = valid-ish). */
  hostility: number;
  /** Whether required properties may go missing and unknown ones appear. */
  bendShape: boolean;
}

/** Real ids and known values for a field name, if the world has any. */
function knownValuesFor(name: string | undefined, world: FuzzWorld): unknown[] {
  if (!name) return [];
  const known = world.valuesByField[name] ?? [];
  const isIdField = name === 'id' || name.endsWith('_id') || name.endsWith('_ids') || name.endsWith('Id');
  if (!isIdField) return known;
  const segment = name.replace(/_ids?$/, 's');
  return [...known, ...(world.idsBySegment[segment] ?? []), ...Object.values(world.idsBySegment).flat()];
}

/** An arbitrary of values for a schema: valid-ish, with the given hostility mixed in at every level. */
export function valueFor(schema: JsonSchema, options: WalkOptions, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const plain = plainValueFor(schema, options, name, depth);
  const known = knownValuesFor(name, options.world);
  const withKnown = known.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: plain }) : plain;
  if (options.hostility <= 0) return withKnown;
  return fc.oneof(
    { weight: 100 - options.hostility, arbitrary: withKnown },
    { weight: options.hostility, arbitrary: hostileValue },
  );
}

function plainValueFor(schema: JsonSchema, options: WalkOptions, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => valueFor({ ...schema, anyOf: undefined, oneOf: undefined, ...alt }, options, name, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    const merged = schema.allOf.reduce<JsonSchema>((all, part) => ({
      ...all,
      ...part,
      properties: { ...all.properties, ...part.properties },
      required: [...(all.required ?? []), ...(part.required ?? [])],
    }), { ...schema, allOf: undefined });
    return plainValueFor(merged, options, name, depth);
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  if (types.length > 1) return fc.oneof(...types.map((type) => plainValueFor({ ...schema, type }, options, name, depth)));
  switch (types[0]) {
    case 'string':
      return stringFrom(schema);
    case 'integer':
      return numberFrom(schema, true);
    case 'number':
      return numberFrom(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth >= MAX_DEPTH) return fc.constant([]);
      const maxLength = Math.min(schema.maxItems ?? 3, 3);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return fc.array(valueFor(schema.items ?? {}, options, name, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectFor(schema, options, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectFor(schema: JsonSchema, options: WalkOptions, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (depth >= MAX_DEPTH) return fc.constant({});
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = (schema.required ?? []).filter((n) => n in properties);
  const model = Object.fromEntries(names.map((n) => [n, valueFor(properties[n]!, options, n, depth + 1)]));
  const requiredKeys = options.bendShape ? fc.subarray(required) : fc.constant(required);
  const declared = requiredKeys.chain((keys) => fc.record(model, { requiredKeys: keys }));
  const extraSchema = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  // A map (`items`: sku id → quantity): its keys are where real ids matter.
  const mapKeys = fc.oneof(
    ...(Object.values(options.world.idsBySegment).flat().length > 0 ? [fc.constantFrom(...Object.values(options.world.idsBySegment).flat())] : []),
    fc.string({ maxLength: 20 }),
  );
  const entries = extraSchema
    ? fc.dictionary(mapKeys, valueFor(extraSchema, options, undefined, depth + 1), { maxKeys: 3 })
    : fc.constant({});
  const unknown = options.bendShape
    ? fc.dictionary(
      fc.oneof(fc.constantFrom('id', 'object', 'created_at', 'store_id', 'channel_id', 'customer_id', 'status', 'financial_status', 'token_hash', 'is_admin'), fc.string({ maxLength: 12 })),
      hostileValue,
      { maxKeys: 3 },
    )
    : fc.constant({});
  return fc.tuple(declared, entries, unknown).map(([own, map, extra]) => ({ ...map, ...extra, ...own }));
}

// ---------------------------------------------------------------------------------------------
// Encodings

/** JSON text of a value, with `RawJson` pieces written as they are. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : text;
}

/**
 * Percent-encodes a string as UTF-8; a lone surrogate, which has no UTF-8 form, is written as the
 * bytes it would have (`%ED%A0%80`), which is exactly the invalid input a server must survive.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const isHigh = code >= 0xd800 && code <= 0xdbff;
    const next = text.charCodeAt(i + 1);
    if (isHigh && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text[i]! + text[i + 1]!);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

function scalarText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return '';
  return String(value);
}

/** `a[b][0]=x&…`: a value as bracket-named form (or query) pairs. */
export function toFormPairs(value: unknown, prefix = ''): Array<[string, string]> {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return prefix ? [[prefix, scalarText(value)]] : [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return prefix ? [[prefix, '']] : [];
  return entries.flatMap(([k, v]) => toFormPairs(v, prefix ? `${prefix}[${k}]` : k));
}

export function toFormText(value: unknown): string {
  // Brackets stay as they are, so the pairs read as the bracket names the API takes.
  return toFormPairs(value).map(([k, v]) => `${percentEncode(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${percentEncode(v)}`).join('&');
}

/** Header values as they can travel on the wire: Latin-1 without control characters. */
export function headerSafe(text: string): string {
  return text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
}

// ---------------------------------------------------------------------------------------------
// Requests

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'];

/** A body that is not what it says it is. */
const malformedBody: fc.Arbitrary<{ contentType?: string; payload: string | Buffer; kind: string }> = fc.oneof(
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify({ name: 'x', value });
    return { contentType: 'application/json', payload: text.slice(0, cut % text.length), kind: 'truncated JSON' };
  }),
  fc.constantFrom(
    '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '{a:1}', '{"a":1}xyz', '{"a":1}{"b":2}', '\ufeff{"a":1}', '{"a":NaN}', '{"a":Infinity}',
    '{"a":undefined}', '/* c */{}', '{"a":"\\x41"}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}', 'null', '[]', '"text"', '42', 'true', '   ', '\n',
  ).map((payload) => ({ contentType: 'application/json', payload, kind: 'malformed JSON' })),
  fc.constantFrom('application/json', 'application/json; charset=utf-8').map((contentType) => ({ contentType, payload: '', kind: 'empty JSON body' })),
  fc.tuple(
    fc.constantFrom(
      'text/plain', 'application/xml', 'text/html', 'application/octet-stream', 'image/png', 'multipart/form-data',
      'multipart/form-data; boundary=zzz', 'application/json; charset=latin1', 'application/json; charset=utf-16',
      'application/jsonx', 'application/*', '*/*', ';;;', 'application/json, text/plain', 'application/x-www-form-urlencoded; charset=koi8-r',
    ),
    fc.constantFrom('{"name":"x"}', '<a>1</a>', 'name=x', '--zzz\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--zzz--\r\n', '\u0000\u0001'),
  ).map(([contentType, payload]) => ({ contentType, payload, kind: 'wrong content type' })),
  fc.constantFrom(
    '%', 'a=%zz', 'a=%E0%A4%A', '&&&&', '=', 'a[=1', 'a]=1', 'a[b]c=1', 'a[][]=1', 'a[99999]=1', 'a[-1]=1',
    '__proto__[admin]=1', 'constructor[prototype][admin]=1', 'a[b][c][d][e][f][g][h][i][j]=1', 'a=%00', 'a=%ED%A0%80',
    'items[]=1&items[]=2', 'name=x&name=y',
  ).map((payload) => ({ contentType: 'application/x-www-form-urlencoded', payload, kind: 'malformed form' })),
  fc.integer({ min: 100, max: 3_000 }).map((n) => ({
    contentType: 'application/x-www-form-urlencoded',
    payload: Array.from({ length: n }, (_, i) => `p${i}=${i}`).join('&'),
    kind: 'many form fields',
  })),
  fc.constantFrom(
    Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
    Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  ).map((payload) => ({ contentType: 'application/json', payload, kind: 'invalid UTF-8' })),
  fc.constant({ payload: '{"name":"x"}', kind: 'no content type' }),
);

/** A 1×1 PNG: an upload whose type a sniffer accepts, so hostile names and fields get past the type check. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A multipart upload with a hostile file name, part name or framing (truncated, no closing boundary). */
const multipartBody: fc.Arbitrary<{ contentType: string; payload: Buffer; kind: string }> = fc
  .record({
    filename: fc.oneof(fc.constant('photo.png'), hostileText, hugeText.map((s) => s.slice(0, 5_000))),
    field: fc.constantFrom('file', 'file', 'files', 'file[]', '', '__proto__'),
    bytes: fc.constantFrom(PNG, Buffer.from('plain text'), Buffer.alloc(0), Buffer.concat([PNG, Buffer.alloc(4_096, 0)])),
    extraField: fc.option(fc.tuple(fc.constantFrom('name', 'alt', '__proto__'), hostileText), { nil: undefined }),
    ending: fc.constantFrom('closed', 'closed', 'truncated', 'no closing boundary'),
  })
  .map(({ filename, field, bytes, extraField, ending }) => {
    const boundary = 'fuzzboundary7MA4YWxk';
    const parts: Buffer[] = [];
    if (extraField) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${extraField[0]}"\r\n\r\n${extraField[1]}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`), bytes, Buffer.from('\r\n'));
    if (ending !== 'no closing boundary') parts.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(parts);
    if (ending === 'truncated') payload = payload.subarray(0, Math.floor(payload.length / 2));
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload, kind: 'multipart' };
  });

function pathParamFor(param: Parameter, segment: string, world: FuzzWorld): fc.Arbitrary<{ text: string; raw: boolean; kind: string }> {
  const own = world.idsBySegment[segment] ?? [];
  const all = Object.values(world.idsBySegment).flat();
  const encoded = (kind: string) => (text: unknown) => ({ text: percentEncode(scalarText(text)), raw: false, kind });
  return fc.oneof(
    ...(own.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...own).map(encoded('real id')) }] : []),
    ...(all.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...all).map(encoded('id of another kind')) }] : []),
    { weight: 1, arbitrary: plainValueFor(param.schema, { world, hostility: 0, bendShape: false }, param.name, 0).map(encoded('schema value')) },
    { weight: 2, arbitrary: hostileText.map(encoded('hostile path param')) },
    { weight: 1, arbitrary: fc.constantFrom(...TRAVERSAL, ...SQL.filter((s) => !s.includes('#') && !s.includes('?'))).map((text) => ({ text, raw: true, kind: 'raw path param' })) },
    { weight: 1, arbitrary: fc.integer({ min: 200, max: 8_000 }).map((n) => ({ text: 'a'.repeat(n), raw: false, kind: 'long path param' })) },
  );
}

/** A query string: declared parameters with valid-ish or hostile values, unknown ones, and raw oddities. */
function queryFor(op: Operation, world: FuzzWorld): fc.Arbitrary<{ text: string; kinds: string[] }> {
  const model = Object.fromEntries(op.queryParams.map((p) => [p.name, valueFor(p.schema, { world, hostility: 20, bendShape: true }, p.name)]));
  const declared = fc.record(model, { requiredKeys: [] });
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'sort', 'fields', 'include')), hostileText, { maxKeys: 2 });
  const raw = fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '&&&', '=', '==', 'page=1&page=2', 'per_page[]=5', 'price[min][]=1', 'q=%00', 'q=%ED%A0%80', '__proto__[x]=1', 'constructor[prototype][x]=1', 'price[__proto__][x]=1') },
    { weight: 1, arbitrary: fc.integer({ min: 6, max: 60 }).map((n) => `a${'[b]'.repeat(n)}=1`) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 10_000 }).map((n) => '&'.repeat(n)) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 2_000 }).map((n) => Array.from({ length: n }, (_, i) => `k${i}[x]=${i}`).join('&')) },
    { weight: 1, arbitrary: hugeText.map((s) => `q=${percentEncode(s.slice(0, 30_000))}`) },
  );
  return fc.tuple(declared, extra, raw).map(([values, unknown, tail]) => {
    const parts = [toFormText(values), toFormText(unknown), tail].filter((p) => p !== '');
    const kinds = [Object.keys(values).length ? 'query' : '', Object.keys(unknown).length ? 'unknown query' : '', tail ? 'raw query' : ''].filter(Boolean);
    return { text: parts.join('&'), kinds };
  });
}

type BodyPlan = { payload?: string | Buffer; contentType?: string; kind: string };

function bodyFor(op: Operation, world: FuzzWorld): fc.Arbitrary<BodyPlan> {
  const schema = op.body?.schema ?? { type: 'object', properties: {} };
  const valid = valueFor(schema, { world, hostility: 0, bendShape: false });
  const bent = valueFor(schema, { world, hostility: 10, bendShape: true });
  const json = (kind: string, values: fc.Arbitrary<unknown>) =>
    fc.tuple(fc.constantFrom(...JSON_TYPES), values).map(([contentType, value]) => ({ payload: toJsonText(value), contentType, kind }));
  return fc.oneof(
    { weight: 5, arbitrary: json('valid JSON', valid) },
    { weight: 5, arbitrary: json('bent JSON', bent) },
    { weight: 1, arbitrary: json('hostile JSON', hostileValue) },
    { weight: 2, arbitrary: bent.map((value) => ({ payload: toFormText(value), contentType: 'application/x-www-form-urlencoded', kind: 'form' })) },
    { weight: 3, arbitrary: malformedBody },
    { weight: op.body?.contentType.startsWith('multipart/') ? 20 : 1, arbitrary: multipartBody },
    { weight: 1, arbitrary: fc.constant({ kind: 'no body' }) },
  );
}

/** Extra headers: idempotency keys, request ids, odd accept headers, all as the wire could carry them. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'idempotency-key': fc.oneof(fc.uuid(), hostileText.map(headerSafe), fc.integer({ min: 300, max: 5_000 }).map((n) => 'k'.repeat(n))),
    'x-request-id': hostileText.map(headerSafe),
    accept: fc.constantFrom('application/xml', '*/*', 'text/html;q=0.9', ''),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*'),
    'x-forwarded-for': fc.constantFrom('127.0.0.1', '::1', 'not an ip', '1.1.1.1, 2.2.2.2'),
  },
  { requiredKeys: [] },
);

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];

/** An arbitrary request to one operation. */
export function requestFor(op: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const segments = op.path.split('/');
  const params = op.pathParams.map((p) => {
    const index = segments.indexOf(`{${p.name}}`);
    return pathParamFor(p, index > 0 ? segments[index - 1]! : '', world);
  });
  const hasBody = op.method === 'POST' || op.method === 'PUT';
  return fc.record({
    method: fc.oneof({ weight: 12, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
    params: fc.tuple(...params),
    query: fc.oneof({ weight: 1, arbitrary: fc.constant({ text: '', kinds: [] as string[] }) }, { weight: op.queryParams.length > 0 ? 3 : 1, arbitrary: queryFor(op, world) }),
    body: hasBody ? bodyFor(op, world) : fc.oneof({ weight: 9, arbitrary: fc.constant<BodyPlan>({ kind: 'no body' }) }, { weight: 1, arbitrary: bodyFor(op, world) }),
    credentials: fc.oneof(...world.credentials.map(({ weight, headers }) => ({ weight, arbitrary: fc.constant(headers) }))),
    extra: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
  }).map(({ method, params: values, query, body, credentials, extra }) => {
    let path = op.path;
    op.pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, values[i]!.text);
    });
    const headers: Record<string, string> = { ...credentials, ...extra };
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
    const kinds = [`${op.method} ${op.path}`, ...values.map((v) => v.kind), ...query.kinds, body.kind];
    if (method !== op.method) kinds.push('other method');
    return {
      method,
      url: query.text ? `${path}?${query.text}` : path,
      headers,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      kinds,
      // A path parameter that is empty, a dot segment or raw may name another path (`/v1/posts/` is
      // `/v1/posts`, `/v1/checkouts/./methods` is `/v1/checkouts/methods`), whose answers are its own.
      ...(method === op.method && op.statuses && values.every((v) => !['', '.', '..'].includes(v.text) && !v.raw) ? { statuses: op.statuses } : {}),
    };
  });
}

/** Requests to any of the operations; those that take a body, where most of the input is, twice as often. */
export function requestArbitrary(operations: Operation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...operations.map((op) => ({ weight: op.body ? 2 : 1, arbitrary: requestFor(op, world) })));
}
