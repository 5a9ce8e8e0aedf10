import { announceChange } from '../../db/change-feed.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { Problem } from '../../lib/problem.js';
import { generateToken, hashToken } from '../access/tokens.js';
import * as repo from './customers.repo.js';
import { customerView, type CustomerView } from './customers.view.js';
import { emailKey } from './emails.js';
import { verifyPassword } from './passwords.js';
import { admitSignIn, clearSignInFailures, recordSignInFailure } from './sign-in-throttle.js';

export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

const wrongCredentials = () => new Problem('unauthorized', 'The email or the password is wrong');

/**
 * Signs a customer in through a channel: the customer and a new token (`ctk_…`, 30 days). A wrong
 * password, an unknown email, a guest without a password and an inactive customer all get the same
 * 401, after the same work. Repeated failures for one email are throttled per `client` (the caller's
 * address) and backed off across clients (sign-in-throttle.ts: 429 with Retry-After).
 * @throws Problem unauthorized; forbidden without a channel key; rate_limited.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string }, client: string): Promise<CustomerView & { token: string; expires_at: number }> {
  const actor = ctx.actor;
  if (actor.kind !== 'channel' && actor.kind !== 'customer') throw new Problem('forbidden', 'Customers sign in through a sales channel: send its Channel-Key');
  const key = emailKey(input.email);
  const now = ctx.now();
  await admitSignIn(ctx.db, key, client, now);
  const customer = await repo.findCustomerByEmail(ctx.db, key);
  const matches = await verifyPassword(input.password, customer?.password_hash ?? null);
  if (!customer || !matches || customer.is_active !== 1) {
    // The backoff runs from the failure, not from the request's start: a slow check must not use it up.
    await recordSignInFailure(ctx.db, key, ctx.now());
    throw wrongCredentials();
  }
  const token = generateToken('ctk');
  const expiresAt = now + TOKEN_LIFETIME_SECONDS;
  await ctx.db.transaction().execute(async (tx) => {
    // The customer was read before the slow password check: a deactivation may have committed since
    // (and revoked the tokens it found). Check again under a lock, so that a deactivation either is
    // seen here or waits for this token and revokes it too.
    if (!(await repo.lockActiveCustomer(tx, customer.id, ctx.dbKind))) throw wrongCredentials();
    await clearSignInFailures(tx, key, client);
    await repo.insertToken(tx, {
      id: newId('tok'),
      customer_id: customer.id,
      channel_id: actor.channelId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: now,
    });
  });
  return { ...(await customerView(ctx.db, customer)), token, expires_at: expiresAt };
}

/**
 * Revokes the token the request was made with, and announces the change so that other processes drop
 * the token from their credential caches (the caller drops its own).
 * @throws Problem forbidden without a customer token.
 */
export async function signOut(ctx: Ctx): Promise<void> {
  if (ctx.actor.kind !== 'customer') throw new Problem('forbidden', 'Only a signed-in customer has a token to revoke');
  await repo.deleteToken(ctx.db, ctx.actor.tokenId);
  await announceChange(ctx.db);
}
