import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseKind, Db } from '../db/database.js';
import type { Role } from '../modules/access/roles.js';

/** A member of staff as records name them: a user, or the API key a program signs in with. */
export interface StaffRef {
  type: 'user' | 'api_key';
  id: string;
  name: string | null;
}

/** Who is making a request, resolved from its credential. */
export type Actor =
  /**
   * Staff: a user's token or an API key, with the role it acts under. `tokenId` is a user's token (the
   * one sign-out revokes); `mustSetUpTwoFactor`, a user the store requires two-factor sign-in of who has
   * not set it up yet (who may then only see to their own account).
   */
  | { kind: 'admin'; by: StaffRef; role: Role; tokenId?: string; mustSetUpTwoFactor?: boolean }
  | { kind: 'channel'; keyId: string; channelId: string }
  /** A signed-in customer: its token, sent together with its channel's key. */
  | { kind: 'customer'; keyId: string; channelId: string; customerId: string; tokenId: string }
  | { kind: 'anonymous' }
  /** The server itself: the CLI, the worker, start-up seeding. */
  | { kind: 'system' };

/**
 * What every service function receives first: the database, the clock and the caller. Routes build
 * it from the request; the worker, the CLI and tests build it themselves.
 */
export interface Ctx {
  db: Db;
  dbKind: DatabaseKind;
  actor: Actor;
  /** Unix seconds. */
  now(): number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /**
   * The request's Idempotency-Key, hashed within the caller's scope, when it sent one: a money move
   * records it in its own transaction, so a retry finds the move instead of making it again.
   */
  idempotencyKey?: string;
  /**
   * A storefront's read of translatable records that asks for no locale (none named, no market or
   * country, no Accept-Language the store's locales match): answered in the records' own text, so kept
   * documents may answer it (catalog/product-documents.ts). Set by http/locale-answers.ts.
   */
  ownText?: boolean;
}

/** What a member of staff's idempotency keys and rate limit are counted under: `key:<id>` or `user:<id>`. */
export function staffScope(by: StaffRef): string {
  return by.type === 'api_key' ? `key:${by.id}` : `user:${by.id}`;
}

/** The member of staff making the request, if any. */
export function staffOf(ctx: Ctx): StaffRef | null {
  return ctx.actor.kind === 'admin' ? ctx.actor.by : null;
}

/** True when the caller sees only what is on sale: active, published products in visible collections. */
export function isStorefront(ctx: Ctx): boolean {
  return ctx.actor.kind === 'channel' || ctx.actor.kind === 'customer' || ctx.actor.kind === 'anonymous';
}
