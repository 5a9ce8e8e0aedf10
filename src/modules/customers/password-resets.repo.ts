import type { Executor } from '../../db/database.js';
import type { PasswordResetRequestRow, PasswordResetRow } from '../../db/types.js';

export async function insertPasswordReset(db: Executor, row: PasswordResetRow): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export function findPasswordReset(db: Executor, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Deletes the reset and answers it: of two concurrent redemptions, only one gets the row. */
export function takePasswordReset(db: Executor, tokenHash: string): Promise<PasswordResetRow | undefined> {
  return db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).returningAll().executeTakeFirst();
}

/** Deletes a customer's password resets: all of them, or those expired by `now`. */
export async function deletePasswordResets(db: Executor, customerId: string, expiredBy?: number): Promise<void> {
  let query = db.deleteFrom('password_resets').where('customer_id', '=', customerId);
  if (expiredBy !== undefined) query = query.where('expires_at', '<=', expiredBy);
  await query.execute();
}

/**
 * Counts one more reset request of an email from `client`, starting a new window when the last one
 * is over, and answers the row after it. One atomic upsert, so concurrent requests each get their own
 * number.
 */
export function countPasswordResetRequest(db: Executor, emailKey: string, client: string, now: number, windowSeconds: number): Promise<PasswordResetRequestRow> {
  const windowStart = now - windowSeconds;
  return db
    .insertInto('password_reset_requests')
    .values({ email_key: emailKey, client, requests: 1, first_requested_at: now })
    .onConflict((oc) =>
      oc.columns(['email_key', 'client']).doUpdateSet((eb) => ({
        requests: eb.case().when('password_reset_requests.first_requested_at', '<=', windowStart).then(1).else(eb('password_reset_requests.requests', '+', 1)).end(),
        first_requested_at: eb.case().when('password_reset_requests.first_requested_at', '<=', windowStart).then(now).else(eb.ref('password_reset_requests.first_requested_at')).end(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
