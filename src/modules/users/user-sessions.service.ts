import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { generateToken, hashToken } from '../access/tokens.js';
import { emailKey } from '../customers/emails.js';
import { checkPasswordStrength } from '../customers/password-strength.js';
import { hashPassword, verifyPassword } from '../customers/passwords.js';
import { admitSignIn, clearSignInFailures, recordSignInFailure } from '../customers/sign-in-throttle.js';
import { findStore } from '../store/stores.repo.js';
import { isOtpShaped, newRecoveryCodes, newTwoFactorSecret, otpauthUrl, otpStep, recoveryCodeHash } from './two-factor.js';
import * as repo from './users.repo.js';
import { userView, type UserView } from './users.view.js';

/** A user's sign-in lasts a working day: 12 hours (DESIGN.md §10). */
export const USER_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export type SignedIn = UserView & { token: string; expires_at: number };

const wrongCredentials = () => new Problem('unauthorized', 'The email or the password is wrong');
const wrongCode = () => new Problem('unauthorized', 'The code is wrong, expired or already used');
const codeRequired = () => Problem.invalid([{ field: 'otp', code: 'required', message: 'is required: the code from your authenticator app, or a recovery code' }]);

/** Staff sign-ins are throttled apart from customers' of the same email (sign-in-throttle.ts counts by this key). */
const throttleKey = (email: string) => `staff:${emailKey(email)}`;

async function issueToken(tx: Executor, user: UserRow, now: number): Promise<{ token: string; expires_at: number }> {
  const token = generateToken('utk');
  const expiresAt = now + USER_TOKEN_LIFETIME_SECONDS;
  await repo.insertToken(tx, { id: newId('utk'), user_id: user.id, token_hash: hashToken(token), expires_at: expiresAt, created_at: now });
  await repo.updateUser(tx, user.id, { last_sign_in_at: now });
  return { token, expires_at: expiresAt };
}

/**
 * Spends a second factor of `user` in `tx`: a code of the authenticator app, each 30-second step once,
 * or a recovery code, each once. False when it is neither.
 */
async function spendSecondFactor(tx: Executor, user: UserRow, code: string, now: number): Promise<boolean> {
  if (user.two_factor_secret === null) return false;
  if (isOtpShaped(code)) {
    const step = otpStep(user.two_factor_secret, code, now);
    return step !== null && (await repo.claimOtpStep(tx, user.id, step));
  }
  return repo.useRecoveryCode(tx, user.id, recoveryCodeHash(code), now);
}

/**
 * Signs a member of staff in: the user and a token (`utk_…`, 12 h). A wrong password, an unknown
 * email, an invitation not yet accepted and a deactivated user all get the same 401. With two-factor
 * on, a missing `otp` is 422 on `otp` and a wrong or replayed one 401. Failures are throttled as
 * customers' are (5 from one client → 429).
 * @throws Problem unauthorized; validation_failed (otp); rate_limited.
 */
export async function signIn(ctx: Ctx, input: { email: string; password: string; otp?: string }, client: string): Promise<SignedIn> {
  const key = throttleKey(input.email);
  const now = ctx.now();
  await admitSignIn(ctx.db, key, client, now);
  const user = await repo.findUserByEmail(ctx.db, emailKey(input.email));
  const matches = await verifyPassword(input.password, user?.password_hash ?? null);
  if (!user || !matches || user.is_active !== 1) {
    await recordSignInFailure(ctx.db, key, ctx.now());
    throw wrongCredentials();
  }
  if (user.is_two_factor_enabled === 1 && (input.otp === undefined || input.otp.trim() === '')) throw codeRequired();
  return ctx.db.transaction().execute(async (tx) => {
    const current = await repo.findUser(tx, user.id);
    if (!current || current.is_active !== 1) throw wrongCredentials();
    if (current.is_two_factor_enabled === 1 && !(await spendSecondFactor(tx, current, input.otp ?? '', ctx.now()))) {
      throw wrongCode();
    }
    await clearSignInFailures(tx, key, client);
    return { ...userView({ ...current, last_sign_in_at: now }), ...(await issueToken(tx, current, now)) };
  }).catch(async (error: unknown) => {
    // A wrong code counts as a failed sign-in (recorded outside the rolled-back transaction).
    if (error instanceof Problem && error.status === 401) await recordSignInFailure(ctx.db, key, ctx.now());
    throw error;
  });
}

/** Revokes the token the request was made with; every process stops accepting it. */
export async function signOut(ctx: Ctx): Promise<void> {
  const actor = ctx.actor;
  if (actor.kind !== 'admin' || actor.tokenId === undefined) throw new Problem('forbidden', 'Only a signed-in user has a token to revoke; an API key is revoked on its own page');
  await repo.deleteToken(ctx.db, actor.tokenId);
  await announceChange(ctx.db);
}

const invalidInvitation = () => Problem.invalid([{ field: 'token', code: 'invalid', message: 'is unknown, expired or already used' }]);

/**
 * Accepts an invitation: sets the user's password and signs them in. The link works once: of two
 * acceptances at once, one wins and the other is refused as used.
 * @throws Problem validation_failed on `token` (unknown, expired, used) or `password` (too weak).
 */
export async function acceptInvitation(ctx: Ctx, input: { token: string; password: string }): Promise<SignedIn> {
  const invitation = await repo.findInvitation(ctx.db, hashToken(input.token));
  const invited = invitation ? await repo.findUser(ctx.db, invitation.user_id) : undefined;
  if (!invitation || !invited || invitation.accepted_at !== null || invitation.expires_at <= ctx.now() || invited.password_hash !== null) throw invalidInvitation();
  const errors = new FieldErrors();
  await checkPasswordStrength(input.password, [invited.email, invited.name], errors);
  errors.throwIfAny();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    if (!(await repo.acceptInvitation(tx, invitation.id, now))) throw invalidInvitation();
    const user = await repo.findUser(tx, invited.id);
    if (!user || user.password_hash !== null) throw invalidInvitation();
    await repo.updateUser(tx, user.id, { password_hash: passwordHash, updated_at: now });
    const signedIn = await issueToken(tx, user, now);
    return { ...userView({ ...user, password_hash: passwordHash, last_sign_in_at: now, updated_at: now }), ...signedIn };
  });
}

