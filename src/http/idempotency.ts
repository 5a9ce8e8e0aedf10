import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { unixNow } from '../lib/clock.js';
import { Problem } from '../lib/problem.js';
import { appendRouteHook } from './route-hooks.js';

const KEPT_SECONDS = 24 * 60 * 60;
/** A first request that has not answered in this long is taken for dead (its process crashed). */
const ABANDONED_SECONDS = 60;

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { credentialId: string; key: string } | null;
  }
}

function credentialOf(request: FastifyRequest): string {
  const actor = request.ctx.actor;
  if (actor.kind === 'customer') return actor.tokenId;
  return actor.kind === 'admin' || actor.kind === 'channel' ? actor.keyId : `ip:${request.ip}`;
}

/**
 * Request members never hashed: a fast hash of a password or a card number kept for a day would let
 * whoever reads the table guess them at hash speed. A repeat that differs only in them counts as
 * the same request.
 */
const UNHASHED_MEMBERS = new Set(['password', 'current_password', 'card_number', 'cvc', 'cvv']);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !UNHASHED_MEMBERS.has(key)).map(([key, v]) => [key, withoutSecrets(v)]));
}

/**
 * What tells two requests apart. An upload's bytes are still unread when the key is claimed, so
 * its length stands for them: a repeat of another size is another request.
 */
function requestHash(request: FastifyRequest): string {
  const multipart = request.headers['content-type']?.startsWith('multipart/') === true;
  const body = multipart ? `multipart ${request.headers['content-length'] ?? ''}` : JSON.stringify(withoutSecrets(request.body ?? null));
  return createHash('sha256').update(`${request.method} ${request.url}\n${body}`).digest('hex');
}

/** Members of a resource that are secrets shown once (key tokens, customer tokens, webhook secrets). */
const SECRET_MEMBERS = ['token', 'secret'];

/**
 * The answer as it may be kept: secrets live only as hashes (DESIGN.md §4), so they are taken out
 * of `data` and a replay shows the record without them.
 */
function keepableBody(payload: string): string {
  if (!SECRET_MEMBERS.some((name) => payload.includes(`"${name}"`))) return payload;
  try {
    const body = JSON.parse(payload) as { data?: unknown };
    if (!body.data || typeof body.data !== 'object' || Array.isArray(body.data)) return payload;
    const data = body.data as Record<string, unknown>;
    for (const name of SECRET_MEMBERS) delete data[name];
    return JSON.stringify(body);
  } catch {
    return payload;
  }
}

/** Claims the key for this request; false when a row for it exists already. */
async function claim(db: Db, credentialId: string, key: string, hash: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ credential_id: credentialId, key, request_hash: hash, status_code: null, response_body: null, created_at: now })
    .onConflict((oc) => oc.columns(['credential_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function release(db: Db, credentialId: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('credential_id', '=', credentialId).where('key', '=', key).execute();
}

/**
 * `Idempotency-Key` on any POST: the first request runs and its answer (below 500) is kept for 24
 * hours, less any secret it showed; a repeat gets that answer again with `Idempotent-Replayed: true`.
 * The same key with another request, or while the first still runs, is 409 `idempotency_conflict`.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotency', null);

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw new Problem('invalid_request', 'Idempotency-Key must be 1 to 255 characters');
    }
    const credentialId = credentialOf(request);
    const hash = requestHash(request);
    const now = unixNow();
    if (await claim(db, credentialId, key, hash, now)) {
      request.idempotency = { credentialId, key };
      return;
    }
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .where('key', '=', key)
      .executeTakeFirst();
    const stale = row && (now - row.created_at > KEPT_SECONDS || (row.status_code === null && now - row.created_at > ABANDONED_SECONDS));
    if (!row || stale) {
      if (row) await release(db, credentialId, key);
      if (await claim(db, credentialId, key, hash, now)) {
        request.idempotency = { credentialId, key };
        return;
      }
      throw new Problem('idempotency_conflict', 'A request with this Idempotency-Key is in flight');
    }
    if (row.request_hash !== hash) {
      throw new Problem('idempotency_conflict', 'This Idempotency-Key was used with a different request');
    }
    if (row.status_code === null) throw new Problem('idempotency_conflict', 'A request with this Idempotency-Key is still in flight');
    const body = row.response_body ?? '';
    const type = row.status_code >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8';
    return reply.code(row.status_code).header('idempotent-replayed', 'true').type(type).send(body);
  };

  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claimed = request.idempotency;
    if (!claimed) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500) {
      // A failure of ours is not an answer to keep: the client may retry with the same key.
      await release(db, claimed.credentialId, claimed.key);
    } else {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: reply.statusCode, response_body: typeof payload === 'string' ? keepableBody(payload) : '' })
        .where('credential_id', '=', claimed.credentialId)
        .where('key', '=', claimed.key)
        .execute();
    }
    return payload;
  };

  // Only POST routes carry the hooks, so reads pay nothing for idempotency.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    appendRouteHook(route, 'preHandler', claimKey);
    appendRouteHook(route, 'onSend', keepAnswer);
  });
}
