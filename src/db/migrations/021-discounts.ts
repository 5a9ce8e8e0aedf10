import type { Kysely } from 'kysely';

// Discounts (DESIGN.md §9). `code_key` is the code lower-cased: codes are unique compared without
// case, and the unique index lets many automatic discounts (no code, null key) coexist.
// `discount_redemptions` holds one row a discount an order used when placed: the per-customer limit
// counts them (by customer id or email key). Carts keep the codes the buyer entered; orders keep the
// discounts applied in their existing `discount_codes` column (JSON of {code, discount_id, kind, amount}).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('discounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text')
    .addColumn('code_key', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('applies_to_kind', 'text', (c) => c.notNull())
    .addColumn('applies_to_ids', 'text', (c) => c.notNull())
    .addColumn('minimum_subtotal', 'bigint')
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('usage_limit', 'bigint')
    .addColumn('usage_limit_per_customer', 'bigint')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('times_used', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discounts_code_key').on('discounts').column('code_key').unique().execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discount_id', 'text', (c) => c.notNull().references('discounts.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('email_key', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_redemptions_customer').on('discount_redemptions').columns(['discount_id', 'customer_id']).execute();
  await db.schema.createIndex('discount_redemptions_email').on('discount_redemptions').columns(['discount_id', 'email_key']).execute();

  await db.schema.alterTable('carts').addColumn('discount_codes', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carts').dropColumn('discount_codes').execute();
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discounts').execute();
}
