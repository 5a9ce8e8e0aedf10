import type { Kysely } from 'kysely';

// Markets (issue 38): countries sold to in their own currency and languages. A sku's fixed prices per
// currency, and the price each market sells each sku at, kept as rows written with the sku, its fixed
// prices and the market (market-prices.ts): listings filter and sort on them through an index, and a
// sku without a row is not sold in that market. Carts, orders and customers keep their locale, carts
// and orders their market, orders the rate used.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('markets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // JSON arrays, as the other list columns are.
    .addColumn('country_codes', 'text', (c) => c.notNull())
    .addColumn('locales', 'text', (c) => c.notNull())
    // A decimal string: exact, never a float.
    .addColumn('exchange_rate', 'text')
    .addColumn('rounding', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // A country in one market at most.
  await db.schema
    .createTable('market_countries')
    .addColumn('country_code', 'text', (c) => c.primaryKey())
    .addColumn('market_id', 'text', (c) => c.notNull().references('markets.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('market_countries_market').on('market_countries').column('market_id').execute();

  await db.schema
    .createTable('sku_prices')
    .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('compared_price', 'bigint')
    .addPrimaryKeyConstraint('sku_prices_pk', ['sku_id', 'currency'])
    .execute();

  await db.schema
    .createTable('market_prices')
    .addColumn('market_id', 'text', (c) => c.notNull().references('markets.id').onDelete('cascade'))
    .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('compared_price', 'bigint')
    // 1 when the sku's fixed price in the market's currency set it, 0 when converted.
    .addColumn('is_fixed', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_prices_pk', ['market_id', 'sku_id'])
    .execute();
  await db.schema.createIndex('market_prices_product').on('market_prices').columns(['market_id', 'product_id']).execute();
  await db.schema.createIndex('market_prices_price').on('market_prices').columns(['market_id', 'price', 'sku_id']).execute();
  await db.schema.createIndex('market_prices_sku').on('market_prices').column('sku_id').execute();

  for (const table of ['carts', 'orders']) await db.schema.alterTable(table).addColumn('market_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('exchange_rate', 'text').execute();
  await db.schema.alterTable('carts').addColumn('currency', 'text').execute();
  for (const table of ['carts', 'orders', 'customers']) {
    await db.schema.alterTable(table).addColumn('locale', 'text').execute();
  }
  // The sales report sums every currency's orders, converted back at the rate each kept: the index
  // it reads (migration 019) holds the rate too, so it still reads no order row.
  await db.schema.dropIndex('orders_placed_at').execute();
  await db.schema.createIndex('orders_placed_at').on('orders').columns(['placed_at', 'currency', 'exchange_rate', 'status', 'total_price']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_placed_at').execute();
  await db.schema.createIndex('orders_placed_at').on('orders').columns(['placed_at', 'currency', 'status', 'total_price']).execute();
  for (const table of ['carts', 'orders', 'customers']) await db.schema.alterTable(table).dropColumn('locale').execute();
  await db.schema.alterTable('carts').dropColumn('currency').execute();
  await db.schema.alterTable('orders').dropColumn('exchange_rate').execute();
  for (const table of ['carts', 'orders']) await db.schema.alterTable(table).dropColumn('market_id').execute();
  await db.schema.dropTable('market_prices').execute();
  await db.schema.dropTable('sku_prices').execute();
  await db.schema.dropTable('market_countries').execute();
  await db.schema.dropTable('markets').execute();
}
