import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import type { ApiKeyRow } from '../db/types.js';
import { unixNow } from '../lib/clock.js';
import type { Actor, Ctx } from '../lib/context.js';
import { Problem } from '../lib/problem.js';
import { findApiKeyByHash, touchApiKey } from '../modules/access/api-keys.repo.js';
import { hashToken, sameHash } from '../modules/access/tokens.js';

/**
 * Who may call a route:
 * - `public`: anyone (health, documentation);
 * - `storefront`: a channel key or an admin key (catalogue reads, carts, checkouts);
 * - `admin`: an admin key; a read-only key may only read.
 */
export type Access = 'public' | 'storefront' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: Ctx;
    /** Why the credential sent was refused; thrown once rate limiting has counted the request. */
    authFailure: Problem | null;
  }
  interface FastifyInstance {
    credentials: CredentialCache;
  }
}

const CACHE_TTL_MS = 10_000;
const CACHE_MAX = 10_000;
const TOUCH_EVERY_SECONDS = 60;

/**
 * Known credentials by token, kept for a few seconds so a hot path neither hashes the token nor
 * reads the key table on every request. A revoked key stops working at once in the process that
 * revoked it, and within CACHE_TTL_MS in the others.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { row: ApiKeyRow | null; expires: number }>();

  async lookup(handle: DatabaseHandle, token: string): Promise<ApiKeyRow | null> {
    const cached = this.entries.get(token);
    if (cached && cached.expires > Date.now()) return cached.row;
    const hash = hashToken(token);
    const found = await findApiKeyByHash(handle.db, hash);
    const row = found && sameHash(found.token_hash, hash) ? found : null;
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(token, { row, expires: Date.now() + CACHE_TTL_MS });
    const now = unixNow();
    if (row && (row.last_used_at === null || now - row.last_used_at >= TOUCH_EVERY_SECONDS)) {
      row.last_used_at = now;
      await touchApiKey(handle.db, row.id, now);
    }
    return row;
  }

  forget(): void {
    this.entries.clear();
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ', 2);
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Problem('unauthorized', 'Authorization must be "Bearer <key>"');
  return token.trim();
}

function channelKey(request: FastifyRequest): string | undefined {
  const header = request.headers['channel-key'];
  return typeof header === 'string' && header !== '' ? header.trim() : undefined;
}

async function resolveActor(cache: CredentialCache, handle: DatabaseHandle, request: FastifyRequest): Promise<Actor | null> {
  const bearer = bearerToken(request);
  if (bearer !== undefined) {
    const row = await cache.lookup(handle, bearer);
    if (!row || row.kind === 'channel') throw new Problem('unauthorized', 'Unknown or revoked key');
    return { kind: 'admin', keyId: row.id, readOnly: row.kind === 'read_only' };
  }
  const key = channelKey(request);
  if (key !== undefined) {
    const row = await cache.lookup(handle, key);
    if (!row || row.kind !== 'channel' || !row.channel_id) throw new Problem('unauthorized', 'Unknown or revoked channel key');
    return { kind: 'channel', keyId: row.id, channelId: row.channel_id };
  }
  return null;
}

function authorise(access: Access, actor: Actor | null, method: string): void {
  if (access === 'public') return;
  if (!actor) throw new Problem('unauthorized', 'This endpoint needs a credential: Authorization: Bearer <admin key> or Channel-Key');
  if (actor.kind === 'channel' && access === 'admin') throw new Problem('forbidden', 'A channel key may not call this endpoint');
  if (actor.kind === 'admin' && actor.readOnly && method !== 'GET' && method !== 'HEAD') {
    throw new Problem('forbidden', 'A read-only key may only read');
  }
}

/** A route's declared access; undeclared routes under /v1 are admin-only, others public. */
function accessOf(request: FastifyRequest): Access {
  if (request.is404) return 'public';
  const declared = request.routeOptions.config.access;
  if (declared) return declared;
  return request.routeOptions.url?.startsWith('/v1/') ? 'admin' : 'public';
}

/**
 * Authentication in two hooks, so that rate limiting can run between them and count failed
 * credentials too: `registerAuth` resolves the credential into `request.ctx` (remembering a failure
 * instead of throwing it), and the hook it returns refuses the request when the credential failed or
 * may not call the route. Call the returned hook after anything that must see every request.
 */
export function registerAuth(app: FastifyInstance, handle: DatabaseHandle): (request: FastifyRequest) => Promise<void> {
  const cache = new CredentialCache();
  app.decorate('credentials', cache);
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('authFailure', null);
  const anonymous: Actor = { kind: 'anonymous' };

  app.addHook('onRequest', async (request) => {
    let actor: Actor | null = null;
    if (accessOf(request) !== 'public') {
      try {
        actor = await resolveActor(cache, handle, request);
      } catch (error) {
        if (!(error instanceof Problem)) throw error;
        request.authFailure = error;
      }
    }
    request.ctx = { db: handle.db, dbKind: handle.kind, actor: actor ?? anonymous, now: unixNow, log: request.log };
  });

  return async (request) => {
    if (request.authFailure) throw request.authFailure;
    const actor = request.ctx.actor;
    authorise(accessOf(request), actor.kind === 'anonymous' ? null : actor, request.method);
  };
}
