import type { FastifyInstance } from 'fastify';
import { Problem } from '../lib/problem.js';

/**
 * The bracket name of the first value (or key) that fails `test` (`''` for the value itself), or
 * null. Walks with its own stack: a body may nest thousands of levels deep.
 */
export function findField(value: unknown, test: (leaf: unknown) => boolean): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, name] = stack.pop()!;
    if (current === null || typeof current !== 'object') {
      if (test(current)) return name;
      continue;
    }
    if (Buffer.isBuffer(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      const childName = name ? `${name}[${key}]` : key;
      if (test(key)) return childName;
      stack.push([child, childName]);
    }
  }
  return null;
}

/** How deep a JSON body may nest: far deeper than any request schema, far shallower than what recursive code survives. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `limit` arrays and objects. JSON.parse reads any depth, but
 * JSON.stringify and every recursive walk of the value (the idempotency hash, stored settings) run
 * out of stack at a few thousand levels, which a 1 MiB body easily reaches: a 500.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

const hasNul = (leaf: unknown) => typeof leaf === 'string' && leaf.includes('\u0000');
const isNonFinite = (leaf: unknown) => typeof leaf === 'number' && !Number.isFinite(leaf);

/**
 * Two kinds of input that pass the schemas but that no database should see:
 * - a NUL character, anywhere in the path, query or body: PostgreSQL text cannot hold one (the
 *   statement fails: a 500) while SQLite stores it, so it is a 400 on both;
 * - a number that is not finite: the validator coerces the text `1e309` or `Infinity` of a query
 *   string or a form body to Infinity without checking its range, so a query parameter is a 400
 *   and a body field a 422, as any other value out of range.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const field = findField(request.params, hasNul) ?? findField(request.query, hasNul) ?? findField(request.body, hasNul);
    if (field === null) {
      done();
      return;
    }
    const where = field === '' ? 'The request' : field;
    done(new Problem('invalid_request', `${where} holds a NUL character (\\u0000), which text may not contain`, {
      errors: [{ field: where, code: 'invalid', message: 'may not contain a NUL character' }],
    }));
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const inQuery = findField(request.params, isNonFinite) ?? findField(request.query, isNonFinite);
    const inBody = inQuery === null ? findField(request.body, isNonFinite) : null;
    if (inQuery !== null) {
      done(new Problem('invalid_request', `${inQuery} must be a finite number`, { errors: [{ field: inQuery, code: 'out_of_range', message: 'must be a finite number' }] }));
    } else if (inBody !== null) {
      done(Problem.invalid([{ field: inBody, code: 'out_of_range', message: 'must be a finite number' }]));
    } else {
      done();
    }
  });
}
