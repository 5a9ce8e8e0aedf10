import type { FastifyInstance } from 'fastify';
import { Problem } from '../lib/problem.js';

/** A container being walked by findField: its keys (none for an array) and the next one to look at. */
interface Frame {
  node: Record<string, unknown> | unknown[];
  keys: string[] | null;
  next: number;
}

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  value !== null && typeof value === 'object' && !Buffer.isBuffer(value);

const frameOf = (node: Record<string, unknown> | unknown[]): Frame => ({ node, keys: Array.isArray(node) ? null : Object.keys(node), next: 0 });

/** The bracket name of the value at the walk's position: each frame's key last looked at. */
function nameAt(frames: Frame[]): string {
  return frames.map((frame, depth) => {
    const key = frame.keys ? frame.keys[frame.next - 1]! : String(frame.next - 1);
    return depth === 0 ? key : `[${key}]`;
  }).join('');
}

/**
 * The bracket name of the first value (or key) that fails `test` (`''` for the value itself), or
 * null. Walks in document order with its own stack (a body may nest thousands of levels deep), and
 * spells a name only for what it finds: every request's body, query and path go through it.
 */
export function findField(value: unknown, test: (leaf: unknown) => boolean): string | null {
  if (!isContainer(value)) return test(value) ? '' : null;
  const frames: Frame[] = [frameOf(value)];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1]!;
    const size = frame.keys ? frame.keys.length : (frame.node as unknown[]).length;
    if (frame.next === size) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? frame.keys[frame.next]! : frame.next;
    frame.next++;
    if (frame.keys && test(key)) return nameAt(frames);
    const child = (frame.node as Record<string | number, unknown>)[key];
    if (isContainer(child)) frames.push(frameOf(child));
    else if (test(child)) return nameAt(frames);
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

/**
 * Whether JSON text holds more than `limit` entries (object members and list items, counted
 * together, as commas and opened containers outside strings). Parsing and validating cost grows
 * with the entries, not the bytes: a 64 KiB list of 32,000 numbers is 32,000 faults to find.
 */
export function holdsMoreEntriesThan(text: string, limit: number): boolean {
  let entries = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if ((c === 0x2c || c === 0x7b || c === 0x5b) && ++entries > limit) {
      return true;
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
 *   and a body field a 422, as any other value out of range (the body of a route that reads one).
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
    // A route that reads no body ignores one: its numbers never reach a database (nor its document, a 422).
    const readsBody = request.routeOptions.schema?.body !== undefined;
    const inBody = inQuery === null && readsBody ? findField(request.body, isNonFinite) : null;
    if (inQuery !== null) {
      done(new Problem('invalid_request', `${inQuery} must be a finite number`, { errors: [{ field: inQuery, code: 'out_of_range', message: 'must be a finite number' }] }));
    } else if (inBody !== null) {
      done(Problem.invalid([{ field: inBody, code: 'out_of_range', message: 'must be a finite number' }]));
    } else {
      done();
    }
  });
}
