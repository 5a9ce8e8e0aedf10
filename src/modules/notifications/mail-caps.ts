import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import { mailboxKey } from '../customers/emails.js';
import { forgetMailQuotasBefore, lockMailQuota, saveMailQuota } from './mail-quotas.repo.js';

const HOUR = 60 * 60;

/** At most `max` mails of one budget to one mailbox in any `windowSeconds` (a rolling window). */
export interface MailCap {
  budget: string;
  max: number;
  windowSeconds: number;
}

/**
 * Account mail shares one budget, as DESIGN §10 counts it per recipient: a flood of one kind cannot
 * be topped up with another. The owner's own reset can be crowded out for an hour, as it could by
 * reset requests alone: any cap per recipient lets strangers spend it.
 */
const ACCOUNT_MAIL: MailCap = { budget: 'account', max: 3, windowSeconds: HOUR };

/** The mails anyone can make the shop send to an address they name, and their caps. A staff invitation counts as account mail. */
export const mailCaps = {
  email_verification: ACCOUNT_MAIL,
  password_reset: ACCOUNT_MAIL,
  staff_invitation: ACCOUNT_MAIL,
  /** The confirmation of an order placed unpaid (an offline method): it costs its placer nothing. */
  unpaid_order_confirmation: { budget: 'unpaid_order_confirmation', max: 3, windowSeconds: HOUR },
  /** An abandoned checkout reminder: one a day per mailbox, however many checkouts name it. */
  abandoned_checkout: { budget: 'abandoned_checkout', max: 1, windowSeconds: 24 * HOUR },
} as const satisfies Record<string, MailCap>;
export type CappedMail = keyof typeof mailCaps;

export type SlotDecision = { admitted: true; sentAt: number[] } | { admitted: false; waitSeconds: number };

/**
 * Whether one more mail may go at `now` after the sends recorded: if so, the sends to record (those
 * still in the window, and now); if not, the seconds until the oldest counted leaves the window.
 */
export function decideSlot(recorded: readonly number[], now: number, cap: MailCap): SlotDecision {
  // Sorted: processes' clocks may disagree by a little.
  const recent = recorded.filter((at) => at > now - cap.windowSeconds).sort((a, b) => a - b);
  if (recent.length < cap.max) return { admitted: true, sentAt: [...recent, now] };
  return { admitted: false, waitSeconds: Math.max(1, recent[recent.length - cap.max]! + cap.windowSeconds - now) };
}

/**
 * Takes a slot for one mail of `kind` to `recipient`, counted by mailboxKey so aliases of an address
 * share it, in the caller's transaction (which holds the mailbox's budget until it ends, so concurrent
 * requests in any process count one after the other, and a rollback gives the slot back). Answers 0
 * when the mail may go, else the seconds until a slot frees (and takes nothing).
 */
export async function takeMailSlot(db: Executor, kind: CappedMail, recipient: string, now: number): Promise<number> {
  const cap = mailCaps[kind];
  const key = mailboxKey(recipient);
  const decision = decideSlot(await lockMailQuota(db, key, cap.budget), now, cap);
  if (!decision.admitted) return decision.waitSeconds;
  await saveMailQuota(db, key, cap.budget, decision.sentAt);
  return 0;
}

/**
 * Takes a slot for an account mail to `recipient` (takeMailSlot), or refuses the request.
 * @throws Problem rate_limited (429 with Retry-After) past the mailbox's cap.
 */
export async function admitAccountMail(db: Executor, kind: 'email_verification' | 'password_reset', recipient: string, now: number): Promise<void> {
  const wait = await takeMailSlot(db, kind, recipient, now);
  if (wait > 0) {
    const { max } = mailCaps[kind];
    throw new Problem('rate_limited', `This address was sent ${max} account mails within the hour; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
  }
}

/** The longest window of any cap: a budget untouched for longer holds no send that still counts. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(mailCaps).map((cap) => cap.windowSeconds));

/** Forgets the budgets of mailboxes sent nothing within any cap's window; answers how many. */
export function forgetSpentMailQuotas(db: Executor, now: number): Promise<number> {
  return forgetMailQuotasBefore(db, now - LONGEST_WINDOW_SECONDS);
}
