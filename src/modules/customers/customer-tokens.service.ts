import { announceChange } from '../../db/change-feed.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { Problem } from '../../lib/problem.js';
import { generateToken, hashToken } from '../access/tokens.js';
import * as repo from './customers.repo.js';
import { emailKey } from './customers.service.js';
import { customerView, type CustomerView } from './customers.view.js';
import { verifyPassword } from './passwords.js';

export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** After this many failed sign-ins for one email within the window, sign-ins for it wait for the window to end. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

const wrongCredentials = () => new Problem('unauthorized', 'The email or the password is wrong');

/**
 * Signs a customer in through a channel: the customer and a new token (`ctk_…`, 30 days). A wrong
 * password, an unknown email, a guest without a password and an inactive customer all get the same
 * 401, after the same work. Repeated failures for one email are throttled (429 with Retry-After).
 * @throws Problem unauthorized; forbidden without a channel key; rate_limited.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string }): Promise<CustomerView & { token: string; expires_at: number }> {
  const actor = ctx.actor;
  if (actor.kind !== 'channel' && actor.kind !== 'customer') throw new Problem('forbidden', 'Customers sign in through a sales channel: send its Channel-Key');
  const key = emailKey(input.email);
  const now = ctx.now();
  // Count the attempt before checking it, in one statement: concurrent guesses cannot all pass a
  // check made before any of them was counted. A success clears the count.
  const attempt = await repo.countLoginAttempt(ctx.db, key, now, FAILURE_WINDOW_SECONDS);
  if (attempt.failures > MAX_FAILURES) {
    const wait = FAILURE_WINDOW_SECONDS - (now - attempt.first_failed_at);
    throw new Problem('rate_limited', `Too many failed sign-ins for this email; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
  }
  const customer = await repo.findCustomerByEmail(ctx.db, key);
  const matches = await verifyPassword(input.password, customer?.password_hash ?? null);
  if (!customer || !matches || customer.is_active !== 1) throw wrongCredentials();
  const token = generateToken('ctk');
  const expiresAt = now + TOKEN_LIFETIME_SECONDS;
  await ctx.db.transaction().execute(async (tx) => {
    // The customer was read before the slow password check: a deactivation may have committed since
    // (and revoked the tokens it found). Check again under a lock, so that a deactivation either is
    // seen here or waits for this token and revokes it too.
    if (!(await repo.lockActiveCustomer(tx, customer.id, ctx.dbKind))) throw wrongCredentials();
    await repo.clearLoginFailures(tx, key);
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
