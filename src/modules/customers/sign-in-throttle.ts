import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import * as repo from './customers.repo.js';

/** Failures of one email from one client within the window after which that client waits for the window to end. */
export const MAX_CLIENT_FAILURES = 5;
/** Failures of one email from all clients within the window after which each attempt waits a backoff. */
export const BACKOFF_AFTER_FAILURES = 10;
export const MAX_BACKOFF_SECONDS = 30;
export const FAILURE_WINDOW_SECONDS = 15 * 60;
/** The client of the row counting an email's failures from every client. */
const ANY_CLIENT = '';

/** The wait after an email's `failures`-th failure: none before the threshold, then 1 s doubling up to 30 s. */
export function backoffSeconds(failures: number): number {
  if (failures < BACKOFF_AFTER_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_SECONDS, 2 ** (failures - BACKOFF_AFTER_FAILURES));
}

function throttled(seconds: number, why: string): Problem {
  const wait = Math.max(1, seconds);
  return new Problem('rate_limited', `${why}; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
}

const clientLocked = (row: { first_failed_at: number }, now: number) =>
  throttled(row.first_failed_at + FAILURE_WINDOW_SECONDS - now, 'Too many failed sign-ins for this email from this client');

/**
 * Admits one sign-in attempt of `emailKey` from `client`, or throws rate_limited (429 with Retry-After).
 * A stranger cannot lock the owner out: the lock is per client (MAX_CLIENT_FAILURES failures in the
 * window, until the window ends), and failures from every client only make each attempt for the
 * email wait a short backoff (backoffSeconds), one attempt per slot. The attempt is counted for its
 * client before the password is checked, so concurrent guesses cannot all pass; call
 * recordSignInFailure when it fails and clearSignInFailures when it succeeds.
 * @throws Problem rate_limited.
 */
export async function admitSignIn(db: Executor, emailKey: string, client: string, now: number): Promise<void> {
  const windowStart = now - FAILURE_WINDOW_SECONDS;
  const rows = await repo.findSignInFailures(db, emailKey, [client, ANY_CLIENT]);
  const own = rows.find((row) => row.client === client && row.first_failed_at > windowStart);
  // A client refused for the email never takes the email's backoff slot from anyone else.
  if (own && own.failures >= MAX_CLIENT_FAILURES) throw clientLocked(own, now);
  const all = rows.find((row) => row.client === ANY_CLIENT && row.first_failed_at > windowStart);
  if (all && all.failures >= BACKOFF_AFTER_FAILURES) {
    const why = 'Too many failed sign-ins for this email';
    if (all.next_attempt_at > now) throw throttled(all.next_attempt_at - now, why);
    // The slot is held as if this attempt will fail; a success deletes the row.
    const until = now + backoffSeconds(all.failures + 1);
    if (!(await repo.claimSignInAttempt(db, emailKey, ANY_CLIENT, now, until))) throw throttled(until - now, why);
  }
  const counted = await repo.countSignInFailure(db, emailKey, client, now, FAILURE_WINDOW_SECONDS);
  if (counted.failures > MAX_CLIENT_FAILURES) throw clientLocked(counted, now);
}

/** Counts a failed sign-in of the email across clients, and sets the backoff it now calls for. */
export async function recordSignInFailure(db: Executor, emailKey: string, now: number): Promise<void> {
  const row = await repo.countSignInFailure(db, emailKey, ANY_CLIENT, now, FAILURE_WINDOW_SECONDS);
  const wait = backoffSeconds(row.failures);
  if (wait > 0) await repo.setNextSignInAttempt(db, emailKey, ANY_CLIENT, now + wait);
}

/** After a success: the client's count and the email's backoff go. Other clients' locks stay. */
export function clearSignInFailures(db: Executor, emailKey: string, client: string): Promise<void> {
  return repo.deleteSignInFailures(db, emailKey, [client, ANY_CLIENT]);
}
