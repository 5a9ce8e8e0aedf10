import type { DatabaseKind, Executor } from '../../db/database.js';
import type { UserInvitationRow, UserRecoveryCodeRow, UserRow, UserTokenRow } from '../../db/types.js';

export function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, emailKey: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export async function insertUser(db: Executor, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(db: Executor, id: string, changes: Partial<Omit<UserRow, 'id'>>): Promise<boolean> {
  const result = await db.updateTable('users').set(changes).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteUser(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export function listUsers(db: Executor, offset: number, limit: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The active owners, locked on PostgreSQL: two owners demoting each other at once must not both see
 * "another one is left" (SQLite runs one write transaction at a time anyway).
 */
export async function activeOwnerIds(db: Executor, dbKind: DatabaseKind): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'owner').where('is_active', '=', 1);
  if (dbKind === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export function findToken(db: Executor, tokenHash: string): Promise<UserTokenRow | undefined> {
  return db.selectFrom('user_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function insertToken(db: Executor, row: UserTokenRow): Promise<void> {
  await db.insertInto('user_tokens').values(row).execute();
}

export async function deleteToken(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('id', '=', id).execute();
}

/** Signs a user out everywhere, but for the token `keep` when given (the one changing the password). */
export async function deleteTokensOf(db: Executor, userId: string, keep?: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).$if(keep !== undefined, (q) => q.where('id', '!=', keep!)).execute();
}

export async function insertInvitation(db: Executor, row: UserInvitationRow): Promise<void> {
  await db.insertInto('user_invitations').values(row).execute();
}

export function findInvitation(db: Executor, tokenHash: string): Promise<UserInvitationRow | undefined> {
  return db.selectFrom('user_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks an invitation used, unless another request used it first: true when this one did. */
export async function acceptInvitation(db: Executor, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('user_invitations').set({ accepted_at: now }).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, rows: UserRecoveryCodeRow[]): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  if (rows.length > 0) await db.insertInto('user_recovery_codes').values(rows).execute();
}

/** Uses a recovery code once: true when this call used it. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string, now: number): Promise<boolean> {
  const result = await db.updateTable('user_recovery_codes').set({ used_at: now })
    .where('user_id', '=', userId).where('code_hash', '=', codeHash).where('used_at', 'is', null).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Accepts a code's time step once: true when no code of this step or a later one was accepted before. */
export async function claimOtpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db.updateTable('users').set({ last_otp_step: step })
    .where('id', '=', userId).where((eb) => eb.or([eb('last_otp_step', 'is', null), eb('last_otp_step', '<', step)])).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
