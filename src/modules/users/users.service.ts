import type { Config } from '../../config.js';
import { announceChange } from '../../db/change-feed.js';
import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/types.js';
import { staffOf, type Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import type { Role } from '../access/roles.js';
import { generateToken, hashToken } from '../access/tokens.js';
import { checkEmail, emailKey } from '../customers/emails.js';
import { shopLink } from '../notifications/links.js';
import { takeMailSlot } from '../notifications/mail-caps.js';
import { queueNotification } from '../notifications/queue.js';
import { findStore, updateStore } from '../store/stores.repo.js';
import * as repo from './users.repo.js';
import { userView, type UserView } from './users.view.js';

/** How long an invitation link works: a week, as Shopify's staff invitations do. */
export const INVITATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export async function listUsers(ctx: Ctx, page: PageRequest, url: string): Promise<Page<UserView>> {
  const [rows, total] = await Promise.all([repo.listUsers(ctx.db, offsetOf(page), page.perPage), repo.countUsers(ctx.db)]);
  return toPage(rows.map(userView), page, total, url);
}

export async function getUser(ctx: Ctx, id: string): Promise<UserView> {
  return userView(await existingUser(ctx.db, id));
}

async function existingUser(db: Executor, id: string): Promise<UserRow> {
  const row = await repo.findUser(db, id);
  if (!row) throw Problem.notFound('user', id);
  return row;
}

const emailTaken = () => Problem.invalid([{ field: 'email', code: 'taken', message: 'belongs to another user' }]);

/** A new user row, with no password until an invitation is accepted or the CLI sets one. */
export function newUserRow(input: { email: string; name?: string | null; role: Role }, now: number): UserRow {
  return {
    id: newId('usr'),
    email: input.email.trim(),
    email_key: emailKey(input.email),
    name: input.name?.trim() || null,
    role: input.role,
    is_active: 1,
    password_hash: null,
    two_factor_secret: null,
    is_two_factor_enabled: 0,
    last_otp_step: null,
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Makes a one-time invitation link (`uin_…`, a week) for a user in `tx`: the token is stored only as
 * its hash; the link is `<public url>/admin/accept-invitation?token=…`.
 */
export async function makeInvitation(tx: Executor, user: UserRow, links: Pick<Config, 'publicUrl'>, now: number): Promise<{ url: string; expiresAt: number }> {
  const token = generateToken('uin');
  const expiresAt = now + INVITATION_LIFETIME_SECONDS;
  await repo.insertInvitation(tx, { id: newId('uin'), user_id: user.id, token_hash: hashToken(token), expires_at: expiresAt, accepted_at: null, created_at: now });
  return { url: shopLink({ shopUrl: links.publicUrl }, '/admin/accept-invitation', { token }), expiresAt };
}

/**
 * Invites a member of staff: the user (no password yet) and a `staff_invitation` mail carrying a
 * one-time link, in one transaction. The mailbox's account mail cap (3 an hour) applies: past it, 429.
 * @throws Problem validation_failed (an invalid or taken email); rate_limited.
 */
export async function inviteUser(ctx: Ctx, links: Pick<Config, 'publicUrl'>, input: { email: string; name?: string | null; role: Role }): Promise<UserView> {
  const errors = new FieldErrors();
  checkEmail(input.email, 'email', errors);
  errors.throwIfAny();
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    if (await repo.findUserByEmail(tx, emailKey(input.email))) throw emailTaken();
    const row = newUserRow(input, now);
    await repo.insertUser(tx, row);
    await mailInvitation(tx, row, links, staffOf(ctx)?.name ?? null, now);
    return userView(row);
  });
}

async function mailInvitation(tx: Executor, user: UserRow, links: Pick<Config, 'publicUrl'>, inviter: string | null, now: number): Promise<void> {
  const wait = await takeMailSlot(tx, 'staff_invitation', user.email, now);
  if (wait > 0) throw new Problem('rate_limited', `Three account mails an hour reach one mailbox; retry in ${wait} s`, { headers: { 'retry-after': String(wait) } });
  const invitation = await makeInvitation(tx, user, links, now);
  await queueNotification(tx, now, {
    kind: 'staff_invitation',
    to: user.email,
    data: { user: { email: user.email, name: user.name, role: user.role }, inviter: { name: inviter }, invitation_url: invitation.url, expires_at: invitation.expiresAt },
  });
}

/**
 * Mails a user who has not accepted yet a new invitation link (earlier links keep working until they expire).
 * @throws Problem not_found; invalid_state once the invitation was accepted; rate_limited.
 */
export async function resendInvitation(ctx: Ctx, links: Pick<Config, 'publicUrl'>, id: string): Promise<UserView> {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await existingUser(tx, id);
    if (row.password_hash !== null) throw new Problem('invalid_state', 'This user has accepted their invitation already');
    await mailInvitation(tx, row, links, staffOf(ctx)?.name ?? null, ctx.now());
    return userView(row);
  });
}

