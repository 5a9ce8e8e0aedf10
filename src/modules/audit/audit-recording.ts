import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { unixNow } from '../../lib/clock.js';
import { appendRouteHook } from '../../http/route-hooks.js';
import { recordAuditEntry } from './audit.service.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

// What a request may write into an entry is bounded: a path or an id is the client's text.
const MAX_PATH = 2_048;
const MAX_OBJECT_ID = 255;

/** The most specific id of the route's path (`:fulfillmentId` of /v1/orders/:id/fulfillments/:fulfillmentId). */
function pathObjectId(request: FastifyRequest): string | null {
  const values = Object.values((request.params ?? {}) as Record<string, unknown>);
  const last = values.at(-1);
  return typeof last === 'string' && last !== '' ? last.slice(0, MAX_OBJECT_ID) : null;
}

/**
 * Logs every write by staff (a user's token or an API key) once it is answered, whatever the answer:
 * refused ones (403 outside the role, 404, 409, 422…) too. Only write routes of the API carry the hooks,
 * so reads pay nothing. The entry is written after the answer has gone and never fails the request: an
 * insert that fails is logged. Entries still being written when the app closes are waited for.
 */
export function registerAuditLog(app: FastifyInstance, db: Db): void {
  // The id of the record a 201 made, read from the answer before it is serialised.
  const createdIds = new WeakMap<FastifyRequest, string>();
  const writing = new Set<Promise<void>>();

  const noteCreatedId = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (reply.statusCode === 201) {
      const id = (payload as { data?: { id?: unknown } } | null)?.data?.id;
      if (typeof id === 'string') createdIds.set(request, id.slice(0, MAX_OBJECT_ID));
    }
    done(null, payload);
  };

  // Synchronous (callback style): the entry is written in the background, the request is done.
  const record = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const actor = request.ctx?.actor;
    if (actor?.kind === 'admin') {
      const write = recordAuditEntry(db, {
        actor: actor.by,
        action: request.routeOptions.config.action!,
        method: request.method,
        path: request.url.split('?', 1)[0]!.slice(0, MAX_PATH),
        objectId: createdIds.get(request) ?? pathObjectId(request),
        status: reply.statusCode,
        ip: request.ip,
      }, unixNow()).catch((error: unknown) => {
        request.log.error({ err: error }, 'audit log entry not written');
      });
      writing.add(write);
      void write.finally(() => writing.delete(write));
    }
    done();
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.action || methods.every((method) => READS.has(method))) return;
    appendRouteHook(route, 'preSerialization', noteCreatedId);
    appendRouteHook(route, 'onResponse', record);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...writing]);
  });
}
