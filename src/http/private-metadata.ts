import type { FastifyInstance } from 'fastify';
import { isStorefront } from '../lib/context.js';
import { Problem } from '../lib/problem.js';

const PRIVATE = 'private_metadata';

/**
 * `value` without any `private_metadata` member, at any depth (a product's skus, a cart's order).
 * What holds none is returned as it is; what does is copied, never changed in place: views may be
 * kept in memory for the next caller (kept-product-views.ts), staff among them.
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
  if (value === null || typeof value !== 'object' || value.constructor !== Object) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, member] of Object.entries(value)) {
    const stripped = key === PRIVATE ? undefined : withoutPrivateMetadata(member);
    if (stripped === member) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (key === PRIVATE) delete copy[key];
    else copy[key] = stripped;
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
