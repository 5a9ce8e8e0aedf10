import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import { countPasswordResetRequest } from './password-resets.repo.js';

/** The window the limits count in: the lifetime of a reset link. */
export const RESET_WINDOW_SECONDS = 60 * 60;
/** Requests of one email from one client in the window; the next ones are refused (429). */
export const MAX_CLIENT_RESET_REQUESTS = 3;

/**
 * Admits a password reset request for `emailKey` from `client`: throws rate_limited (429 with
 * Retry-After) past MAX_CLIENT_RESET_REQUESTS from that client. The count runs whether or not the
 * email belongs to a customer, so neither a 429 nor its absence tells who has an account. The mails
 * themselves, from every client together, are capped per mailbox by the account mail cap
 * (notifications/mail-caps.ts), past which requests are answered 202 and mail nothing.
 * @throws Problem rate_limited.
 */
export async function admitPasswordReset(db: Executor, emailKey: string, client: string, now: number): Promise<void> {
  const own = await countPasswordResetRequest(db, emailKey, client, now, RESET_WINDOW_SECONDS);
  if (own.requests > MAX_CLIENT_RESET_REQUESTS) {
    const wait = Math.max(1, own.first_requested_at + RESET_WINDOW_SECONDS - now);
    throw new Problem('rate_limited', `Too many password reset requests for this email from this client; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
  }
}