/** The signed-in user's own row. @throws Problem forbidden for an API key. */
async function me(ctx: Ctx, db: Executor = ctx.db): Promise<UserRow> {
  const actor = ctx.actor;
  if (actor.kind !== 'admin' || actor.by.type !== 'user') throw new Problem('forbidden', 'An API key is not a user: sign in with an email and a password');
  const row = await repo.findUser(db, actor.by.id);
  if (!row) throw new Problem('unauthorized', 'This user no longer exists');
  return row;
}

export async function getMe(ctx: Ctx): Promise<UserView> {
  return userView(await me(ctx));
}

/**
 * Changes one's own name or password. A new password needs the current one, is held to the customers'
 * strength rules, and signs out every other token of the user.
 * @throws Problem validation_failed (current_password wrong or missing, password too weak).
 */
export async function updateMe(ctx: Ctx, input: { name?: string | null; password?: string; current_password?: string }): Promise<UserView> {
  const user = await me(ctx);
  const changes: Partial<UserRow> = { updated_at: ctx.now() };
  if (input.name !== undefined) changes.name = input.name?.trim() || null;
  if (input.password !== undefined) {
    const errors = new FieldErrors();
    if (!(await verifyPassword(input.current_password ?? '', user.password_hash))) errors.add('current_password', 'invalid', 'is not your current password');
    else await checkPasswordStrength(input.password, [user.email, user.name], errors);
    errors.throwIfAny();
    changes.password_hash = await hashPassword(input.password);
  }
  await ctx.db.transaction().execute(async (tx) => {
    await repo.updateUser(tx, user.id, changes);
    if (changes.password_hash !== undefined) {
      await repo.deleteTokensOf(tx, user.id, ctx.actor.kind === 'admin' ? ctx.actor.tokenId : undefined);
      await announceChange(tx);
    }
  });
  return userView({ ...user, ...changes });
}

/**
 * Starts setting up two-factor sign-in: a new secret, kept but not in force until a code made from it
 * is confirmed. @throws Problem invalid_state when two-factor is on already.
 */
export async function startTwoFactor(ctx: Ctx): Promise<{ object: 'two_factor_setup'; secret: string; otpauth_url: string }> {
  const user = await me(ctx);
  if (user.is_two_factor_enabled === 1) throw new Problem('invalid_state', 'Two-factor sign-in is on already; turn it off first to use another device');
  const secret = newTwoFactorSecret();
  await repo.updateUser(ctx.db, user.id, { two_factor_secret: secret, updated_at: ctx.now() });
  const store = await findStore(ctx.db);
  return { object: 'two_factor_setup', secret, otpauth_url: otpauthUrl(secret, user.email, store?.name ?? 'Storefront') };
}

/**
 * Turns two-factor sign-in on with a code made from the secret just set up, and answers ten recovery
 * codes, shown this once. @throws Problem invalid_state (not set up, or on already); validation_failed (a wrong code).
 */
export async function confirmTwoFactor(ctx: Ctx, otp: string): Promise<{ object: 'recovery_codes'; recovery_codes: string[] }> {
  return ctx.db.transaction().execute(async (tx) => {
    const user = await me(ctx, tx);
    if (user.is_two_factor_enabled === 1) throw new Problem('invalid_state', 'Two-factor sign-in is on already');
    if (user.two_factor_secret === null) throw new Problem('invalid_state', 'Set up two-factor sign-in first (POST /v1/users/me/two_factor)');
    const step = isOtpShaped(otp) ? otpStep(user.two_factor_secret, otp, ctx.now()) : null;
    if (step === null || !(await repo.claimOtpStep(tx, user.id, step))) {
      throw Problem.invalid([{ field: 'otp', code: 'invalid', message: 'is not the current code of your authenticator app' }]);
    }
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, user.id, codes.map((code) => ({ id: newId('urc'), user_id: user.id, code_hash: recoveryCodeHash(code), used_at: null })));
    await repo.updateUser(tx, user.id, { is_two_factor_enabled: 1, updated_at: ctx.now() });
    await announceChange(tx);
    return { object: 'recovery_codes' as const, recovery_codes: codes };
  });
}

/**
 * Turns two-factor sign-in off, with a current code or a recovery code.
 * @throws Problem invalid_state (off already, or required by the store); validation_failed (a wrong code).
 */
export async function disableTwoFactor(ctx: Ctx, otp: string): Promise<UserView> {
  return ctx.db.transaction().execute(async (tx) => {
    const user = await me(ctx, tx);
    if (user.is_two_factor_enabled !== 1) throw new Problem('invalid_state', 'Two-factor sign-in is off already');
    if ((await findStore(tx))?.is_staff_two_factor_required === 1) throw new Problem('invalid_state', 'This store requires two-factor sign-in of every user');
    if (!(await spendSecondFactor(tx, user, otp, ctx.now()))) throw Problem.invalid([{ field: 'otp', code: 'invalid', message: 'is not a current code nor an unused recovery code' }]);
    const changes = { is_two_factor_enabled: 0 as const, two_factor_secret: null, updated_at: ctx.now() };
    await repo.updateUser(tx, user.id, changes);
    await repo.replaceRecoveryCodes(tx, user.id, []);
    await announceChange(tx);
    return userView({ ...user, ...changes });
  });
}
