import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import { countSignInFailure, uncountSignInFailure } from '../customers/customers.repo.js';
import { FAILURE_WINDOW_SECONDS } from '../customers/sign-in-throttle.js';
import { normalizeGiftCardCode } from './gift-card-codes.js';
import { findGiftCardByCode } from './gift-cards.repo.js';

/** Codes a client may check and miss within the window; the next check is refused until it ends. */
export const MAX_BALANCE_MISSES = 10;

// Counted as sign-in failures are (customers/sign-in-throttle.ts), in their table, under a key no
// mailbox has (mailbox keys hold an `@`): one row per client, a window that starts at its first miss.
const BALANCE_KEY = 'gift_card_balance';

/**
 * Admits one balance check from `client`, or refuses it: past MAX_BALANCE_MISSES codes that named
 * no card within the window, a client waits for the window to end, so codes cannot be guessed by
 * the thousand. The check is counted before the code is looked up, so concurrent guesses cannot all
 * pass; forgiveBalanceCheck takes it back when the code named a card.
 * @throws Problem rate_limited (429 with Retry-After).
 */
export async function admitBalanceCheck(db: Executor, client: string, now: number): Promise<void> {
  const counted = await countSignInFailure(db, BALANCE_KEY, client, now, FAILURE_WINDOW_SECONDS);
  if (counted.failures > MAX_BALANCE_MISSES) {
    const wait = Math.max(1, counted.first_failed_at + FAILURE_WINDOW_SECONDS - now);
    throw new Problem('rate_limited', `Too many gift card codes checked that name no card; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
  }
}

/** A check whose code named a card is no miss: a buyer checking their own card is never held back. */
export function forgiveBalanceCheck(db: Executor, client: string): Promise<void> {
  return uncountSignInFailure(db, BALANCE_KEY, client);
}

/**
 * Admits the codes a storefront enters at checkout as so many balance checks: a checkout's answer
 * tells a code of a card from one of none, so it must not be a way around the balance page's limit.
 * Counted outside the checkout's transaction, so the 422 that refuses a code keeps its miss.
 * @throws Problem rate_limited.
 */
export async function admitGiftCardCodes(db: Executor, client: string, codes: readonly string[], now: number): Promise<void> {
  for (const code of new Set(codes.map(normalizeGiftCardCode))) {
    await admitBalanceCheck(db, client, now);
    if (await findGiftCardByCode(db, code)) await forgiveBalanceCheck(db, client);
  }
}
