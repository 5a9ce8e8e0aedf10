import { sql, type Kysely } from 'kysely';
import { emailKey } from '../../modules/customers/emails.js';

/** Rows read per step of a re-keying pass. */
const BATCH = 2000;

// Verified customer emails, guest orders joined by proof, per-client sign-in failures (issue Security).
// - customers.is_verified: the customer proved it owns its email (POST /v1/customers/verify).
// - orders.email_key: the order's email by the customers' key rule, so guest orders (customer_id
//   null) are found by the email an account verifies; indexed for those orders only.
// - orders.customer_is_newsletterable: the consent the buyer sent with the checkout, shown back to
//   an anonymous buyer instead of a stored customer's.
// - customer_verifications: single-use tokens, stored as their SHA-256, for the email they were
//   issued for.
// - sign_in_failures replaces login_failures: failures counted per (email, client), and per email
//   across clients under client '' (with the time the next attempt may come).
// - email keys become NFC before lowercasing (emails.ts); SQL cannot normalise, so existing keys are
//   recomputed here in JS, batch by batch.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customers').addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('orders').addColumn('customer_is_newsletterable', 'integer').execute();
  await db.schema
    .createIndex('orders_guest_email_key')
    .on('orders')
    .column('email_key')
    .where(sql.ref('customer_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('customer_verifications')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_verifications_customer_id').on('customer_verifications').column('customer_id').execute();

  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sign_in_failures_pkey', ['email_key', 'client'])
    .execute();

  await keyOrderEmails(db);
  await rekeyCustomerEmails(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rekey(db, 'customers', (email) => email.trim().toLowerCase());
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('customer_verifications').execute();
  await db.schema.dropIndex('orders_guest_email_key').execute();
  await db.schema.alterTable('orders').dropColumn('customer_is_newsletterable').execute();
  await db.schema.alterTable('orders').dropColumn('email_key').execute();
  await db.schema.alterTable('customers').dropColumn('is_verified').execute();
}

/** Gives every order with an email its key (emails.ts). */
export async function keyOrderEmails(db: Kysely<any>): Promise<void> {
  // Most emails are ASCII, for which SQL's lower(trim()) is the rule: one statement, then JS fixes the rest.
  await db.updateTable('orders').set({ email_key: sql`lower(trim(email))` }).where('email', 'is not', null).execute();
  await rekey(db, 'orders', emailKey);
}

/**
 * Recomputes every customer's email key by today's rule (emails.ts). Two customers whose keys the
 * new rule makes equal (`café@` typed both ways, signed up before the rule) cannot share the unique
 * key: the later one keeps its old key, so no account is lost or merged (staff can change its email).
 */
export function rekeyCustomerEmails(db: Kysely<any>): Promise<void> {
  return rekey(db, 'customers', emailKey);
}

/** Sets `email_key` to `key(email)` where it differs, `BATCH` rows at a time in id order. */
async function rekey(db: Kysely<any>, table: 'customers' | 'orders', key: (email: string) => string): Promise<void> {
  let after = '';
  for (;;) {
    const rows: Array<{ id: string; email: string; email_key: string | null }> = await db
      .selectFrom(table)
      .select(['id', 'email', 'email_key'])
      .where('email', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const wanted = key(row.email);
      if (wanted === row.email_key) continue;
      if (table === 'customers') {
        const holder = await db.selectFrom('customers').select('id').where('email_key', '=', wanted).executeTakeFirst();
        if (holder) continue;
      }
      await db.updateTable(table).set({ email_key: wanted }).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
