import type { Schema } from './openapi-schemas.js';

const isNode = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isOpen = (value: unknown) => value === true || (isNode(value) && Object.keys(value).length === 0);
const isString = (schema: Schema) => [schema.type].flat().includes('string');

/** Members named as addresses: an email (`email`, `contact_email`) or a URL (`url`, `image_url`, `otpauth_url`). */
function formatOf(name: string): string | undefined {
  if (/(^|_)email$/.test(name)) return 'email';
  if (/(^|_)url$/.test(name)) return 'uri';
  return undefined;
}

/**
 * One schema written so that every generator reads it the same way, meaning the same thing:
 * - a single-valued `enum` (`object: "order"`) is a `const`: openapi-typescript-codegen makes an
 *   enum of each, and `enum object` does not compile;
 * - `additionalProperties: true` (or `{}`) beside named `properties` is left out, JSON Schema's
 *   default anyway: generators otherwise type the whole object as a map of anything; an object of
 *   no named properties that takes any is a map (`additionalProperties: true`) and nothing else;
 * - a string member named as an email or a URL says its `format` (email, uri). It describes what is
 *   sent and answered; the server's own checks (docs/api.md) judge a request.
 */
function portable(schema: Schema): Schema {
  const out: Schema = { ...schema };
  if (Array.isArray(out.enum) && out.enum.length === 1) {
    out.const = out.enum[0];
    delete out.enum;
  }
  if (isNode(out.properties)) {
    if (Object.keys(out.properties).length === 0 && isOpen(out.additionalProperties)) {
      delete out.properties;
      out.additionalProperties = true;
    } else if (isOpen(out.additionalProperties)) {
      delete out.additionalProperties;
    }
  }
  if (isNode(out.properties)) {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([name, member]) => {
      const format = formatOf(name);
      if (!format || !isNode(member) || !isString(member) || member.format || member.enum || member.const !== undefined) return [name, member];
      return [name, { ...member, format }];
    }));
  }
  return out;
}

/** Keys under which a document holds values, not schemas. */
const VALUES = new Set(['examples', 'example', 'default', 'const', 'enum']);

/** Every schema-like node of the document (components, parameters, bodies, answers, headers), made portable, examples left as they are. */
export function makePortable<T>(node: T): T {
  if (Array.isArray(node)) return node.map((child) => makePortable(child)) as T;
  if (!isNode(node)) return node;
  const entries = Object.entries(node).map(([key, child]) => [key, VALUES.has(key) ? child : makePortable(child)]);
  const walked = Object.fromEntries(entries) as Schema;
  return ('type' in walked || 'enum' in walked || 'properties' in walked ? portable(walked) : walked) as T;
}
