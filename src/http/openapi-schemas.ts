import { isDeepStrictEqual } from 'node:util';

/** A JSON Schema as the OpenAPI document holds it. */
export type Schema = Record<string, unknown>;

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_VALUES = ['additionalProperties', 'items', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems'];

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The schema with each of its direct subschemas replaced by `map(subschema)`. */
export function mapSubschemas(schema: Schema, map: (subschema: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  for (const key of SCHEMA_MAPS) {
    if (isSchema(out[key])) out[key] = Object.fromEntries(Object.entries(out[key]).map(([name, sub]) => [name, isSchema(sub) ? map(sub) : sub]));
  }
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map((sub) => (isSchema(sub) ? map(sub) : sub));
  }
  for (const key of SCHEMA_VALUES) {
    if (isSchema(out[key])) out[key] = map(out[key]);
  }
  return out;
}

/** Every schema of the document's operations: parameters, request bodies, responses and their headers. */
export function forEachOperationSchema(paths: Record<string, Record<string, any>>, map: (schema: Schema) => Schema): void {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      for (const parameter of operation.parameters ?? []) if (isSchema(parameter.schema)) parameter.schema = map(parameter.schema);
      for (const media of Object.values<any>(operation.requestBody?.content ?? {})) if (isSchema(media.schema)) media.schema = map(media.schema);
      for (const response of Object.values<any>(operation.responses ?? {})) {
        for (const media of Object.values<any>(response.content ?? {})) if (isSchema(media.schema)) media.schema = map(media.schema);
      }
    }
  }
}

/** Replaces every `$ref` of the document that `renamed` names. */
function renameRefs(node: unknown, renamed: Map<string, string>): void {
  if (Array.isArray(node)) {
    for (const child of node) renameRefs(child, renamed);
  } else if (isSchema(node)) {
    if (typeof node.$ref === 'string' && renamed.has(node.$ref)) node.$ref = renamed.get(node.$ref);
    for (const child of Object.values(node)) renameRefs(child, renamed);
  }
}

const COMPONENTS = '#/components/schemas/';

/**
 * Every schema with a `title` (the resources: `Order`, `Sku`, `Problem` …, titled where they are
 * declared) becomes `components.schemas.<title>`, and each place it appeared a `$ref` to it, so a
 * generated client reads `Order` rather than an inline object. A nullable one (`Nullable(Customer)`)
 * becomes `anyOf: [$ref, null]`. The `def-N` names the generator gives recursive schemas are replaced
 * by their titles. Two different schemas with one title are an error: each title names one schema.
 */
export function nameSchemas(document: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } }): void {
  const components = document.components?.schemas ?? {};
  const named = new Map<string, Schema>();
  const renamed = new Map<string, string>();
  for (const [name, schema] of Object.entries(components)) {
    if (/^def-\d+$/.test(name) && typeof schema.title === 'string') renamed.set(`${COMPONENTS}${name}`, `${COMPONENTS}${schema.title}`);
  }

  const keep = (title: string, schema: Schema): void => {
    const known = named.get(title);
    if (known && !isDeepStrictEqual(known, schema)) throw new Error(`Two different schemas are titled ${title}: give one of them another title`);
    named.set(title, schema);
  };
  const hoist = (schema: Schema): Schema => {
    const inner = mapSubschemas(schema, hoist);
    if (typeof inner.title !== 'string') return inner;
    const ref = { $ref: `${COMPONENTS}${inner.title}` };
    if (Array.isArray(inner.type) && inner.type.includes('null')) {
      const types = inner.type.filter((type) => type !== 'null');
      keep(inner.title, { ...inner, type: types.length === 1 ? types[0] : types });
      return { anyOf: [ref, { type: 'null' }] };
    }
    keep(inner.title, inner);
    return ref;
  };

  for (const [name, schema] of Object.entries(components)) {
    const title = renamed.has(`${COMPONENTS}${name}`) ? (schema.title as string) : name;
    keep(title, mapSubschemas(schema, hoist));
  }
  forEachOperationSchema(document.paths, hoist);
  renameRefs(document, renamed);
  for (const schema of named.values()) renameRefs(schema, renamed);
  document.components = { ...document.components, schemas: Object.fromEntries([...named].sort(([a], [b]) => a.localeCompare(b))) };
}
