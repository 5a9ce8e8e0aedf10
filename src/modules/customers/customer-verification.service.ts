import type { Ctx } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { generateToken, hashToken } from '../access/tokens.js';
import { recordEvent } from '../events/record-event.js';
import { admitAccountMail } from '../notifications/mail-caps.js';
import { isKindEnabled, queueNotification } from '../notifications/queue.js';
import { shopLink } from '../notifications/links.js';
import { joinGuestOrders } from '../orders/orders.service.js';
import type { Config } from '../../config.js';
import { findVisibleCustomer } from './customer-access.js';
import * as repo from './customers.repo.js';
import { customerView, type CustomerView } from './customers.view.js';

/** How long a verification token may be redeemed: two days, so a message read the next evening still works. */
export const VERIFICATION_LIFETIME_SECONDS = 48 * 60 * 60;

/**
 * Mails the customer a link proving its current email: an `email_verification` notification, queued
 * in the same transaction as its token (`cvt_…`, 192 random bits, stored only as its SHA-256, single
 * use, valid VERIFICATION_LIFETIME_SECONDS). The token goes only into the mail: whoever asks (staff,
 * or the customer itself) never sees it, so redeeming it proves the mailbox. Earlier unexpired tokens
 * stay valid. The mail takes a slot of the address's account mail cap (mail-caps.ts: 3 an hour per
 * mailbox, whoever asks). Answers the address the mail goes to and when the link expires.
 * @throws Problem not_found (another customer than the signed-in one: 404 too); invalid_state when
 * the store switched email verification mails off; rate_limited past the address's cap.
 */
export async function sendVerification(ctx: Ctx, links: Pick<Config, 'shopUrl'>, customerId: string): Promise<{ email: string; expires_at: number }> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const customer = await findVisibleCustomer(ctx, tx, customerId);
    if (!(await isKindEnabled(tx, 'email_verification'))) throw verificationSwitchedOff();
    await admitAccountMail(tx, 'email_verification', customer.email, now);
    await repo.deleteVerifications(tx, customerId, now);
    const token = generateToken('cvt');
    const expiresAt = now + VERIFICATION_LIFETIME_SECONDS;
    await repo.insertVerification(tx, {
      token_hash: hashToken(token),
      customer_id: customerId,
      email_key: customer.email_key,
      expires_at: expiresAt,
      created_at: now,
    });
    const queued = await queueNotification(tx, now, {
      kind: 'email_verification',
      to: customer.email,
      customer_id: customer.id,
      data: { verify_url: shopLink(links, '/account/verify', { token }), expires_at: expiresAt },
    });
    // Switched off in between: the token made would be in no mail.
    if (queued === undefined) throw verificationSwitchedOff();
    return { email: customer.email, expires_at: expiresAt };
  });
}

function verificationSwitchedOff(): Problem {
  return new Problem('invalid_state', 'Email verification mails are switched off for this store: switch the email_verification template on first');
}

const invalidToken = () => Problem.invalid([{ field: 'token', code: 'invalid', message: 'is unknown, expired or already used' }]);

/**
 * Redeems a verification token, in one transaction: the customer becomes `is_verified`, the guest
 * orders placed with its email (no customer, same email key) join it, and `customer.updated` is
 * recorded. The token is used up. A token issued for an email the customer has since left proves
 * nothing.
 * @throws Problem validation_failed on `token` (unknown, expired, used or outdated).
 */
export async function redeemVerification(ctx: Ctx, token: string): Promise<CustomerView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const taken = await repo.takeVerification(tx, hashToken(token));
    const customer = taken ? await repo.findCustomer(tx, taken.customer_id) : undefined;
    if (!taken || !customer || taken.expires_at <= now || taken.email_key !== customer.email_key) throw invalidToken();
    const changes = { is_verified: 1 as const, updated_at: now };
    await repo.updateCustomer(tx, customer.id, changes);
    await joinGuestOrders(tx, customer.id, customer.email_key, now);
    const view = await customerView(tx, { ...customer, ...changes });
    await recordEvent(tx, now, 'customer.updated', view);
    return view;
  });
}
