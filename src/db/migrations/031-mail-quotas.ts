import type { Kysely } from 'kysely';
import { mailboxKey } from '../../modules/customers/emails.js';

// Limits an address alias cannot dodge (issue "Trust", items 3 and 5).
// - mail_quotas: the mails of one budget (account mail, unpaid order confirmations, abandoned checkout
//   reminders) sent to one mailbox in the budget's window, for the per-recipient caps of
//   notifications/mail-caps.ts. One row per mailbox and budget, locked while a send is decided, so
//   concurrent requests in any number of processes never pass a cap.
// - discount_redemptions.email_key becomes the buyer's mailbox (emails.ts mailboxKey: NFKC, `+tag`,
//   gmail dots, the domain's trailing dot), so that a per-customer limit counts every alias of an
//   address; the uses already made are keyed by it here. Undoing leaves them so: a mailbox key still
//   matches the plain address it names.
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_quotas')
    .addColumn('recipient_key', 'text', (c) => c.notNull())
    .addColumn('budget', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_quotas_pkey', ['recipient_key', 'budget'])
    .execute();
  // The sweep forgets the rows whose every send has left its window (mail-quotas.repo.ts).
  await db.schema.createIndex('mail_quotas_last_sent_at').on('mail_quotas').column('last_sent_at').execute();
  await rekeyRedemptions(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_quotas').execute();
}

/** Sets each redemption's `email_key` to its mailbox key where it differs, BATCH rows at a time in id order. */
async function rekeyRedemptions(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; email_key: string }> = await db
      .selectFrom('discount_redemptions')
      .select(['id', 'email_key'])
      .where('email_key', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const wanted = mailboxKey(row.email_key);
      if (wanted !== row.email_key) await db.updateTable('discount_redemptions').set({ email_key: wanted }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
