import { staffScope } from '../lib/context.js';
import { createHash, createHmac } from 'node:crypto';
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
    idempotency: { scope: string; key: string } | null;
  }
}

/**
 * Whose stored answers a key reaches: the credential, and the customer token with it. Anonymous
 * shoppers share their channel's key, so their scope adds the client's address (the real one behind
 * a trusted proxy); the fingerprint below, which covers the whole body, is what keeps a guessed key
 * from replaying another shopper's answer when many share one address.
 */
function scopeOf(request: FastifyRequest): string {
  const actor = request.ctx.actor;
  if (actor.kind === 'admin') return staffScope(actor.by);
  if (actor.kind === 'customer') return `key:${actor.keyId}:token:${actor.tokenId}`;
  if (actor.kind === 'channel') return `key:${actor.keyId}:ip:${request.ip}`;
  return `ip:${request.ip}`;
}

/**
 * Request members kept only through a keyed hash: a plain fast hash of a password or a card number
 * kept for a day would let whoever reads the table guess them at hash speed. Keyed, they still tell
 * two requests apart: a sign-in replays only to the same password.
 */
const SECRET_REQUEST_MEMBERS = new Set(['password', 'current_password', 'card_number', 'cvc', 'cvv', 'token']);

function withSecretsKeyed(value: unknown, secret: Buffer): unknown {
  if (Array.isArray(value)) return value.map((item) => withSecretsKeyed(item, secret));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      SECRET_REQUEST_MEMBERS.has(key) ? createHmac('sha256', secret).update(JSON.stringify(v ?? null)).digest('base64') : withSecretsKeyed(v, secret),
    ]),
  );
}

/**
 * What tells two requests apart: method, URL and the whole body. An upload's bytes are still unread
 * when the key is claimed, so its length stands for them: a repeat of another size is another request.
 */
function requestHash(request: FastifyRequest, secret: Buffer): string {
  const multipart = request.headers['content-type']?.startsWith('multipart/') === true;
  const body = multipart ? `multipart ${request.headers['content-length'] ?? ''}` : JSON.stringify(withSecretsKeyed(request.body ?? null, secret));
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
async function claim(db: Db, scope: string, key: string, hash: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ credential_id: scope, key, request_hash: hash, status_code: null, response_body: null, created_at: now })
    .onConflict((oc) => oc.columns(['credential_id', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

async function release(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('credential_id', '=', scope).where('key', '=', key).execute();
}

/**
 * The server's secret for keyed request hashes, made by migration 016 and shared by every process;
 * read at the first request that needs it (the database may be down at start), then kept.
 */
function requestSecret(db: Db): () => Promise<Buffer> {
  let secret: Promise<Buffer> | undefined;
  return () => {
    secret ??= db
      .selectFrom('server_secrets').select('value').where('name', '=', 'idempotency').executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'base64'), (error: unknown) => {
        secret = undefined;
        throw error;
      });
    return secret;
  };
}

/**
 * What a service records with a money move so that a retry finds it: the key's hash within its
 * scope (never the key itself, which another caller may use too).
 */
function effectKey(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\n${key}`).digest('base64url');
}

export interface IdempotencyOptions {
  /**
   * Tests only: the route (as declared, `/v1/orders/:id/transactions`) whose process is killed with
   * SIGKILL after its request's transaction committed and before its answer is kept.
   */
  crashBeforeKeeping?: string;
}

/**
 * `Idempotency-Key` on any POST: the first request runs and its answer (below 500) is kept for 24
 * hours within the caller's scope (see scopeOf), less any secret it showed; a repeat of the same
 * request gets that answer again with `Idempotent-Replayed: true`. The same key with another request,
 * or while the first still runs, is 409 `idempotency_conflict`. Services see the key as
 * `ctx.idempotencyKey`, so a money move records it in its own transaction and a retry after a crash
 * between that commit and the kept answer finds the move instead of making it again.
 */
export function registerIdempotency(app: FastifyInstance, db: Db, options: IdempotencyOptions = {}): void {
  app.decorateRequest('idempotency', null);
  const secret = requestSecret(db);

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw new Problem('invalid_request', 'Idempotency-Key must be 1 to 255 characters');
    }
    const scope = scopeOf(request);
    const hash = requestHash(request, await secret());
    const now = unixNow();
    const claimed = () => {
      request.idempotency = { scope, key };
      request.ctx.idempotencyKey = effectKey(scope, key);
    };
    if (await claim(db, scope, key, hash, now)) return claimed();
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('credential_id', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    const stale = row && (now - row.created_at > KEPT_SECONDS || (row.status_code === null && now - row.created_at > ABANDONED_SECONDS));
    if (!row || stale) {
      if (row) await release(db, scope, key);
      if (await claim(db, scope, key, hash, now)) return claimed();
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
    if (options.crashBeforeKeeping !== undefined && request.routeOptions.url === options.crashBeforeKeeping) process.kill(process.pid, 'SIGKILL');
    if (reply.statusCode >= 500) {
      // A failure of ours is not an answer to keep: the client may retry with the same key.
      await release(db, claimed.scope, claimed.key);
    } else {
      await db
        .updateTable('idempotency_keys')
        .set({ status_code: reply.statusCode, response_body: typeof payload === 'string' ? keepableBody(payload) : '' })
        .where('credential_id', '=', claimed.scope)
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
