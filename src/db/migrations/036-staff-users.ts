import type { Kysely } from 'kysely';

// Staff users (issue 37): people who sign in to the dashboard with their own email, password and, when
// they set it up, a second factor; their sign-in tokens, the invitations that make them, and the
// recovery codes of their second factor. API keys gain a role (null: the role their kind implies).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    // The email as compared (emails.ts emailKey): one user per mailbox.
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('password_hash', 'text')
    .addColumn('two_factor_secret', 'text')
    .addColumn('is_two_factor_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // The last 30-second step a code was accepted for: a code is good once.
    .addColumn('last_otp_step', 'bigint')
    .addColumn('last_sign_in_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_tokens_user').on('user_tokens').column('user_id').execute();
  await db.schema
    .createTable('user_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_invitations_user').on('user_invitations').column('user_id').execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').column('user_id').execute();
  await db.schema.alterTable('api_keys').addColumn('role', 'text').execute();
  await db.schema.alterTable('stores').addColumn('is_staff_two_factor_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stores').dropColumn('is_staff_two_factor_required').execute();
  await db.schema.alterTable('api_keys').dropColumn('role').execute();
  await db.schema.dropTable('user_recovery_codes').execute();
  await db.schema.dropTable('user_invitations').execute();
  await db.schema.dropTable('user_tokens').execute();
  await db.schema.dropTable('users').execute();
}
