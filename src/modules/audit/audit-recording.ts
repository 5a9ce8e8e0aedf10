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
 * so reads pay nothing. The entry is written after the answer has gone (or its client) and never fails
 * the request: an insert that fails is logged. Entries still being written when the app closes are
 * waited for.
 */
export function registerAuditLog(app: FastifyInstance, db: Db): void {
  // The id of the record a 201 made, read from the answer before it is serialised.
  const createdIds = new WeakMap<FastifyRequest, string>();
  // The client's address, read while its connection is open: once closed, the socket no longer has it.
  const addresses = new WeakMap<FastifyRequest, string>();
  // Requests already watched: an error in a later onSend hook sends an answer again, still one request.
  const watched = new WeakSet<FastifyRequest>();
  const writing = new Set<Promise<void>>();

  const noteAddress = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (request.ip !== undefined) addresses.set(request, request.ip);
    done();
  };

  const noteCreatedId = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (reply.statusCode === 201) {
      const id = (payload as { data?: { id?: unknown } } | null)?.data?.id;
      if (typeof id === 'string') createdIds.set(request, id.slice(0, MAX_OBJECT_ID));
    }
    done(null, payload);
  };

  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const actor = request.ctx?.actor;
    if (actor?.kind !== 'admin') return;
    const write = recordAuditEntry(db, {
      actor: actor.by,
      action: request.routeOptions.config.action!,
      method: request.method,
      path: request.url.split('?', 1)[0]!.slice(0, MAX_PATH),
      objectId: createdIds.get(request) ?? pathObjectId(request),
      status: reply.statusCode,
      // Null only for a request refused before its route's hooks whose client was gone before the answer.
      ip: addresses.get(request) ?? request.ip ?? null,
    }, unixNow()).catch((error: unknown) => {
      request.log.error({ err: error }, 'audit log entry not written');
    });
    writing.add(write);
    void write.finally(() => writing.delete(write));
  };

  // Not onResponse: Fastify runs it only once the answer has been written whole, so a client that
  // hangs up before then (its write done all the same) would leave no trace. The response's `close`
  // comes in every case, after the answer; a client already gone when the answer is ready has closed
  // it before this hook, and the entry is written at once.
  const recordOnClose = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (!watched.has(request)) {
      watched.add(request);
      if (reply.raw.destroyed) record(request, reply);
      else reply.raw.once('close', () => record(request, reply));
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.config?.action || methods.every((method) => READS.has(method))) return;
    appendRouteHook(route, 'onRequest', noteAddress);
    appendRouteHook(route, 'preSerialization', noteCreatedId);
    appendRouteHook(route, 'onSend', recordOnClose);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...writing]);
  });
}
