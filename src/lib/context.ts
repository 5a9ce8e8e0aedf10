import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseKind, Db } from '../db/database.js';

/** Who is making a request, resolved from its credential. */
export type Actor =
  | { kind: 'admin'; keyId: string; readOnly: boolean }
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
}

/** True when the caller sees only what is on sale: active, published products in visible collections. */
export function isStorefront(ctx: Ctx): boolean {
  return ctx.actor.kind === 'channel' || ctx.actor.kind === 'customer' || ctx.actor.kind === 'anonymous';
}
