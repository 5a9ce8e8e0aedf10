import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    // Emails are unique without regard to case; the address as typed is kept in `email`.
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('is_newsletterable', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_last_name').on('customers').columns(['last_name', 'first_name']).execute();

  await db.schema
    .createTable('customer_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('address1', 'text', (c) => c.notNull())
    .addColumn('address2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postcode', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('state_code', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('company', 'text')
    .addColumn('references', 'text')
    .addColumn('is_primary', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_addresses_customer_id').on('customer_addresses').columns(['customer_id', 'id']).execute();
  // At most one primary address per customer, whatever runs concurrently.
  await db.schema
    .createIndex('customer_addresses_one_primary')
    .on('customer_addresses')
    .column('customer_id')
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();

  await db.schema
    .createTable('customer_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_tokens_customer_id').on('customer_tokens').column('customer_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['login_failures', 'customer_tokens', 'customer_addresses', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
