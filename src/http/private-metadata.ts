import type { FastifyInstance } from 'fastify';
import { isStorefront } from '../lib/context.js';
import { Problem } from '../lib/problem.js';

const PUBLIC = 'metadata';
const PRIVATE = 'private_metadata';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && value.constructor === Object;

/**
 * `value` without the `private_metadata` of any record in it, at any depth (a product's skus, an
 * order's customer). A record is an object holding `metadata` beside it; maps keyed by what staff
 * type (a sku's options, metadata itself) are never taken for one, nor walked into when they are
 * metadata. What holds nothing private is returned as it is; what does is copied, never changed in
 * place: views may be kept in memory for the next caller (kept-product-views.ts), staff among them.
 */
export function withoutPrivateMetadata<T>(value: T): T {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const stripped = withoutPrivateMetadata(item);
      if (stripped !== item) (copy ??= [...value])[i] = stripped;
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  const isRecord = isPlainObject(value[PUBLIC]) && isPlainObject(value[PRIVATE]);
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (isRecord && key === PRIVATE) {
      copy ??= { ...value };
      delete copy[key];
      continue;
    }
    const stripped = isRecord && key === PUBLIC ? member : withoutPrivateMetadata(member);
    if (stripped !== member) (copy ??= { ...value })[key] = stripped;
  }
  return (copy ?? value) as T;
}

/**
 * `private_metadata` is staff's alone (DESIGN.md §10): a storefront (a channel key, a customer
 * token, no credential) never sees it, whichever record or route answers, and may not send it.
 * Held here, once for every route, rather than in each view and each service.
 */
export function registerPrivateMetadata(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (request.ctx && isStorefront(request.ctx) && body !== null && typeof body === 'object' && Object.hasOwn(body, PRIVATE)) {
      const message = 'is for staff alone: a storefront may not send it';
      return done(new Problem('forbidden', `${PRIVATE} ${message}`, { errors: [{ field: PRIVATE, code: 'forbidden', message }] }));
    }
    done();
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    done(null, request.ctx && isStorefront(request.ctx) ? withoutPrivateMetadata(payload) : payload);
  });
}
