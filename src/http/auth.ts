import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../db/change-feed.js';
import type { DatabaseHandle } from '../db/database.js';
import type { ApiKeyRow, CustomerTokenRow, UserRow, UserTokenRow } from '../db/types.js';
import { unixNow } from '../lib/clock.js';
import type { Actor, Ctx } from '../lib/context.js';
import { Problem } from '../lib/problem.js';
import { findApiKeyByHash, touchApiKey } from '../modules/access/api-keys.repo.js';
import { findTokenByHash } from '../modules/customers/customers.repo.js';
import { hashToken, sameHash } from '../modules/access/tokens.js';
import { declaredActions, settingUpTwoFactor } from '../modules/access/access.service.js';
import { keyRole, outsideRole, roleAllows, type Role } from '../modules/access/roles.js';
import { findStore } from '../modules/store/stores.repo.js';
import { findToken as findUserToken, findUser } from '../modules/users/users.repo.js';
import { userName } from '../modules/users/users.view.js';

/**
 * Who may call a route (the OpenAPI document declares the same, see openapi.ts):
 * - `public`: anyone (health, documentation);
 * - `storefront`: a channel key (with or without a customer token) or an admin key (catalogue reads,
 *   sign-up, carts and checkouts: staff take orders with them);
 * - `channel`: a channel key, with or without a customer token, and no admin key: what belongs to a
 *   sales channel alone (sign-in, email verification);
 * - `customer`: a signed-in customer (its own records only: services check whose) or an admin key;
 * - `signed-in`: a signed-in customer only (sign-out: an admin key has no token to revoke);
 * - `admin`: staff: an API key or a user's token, within its role (roles.ts);
 * - `user`: a staff user's token only: their own profile, which no API key has.
 * Every `/v1` route also declares its `action` (`order.cancel`): what a role must be allowed for staff to call it.
 */
export type Access = 'public' | 'storefront' | 'channel' | 'customer' | 'signed-in' | 'admin' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** `object.verb`, checked against the staff credential's role (roles.ts). */
    action?: string;
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

/** What a token turned out to be. */
type Credential =
  | { type: 'key'; row: ApiKeyRow }
  | { type: 'customer'; row: CustomerTokenRow }
  /** `twoFactorRequired`: the store's policy when the token was read (a change of it announces a commit). */
  | { type: 'user'; row: UserTokenRow; user: UserRow; twoFactorRequired: boolean };

/**
 * Known credentials by token, kept for a few seconds so a hot path neither hashes the token nor
 * reads the database on every request. A revoked key or token stops working at once in every process:
 * the process that revoked it calls forget() after committing, and the others drop everything when
 * their change feed tells of a commit made elsewhere (every revocation announces one). While the feed
 * cannot tell, nothing is kept.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { credential: Credential | null; expires: number }>();
  /** Bumped by forget(), so that a lookup that read the database before it keeps nothing. */
  private generation = 0;
  /** The stamp the entries were made under. */
  private keptUnder: string | null = null;

  constructor(private readonly feed: ChangeFeed) {}

  /** What an entry made now is valid for; null while changes made elsewhere cannot be seen. */
  private stamp(): string | null {
    const version = this.feed.version();
    return version === null ? null : `${this.generation}:${version}`;
  }

  async lookup(handle: DatabaseHandle, token: string): Promise<Credential | null> {
    const stamp = this.stamp();
    if (stamp !== this.keptUnder) {
      this.entries.clear();
      this.keptUnder = stamp;
    }
    const cached = stamp === null ? undefined : this.entries.get(token);
    if (cached && cached.expires > Date.now()) return cached.credential;
    const hash = hashToken(token);
    let credential: Credential | null = null;
    if (token.startsWith('ctk_')) {
      const row = await findTokenByHash(handle.db, hash);
      if (row && sameHash(row.token_hash, hash)) credential = { type: 'customer', row };
    } else if (token.startsWith('utk_')) {
      const row = await findUserToken(handle.db, hash);
      const [user, store] = row && sameHash(row.token_hash, hash) ? await Promise.all([findUser(handle.db, row.user_id), findStore(handle.db)]) : [];
      if (row && user) credential = { type: 'user', row, user, twoFactorRequired: store?.is_staff_two_factor_required === 1 };
    } else {
      const row = await findApiKeyByHash(handle.db, hash);
      if (row && sameHash(row.token_hash, hash)) credential = { type: 'key', row };
    }
    // Keep it only if nothing was revoked while it was being read.
    if (stamp !== null && stamp === this.stamp() && stamp === this.keptUnder) {
      if (this.entries.size >= CACHE_MAX) this.entries.clear();
      this.entries.set(token, { credential, expires: Date.now() + CACHE_TTL_MS });
    }
    const now = unixNow();
    if (credential?.type === 'key' && (credential.row.last_used_at === null || now - credential.row.last_used_at >= TOUCH_EVERY_SECONDS)) {
      credential.row.last_used_at = now;
      await touchApiKey(handle.db, credential.row.id, now);
    }
    return credential;
  }

  /** Drops every credential kept: call it once a revocation has committed. */
  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/**
 * `Authorization: Bearer <token>` exactly: one space, one token of RFC 6750's characters, nothing
 * after it, so a header carrying more than one credential is never read as the first of them. The
 * scheme is case-insensitive, as RFC 7235 says.
 */
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const token = BEARER.exec(header)?.[1];
  if (token === undefined) throw new Problem('unauthorized', 'Authorization must be exactly "Bearer <key>"');
  return token;
}