/** Refuses a change that would leave the store with no active owner to manage its team. */
async function keepAnOwner(tx: Executor, ctx: Ctx, user: UserRow): Promise<void> {
  const owners = await repo.activeOwnerIds(tx, ctx.dbKind);
  if (owners.length === 1 && owners[0] === user.id) {
    throw new Problem('invalid_state', 'The last active owner cannot be removed, deactivated or given another role; make another owner first');
  }
}

/**
 * Changes a user's email, name, role or whether they may sign in. Nobody changes their own role. A
 * deactivated user's tokens stop at once (deleted, and the change announced to every process).
 * @throws Problem not_found; forbidden (one's own role); invalid_state (the last active owner).
 */
export async function updateUser(ctx: Ctx, id: string, input: { email?: string; name?: string | null; role?: Role; is_active?: boolean }): Promise<UserView> {
  const errors = new FieldErrors();
  if (input.email !== undefined) checkEmail(input.email, 'email', errors);
  errors.throwIfAny();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const user = await existingUser(tx, id);
    if (input.email !== undefined) {
      const holder = await repo.findUserByEmail(tx, emailKey(input.email));
      if (holder && holder.id !== id) throw emailTaken();
    }
    const roleChanges = input.role !== undefined && input.role !== user.role;
    if (roleChanges && staffOf(ctx)?.id === id) throw new Problem('forbidden', 'Nobody may change their own role; ask another owner');
    const deactivates = input.is_active === false && user.is_active === 1;
    if ((roleChanges && user.role === 'owner') || (deactivates && user.role === 'owner')) await keepAnOwner(tx, ctx, user);
    const changes: Partial<UserRow> = { updated_at: ctx.now() };
    if (input.name !== undefined) changes.name = input.name?.trim() || null;
    if (input.email !== undefined) Object.assign(changes, { email: input.email.trim(), email_key: emailKey(input.email) });
    if (input.role !== undefined) changes.role = input.role;
    if (input.is_active !== undefined) changes.is_active = input.is_active ? 1 : 0;
    await repo.updateUser(tx, id, changes);
    if (deactivates) await repo.deleteTokensOf(tx, id);
    // Tokens are kept in memory with their user's role and state: every process must read them again.
    await announceChange(tx);
    return { ...user, ...changes };
  });
  return userView(row);
}

/**
 * Removes a user: their tokens stop at once. What they did keeps their id and name (audit log, comments).
 * @throws Problem not_found; invalid_state (the last active owner).
 */
export async function deleteUser(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const user = await existingUser(tx, id);
    if (user.role === 'owner' && user.is_active === 1) await keepAnOwner(tx, ctx, user);
    await repo.deleteUser(tx, id);
    await announceChange(tx);
  });
}

export interface UserPolicyView {
  object: 'user_policy';
  is_two_factor_required: boolean;
}

export async function getPolicy(ctx: Ctx): Promise<UserPolicyView> {
  const store = await findStore(ctx.db);
  return { object: 'user_policy', is_two_factor_required: store?.is_staff_two_factor_required === 1 };
}

/** Requires two-factor sign-in of every user, or stops requiring it; tokens are read again everywhere. */
export async function setPolicy(ctx: Ctx, input: { is_two_factor_required: boolean }): Promise<UserPolicyView> {
  await ctx.db.transaction().execute(async (tx) => {
    const store = await findStore(tx);
    if (store) await updateStore(tx, store.id, { is_staff_two_factor_required: input.is_two_factor_required ? 1 : 0, updated_at: ctx.now() });
    await announceChange(tx);
  });
  return getPolicy(ctx);
}

