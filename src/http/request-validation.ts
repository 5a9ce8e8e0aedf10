import AjvCompiler from '@fastify/ajv-compiler';
import type { Options as AjvOptions } from 'ajv';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { Problem } from '../lib/problem.js';
import { compileOnFirstUse } from './compile-on-first-use.js';

interface RouteSchemaPart {
  schema: unknown;
  httpPart?: string;
}

interface Validate {
  (data: unknown): boolean;
  errors?: unknown;
}

/** Bodies that arrived form-encoded: text, whose numbers and booleans the validator reads from words. */
const formBodies = new WeakSet<object>();

/** Marks a parsed form body, so it is validated with coercion (`"12"` → 12) as a query string is. */
export function markFormBody<T>(body: T): T {
  if (body !== null && typeof body === 'object') formBodies.add(body);
  return body;
}

/** Whether a form body's text is in fact a JSON object or array. */
function holdsJson(text: string): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parser of form bodies: `parse` reads the text, and the result is marked for coercion. JSON sent
 * as a form (curl's `-d '{…}'` without a content type) is refused: read as a form it is one odd key,
 * and every field it holds would be dropped without a word.
 */
export function formBodyParser<T extends object>(parse: (text: string) => T): (text: string) => T {
  return (text) => {
    if (holdsJson(text)) {
      throw new Problem('unsupported_media_type', 'The body is JSON but was sent as a form (application/x-www-form-urlencoded): send it with Content-Type: application/json');
    }
    return markFormBody(parse(text));
  };
}

// Unknown members are reported, never stripped (a typo must not quietly change a request's meaning);
// every fault is listed at once; defaults fill what is left out.
const ajvOptions: AjvOptions = { allErrors: true, removeAdditional: false, useDefaults: true };

/** The Ajv instances, one per set of options, shared by every app this process builds. */
const pool = AjvCompiler();

/**
 * Every validator this process made, by what it was compiled from: the part (a body or text), the
 * server's settings and the schema's JSON. Compiling the schemas is most of what building the app
 * costs, and a process that builds it again (the tests build it hundreds of times) gets the same
 * validators back. A validator keeps nothing between calls but its last `errors`, which Fastify reads
 * right after calling it, so apps can share one.
 */
const compiled = new Map<string, Validate>();

/** A validator compiled when it is first called (compile-on-first-use.ts). */
function validatorOnFirstUse(compile: () => Validate): Validate {
  const made = compileOnFirstUse(compile);
  const validate: Validate = (data) => {
    const chosen = made();
    const valid = chosen(data);
    validate.errors = chosen.errors;
    return valid;
  };
  return validate;
}

/**
 * Two validators of the same schemas. Query strings, path parameters, headers and form bodies are
 * text, so they are coerced (`"true"` → true, one value where a list is expected → a one-item list).
 * A JSON body already says its types, so it is checked as sent: `"price": true` is a wrong type, not 1.
 */
export const buildRequestValidator: AjvCompiler.BuildCompilerFromPool = (externalSchemas, serverOptions) => {
  const withOptions = (custom: AjvOptions) =>
    pool(externalSchemas, { ...serverOptions, mode: undefined, customOptions: { ...ajvOptions, ...custom } }) as unknown as (part: RouteSchemaPart) => Validate;
  const coercing = withOptions({ coerceTypes: 'array' });
  const strict = withOptions({ coerceTypes: false });
  const settings = JSON.stringify([externalSchemas, serverOptions]);
  const build = (part: RouteSchemaPart): Validate => {
    if (part.httpPart !== 'body') return validatorOnFirstUse(() => coercing(part));
    const json = validatorOnFirstUse(() => strict(part));
    const form = validatorOnFirstUse(() => coercing(part));
    const validate: Validate = (data) => {
      const chosen = data !== null && typeof data === 'object' && formBodies.has(data) ? form : json;
      const valid = chosen(data);
      validate.errors = chosen.errors;
      return valid;
    };
    return validate;
  };
  const compile = (part: RouteSchemaPart): Validate => {
    const key = `${part.httpPart === 'body' ? 'body' : 'text'}\0${settings}\0${JSON.stringify(part.schema)}`;
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = build(part)));
    return validate;
  };
  return compile as unknown as ReturnType<AjvCompiler.BuildCompilerFromPool>;
};

type Schema = Record<string, unknown>;

const isObjectSchema = (schema: Schema) =>
  schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object')) || schema.properties !== undefined;

/**
 * A copy of a request schema in which every object that says nothing of other members refuses them
 * (`additionalProperties: false`). Objects that are maps on purpose (`items` as sku id → quantity,
 * `options[color]`, gateway `settings`) say so with `patternProperties` or `additionalProperties`
 * and stay open. The members of an `allOf` are left as they are: each would refuse the others'.
 */
export function closedSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => closedSchema(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as Schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
      copy[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, member]) => [name, closedSchema(member)]));
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'additionalProperties' || key === 'not' || key === 'then' || key === 'else') {
      copy[key] = closedSchema(value);
    } else {
      copy[key] = value;
    }
  }
  if (isObjectSchema(source) && source.additionalProperties === undefined && source.patternProperties === undefined) {
    copy.additionalProperties = false;
  }
  return copy as T;
}

/** A query string for a route that declares no parameters: any parameter is unknown. */
const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/**
 * An `onRoute` hook: the route's body and query schemas refuse unknown members, in validation and
 * in the OpenAPI document alike (both read `route.schema`). API routes without query parameters
 * refuse any. The schemas are copied: response schemas share their parts and stay open.
 */
export function closeRequestSchemas(route: RouteOptions): void {
  const schema = route.schema as Schema | undefined;
  const isApi = route.url.startsWith('/v1/');
  if (!schema && !isApi) return;
  const closed: Schema = { ...schema };
  if (closed.body !== undefined) closed.body = closedSchema(closed.body);
  if (closed.querystring !== undefined) closed.querystring = closedSchema(closed.querystring);
  else if (isApi) closed.querystring = NO_PARAMETERS;
  route.schema = closed;
}

/**
 * Checks the query of a route that reads its body itself (`attachValidation`): Fastify stops at the
 * first part that fails, so a body its schema only documents (a multipart upload) would hide the
 * query's faults.
 * @throws the validation error, which the error handler answers as it answers any.
 */
export function assertQuery(request: FastifyRequest): void {
  const validate = request.getValidationFunction('querystring');
  if (validate && !validate(request.query)) {
    throw Object.assign(new Error('Invalid query'), { validation: validate.errors, validationContext: 'querystring' });
  }
}