/** The `Channel-Key` sent, empty or not: a header that is there is a credential to check. */
function channelKey(request: FastifyRequest): string | undefined {
  const header = request.headers['channel-key'];
  return typeof header === 'string' ? header.trim() : undefined;
}

async function resolveChannel(cache: CredentialCache, handle: DatabaseHandle, key: string): Promise<ApiKeyRow> {
  const credential = key === '' ? null : await cache.lookup(handle, key);
  if (credential?.type !== 'key' || credential.row.kind !== 'channel' || !credential.row.channel_id) {
    throw new Problem('unauthorized', 'Unknown or revoked channel key');
  }
  return credential.row;
}

async function resolveActor(cache: CredentialCache, handle: DatabaseHandle, request: FastifyRequest): Promise<Actor | null> {
  const bearer = bearerToken(request);
  const key = channelKey(request);
  if (bearer?.startsWith('ctk_')) {
    const credential = await cache.lookup(handle, bearer);
    if (credential?.type !== 'customer' || credential.row.expires_at <= unixNow()) {
      throw new Problem('unauthorized', 'Unknown, expired or revoked customer token; sign in again');
    }
    if (key === undefined) throw new Problem('unauthorized', 'A customer token goes with the Channel-Key of its channel');
    const channel = await resolveChannel(cache, handle, key);
    if (channel.channel_id !== credential.row.channel_id) throw new Problem('unauthorized', 'This customer token belongs to another channel');
    const token = credential.row;
    return { kind: 'customer', keyId: channel.id, channelId: token.channel_id, customerId: token.customer_id, tokenId: token.id };
  }
  if (bearer?.startsWith('utk_')) {
    const credential = await cache.lookup(handle, bearer);
    if (credential?.type !== 'user' || credential.row.expires_at <= unixNow() || credential.user.is_active !== 1) {
      throw new Problem('unauthorized', 'Unknown, expired or revoked sign-in; sign in again');
    }
    if (key !== undefined) await resolveChannel(cache, handle, key);
    const { user } = credential;
    return {
      kind: 'admin',
      by: { type: 'user', id: user.id, name: userName(user) },
      role: user.role as Role,
      tokenId: credential.row.id,
      mustSetUpTwoFactor: credential.twoFactorRequired && user.is_two_factor_enabled !== 1,
    };
  }
  if (bearer !== undefined) {
    const credential = await cache.lookup(handle, bearer);
    if (credential?.type !== 'key' || credential.row.kind === 'channel') throw new Problem('unauthorized', 'Unknown or revoked key');
    // An admin key acts as itself, but a Channel-Key sent beside it is checked all the same: a
    // forged or revoked one is refused, never passed over as if it had not been sent.
    if (key !== undefined) await resolveChannel(cache, handle, key);
    const row = credential.row;
    return { kind: 'admin', by: { type: 'api_key', id: row.id, name: row.name ?? `Key ending ${row.last_four}` }, role: keyRole(row) };
  }
  if (key !== undefined) {
    const row = await resolveChannel(cache, handle, key);
    return { kind: 'channel', keyId: row.id, channelId: row.channel_id! };
  }
  return null;
}


function authorise(access: Access, action: string | undefined, actor: Actor | null): void {
  if (access === 'public') return;
  if (!actor) throw new Problem('unauthorized', 'This endpoint needs a credential: Authorization: Bearer <admin key> or Channel-Key');
  if (actor.kind === 'channel' && access === 'customer') {
    throw new Problem('forbidden', 'This endpoint needs a signed-in customer (Authorization: Bearer ctk_…) or an admin key');
  }
  if (actor.kind === 'channel' && access === 'signed-in') {
    throw new Problem('forbidden', 'This endpoint needs a signed-in customer (Authorization: Bearer ctk_…)');
  }
  if (actor.kind === 'admin' && (access === 'channel' || access === 'signed-in')) {
    throw new Problem('forbidden', "This endpoint belongs to a sales channel's storefront: send its Channel-Key, not an admin key");
  }
  if ((actor.kind === 'channel' || actor.kind === 'customer') && (access === 'admin' || access === 'user')) {
    throw new Problem('forbidden', 'A channel key may not call this endpoint');
  }
  if (access === 'user' && (actor.kind !== 'admin' || actor.by.type !== 'user')) {
    throw new Problem('forbidden', 'This endpoint is a signed-in user\'s own: an API key is no user (sign in with POST /v1/users/token)');
  }
  if (actor.kind === 'admin' && action !== undefined) {
    if (actor.mustSetUpTwoFactor && !settingUpTwoFactor(action)) {
      throw new Problem('forbidden', 'This store requires two-factor sign-in: set it up on your profile first (POST /v1/users/me/two_factor)');
    }
    if (!roleAllows(actor.role, action)) throw new Problem('forbidden', outsideRole(actor.role, action));
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
export function registerAuth(
  app: FastifyInstance,
  handle: DatabaseHandle,
  feed: ChangeFeed,
): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
  const cache = new CredentialCache(feed);
  app.decorate('credentials', cache);
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('authFailure', null);
  const anonymous: Actor = { kind: 'anonymous' };
  // A route of the API that declares no action could not be given to a role, nor refused: it does not start.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    if (!route.config?.action) throw new Error(`${String(route.method)} ${route.url} declares no action (config.action)`);
    declaredActions.add(route.config.action);
  });

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

  // Synchronous (callback style): it runs on every request and has nothing to wait for.
  return (request, _reply, done) => {
    if (request.authFailure) return done(request.authFailure);
    const actor = request.ctx.actor;
    try {
      authorise(accessOf(request), request.routeOptions.config.action, actor.kind === 'anonymous' ? null : actor);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
}
