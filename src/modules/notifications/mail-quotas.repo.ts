import type { Executor } from '../../db/database.js';

/**
 * Answers the sends recorded for a mailbox's budget (Unix seconds, oldest first), making its row when
 * missing, and holds the row until the transaction ends: the upsert locks it on PostgreSQL (a
 * concurrent one waits, then reads what this transaction saved), and SQLite runs one writer at a time.
 */
export async function lockMailQuota(db: Executor, recipientKey: string, budget: string): Promise<number[]> {
  const row = await db
    .insertInto('mail_quotas')
    .values({ recipient_key: recipientKey, budget, sent_at: '[]', last_sent_at: 0 })
    .onConflict((oc) => oc.columns(['recipient_key', 'budget']).doUpdateSet((eb) => ({ sent_at: eb.ref('mail_quotas.sent_at') })))
    .returning('sent_at')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.sent_at) as number[];
}

export async function saveMailQuota(db: Executor, recipientKey: string, budget: string, sentAt: number[]): Promise<void> {
  await db.updateTable('mail_quotas')
    .set({ sent_at: JSON.stringify(sentAt), last_sent_at: sentAt.at(-1) ?? 0 })
    .where('recipient_key', '=', recipientKey)
    .where('budget', '=', budget)
    .execute();
}

/** Deletes the budgets whose last send was before `before`: they count nothing any more. Answers how many. */
export async function forgetMailQuotasBefore(db: Executor, before: number): Promise<number> {
  const result = await db.deleteFrom('mail_quotas').where('last_sent_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
