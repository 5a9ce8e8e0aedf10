import type { Ctx } from '../../lib/context.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { generateToken, hashToken } from '../access/tokens.js';
import { recordEvent } from '../events/record-event.js';
import { takeMailSlot } from '../notifications/mail-caps.js';
import { isKindEnabled, queueNotification } from '../notifications/queue.js';
import { shopLink } from '../notifications/links.js';
import type { Config } from '../../config.js';
import * as repo from './customers.repo.js';
import { customerView, type CustomerView } from './customers.view.js';
import { emailKey } from './emails.js';
import { checkPasswordStrength } from './password-strength.js';
import { admitPasswordReset } from './password-reset-throttle.js';
import * as resets from './password-resets.repo.js';
import { hashPassword } from './passwords.js';

/** How long a reset link works: one hour, as a link sitting in a mailbox is a key to the account. */
export const RESET_LIFETIME_SECONDS = 60 * 60;

/**
 * Mails a password reset link to the customer with this email, if there is one and it is active:
 * a single-use token (`cpr_…`, 192 random bits, stored only as its SHA-256) valid
 * RESET_LIFETIME_SECONDS, queued as a `password_reset` notification in the same transaction.
 * Answers nothing either way, after the same reads and the same throttle writes, so the caller cannot
 * tell whether the email has an account. Past the address's account mail cap (mail-caps.ts: 3 an
 * hour per mailbox, whoever asks) nothing is mailed, without a word: a 429 would tell that the email
 * has an account. Earlier unexpired links stay valid until one is used.
 * @throws Problem rate_limited (password-reset-throttle.ts).
 */
export async function requestPasswordReset(ctx: Ctx, links: Pick<Config, 'shopUrl'>, email: string, client: string): Promise<void> {
  const key = emailKey(email);
  await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await admitPasswordReset(tx, key, client, now);
    const customer = await repo.findCustomerByEmail(tx, key);
    if (!customer || customer.is_active !== 1) return;
    // With the mail switched off no link could reach the customer: make none.
    if (!(await isKindEnabled(tx, 'password_reset'))) return;
    if ((await takeMailSlot(tx, 'password_reset', customer.email, now)) > 0) return;
    await resets.deletePasswordResets(tx, customer.id, now);
    const token = generateToken('cpr');
    const expiresAt = now + RESET_LIFETIME_SECONDS;
    await resets.insertPasswordReset(tx, { token_hash: hashToken(token), customer_id: customer.id, email_key: key, expires_at: expiresAt, created_at: now });
    await queueNotification(tx, now, {
      kind: 'password_reset',
      to: customer.email,
      customer_id: customer.id,
      data: { reset_url: shopLink(links, '/account/reset', { token }), expires_at: expiresAt },
    });
  });
}

const invalidToken = () => Problem.invalid([{ field: 'token', code: 'invalid', message: 'is unknown, expired or already used' }]);

/**
 * Sets a customer's password with a reset token, in one transaction: the token and every other
 * reset link of the customer are used up, every customer token (session) is revoked, the failed
 * sign-ins counted for its email are forgotten, and `customer.updated` is recorded. A weak password is refused before the token is touched, so the
 * customer can try another with the same link. The caller drops its credential cache afterwards.
 * @throws Problem validation_failed on `token` (unknown, expired, used, or for an email the customer
 * has left) or `password` (too weak).
 */
export async function resetPassword(ctx: Ctx, input: { token: string; password: string }): Promise<CustomerView> {
  const tokenHash = hashToken(input.token);
  const found = await resets.findPasswordReset(ctx.db, tokenHash);
  const owner = found ? await repo.findCustomer(ctx.db, found.customer_id) : undefined;
  if (!found || !owner || !isRedeemable(found, owner, ctx.now())) throw invalidToken();
  const errors = new FieldErrors();
  await checkPasswordStrength(input.password, [owner.email, owner.first_name, owner.last_name], errors);
  errors.throwIfAny();
  const passwordHash = await hashPassword(input.password);

  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    // Taken again under the transaction: of two redemptions of one link, only one sets a password.
    const taken = await resets.takePasswordReset(tx, tokenHash);
    const customer = taken ? await repo.findCustomer(tx, taken.customer_id) : undefined;
    if (!taken || !customer || !isRedeemable(taken, customer, now)) throw invalidToken();
    const changes = { password_hash: passwordHash, updated_at: now };
    await repo.updateCustomer(tx, customer.id, changes);
    await resets.deletePasswordResets(tx, customer.id);
    await repo.deleteTokensOfCustomer(tx, customer.id);
    // Guesses at the old password say nothing about the new one: the owner, who proved the mailbox,
    // signs in at once, from the client that failed before too.
    await repo.deleteSignInFailures(tx, customer.email_key);
    const view = await customerView(tx, { ...customer, ...changes });
    await recordEvent(tx, now, 'customer.updated', view);
    return view;
  });
}

function isRedeemable(reset: { expires_at: number; email_key: string }, customer: { email_key: string; is_active: number }, now: number): boolean {
  return reset.expires_at > now && reset.email_key === customer.email_key && customer.is_active === 1;
}
