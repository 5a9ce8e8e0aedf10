import type { Kysely } from 'kysely';

// Password resets by email (issue "Customer notifications", point 5).
// - password_resets: single-use link tokens, stored as their SHA-256, for the email they were mailed
//   to (a token proves nothing once the customer's email changed).
// - password_reset_requests: requests counted per (email, client) and per email across clients
//   (client ''), whether or not the email belongs to a customer, so that the limits tell nothing
//   about who has an account.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_customer_id').on('password_resets').column('customer_id').execute();

  await db.schema
    .createTable('password_reset_requests')
    .addColumn('email_key', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('first_requested_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('password_reset_requests_pkey', ['email_key', 'client'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_reset_requests').execute();
  await db.schema.dropTable('password_resets').execute();
}
