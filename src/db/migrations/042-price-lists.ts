import type { Kysely } from 'kysely';

// Customer groups and price lists (issue 39): staff put customers in groups, and give groups lists of
// prices that a signed-in member pays instead of the regular ones, while the list is active and within
// its schedule. A list price's currency is null for the store's own currency, else a market's.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('customer_group_members')
    .addColumn('customer_group_id', 'text', (c) => c.notNull().references('customer_groups.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('customer_group_members_pk', ['customer_group_id', 'customer_id'])
    .execute();
  // Pricing reads a customer's groups on every priced request.
  await db.schema.createIndex('customer_group_members_customer').on('customer_group_members').column('customer_id').execute();

  await db.schema
    .createTable('price_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('price_list_groups')
    .addColumn('price_list_id', 'text', (c) => c.notNull().references('price_lists.id').onDelete('cascade'))
    .addColumn('customer_group_id', 'text', (c) => c.notNull().references('customer_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('price_list_groups_pk', ['price_list_id', 'customer_group_id'])
    .execute();
  await db.schema.createIndex('price_list_groups_group').on('price_list_groups').column('customer_group_id').execute();

  // A list's prices are written whole with the list, which keeps one price per sku and currency.
  await db.schema
    .createTable('price_list_prices')
    .addColumn('price_list_id', 'text', (c) => c.notNull().references('price_lists.id').onDelete('cascade'))
    .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('currency', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('price_list_prices_list').on('price_list_prices').columns(['price_list_id', 'sku_id']).execute();
  await db.schema.createIndex('price_list_prices_sku').on('price_list_prices').columns(['sku_id', 'price_list_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('price_list_prices').execute();
  await db.schema.dropTable('price_list_groups').execute();
  await db.schema.dropTable('price_lists').execute();
  await db.schema.dropTable('customer_group_members').execute();
  await db.schema.dropTable('customer_groups').execute();
}
