import type { Kysely } from 'kysely';

// Carts, shipping, taxes, gateways, orders and their transactions. Money in minor units, weights in
// grams, rates in basis points; addresses and shipping lines of an order are JSON snapshots.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('is_gift', 'integer', (c) => c.notNull())
    .addColumn('gift_message', 'text')
    .addColumn('source_name', 'text')
    .addColumn('customer_note', 'text')
    .addColumn('browser_ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('landing_site', 'text')
    .addColumn('referring_site', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('sku_id', 'text', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_items_cart_sku', ['cart_id', 'sku_id'])
    .execute();

  await db.schema
    .createTable('shipping_zones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull())
    .addColumn('states', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('shipping_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('zone_id', 'text', (c) => c.notNull().references('shipping_zones.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from', 'bigint', (c) => c.notNull())
    .addColumn('to', 'bigint')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipping_rates_zone_id').on('shipping_rates').columns(['zone_id', 'position']).execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    // '' for a rate of the whole country, so one unique index covers both.
    .addColumn('state_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('tax_rates_place', ['country_code', 'state_code'])
    .execute();

  await db.schema
    .createTable('gateways')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('driver', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('financial_status', 'text', (c) => c.notNull())
    .addColumn('fulfillment_status', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id'))
    .addColumn('cart_id', 'text')
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('customer_first_name', 'text')
    .addColumn('customer_last_name', 'text')
    .addColumn('is_shipping_required', 'integer', (c) => c.notNull())
    .addColumn('shipping_address', 'text')
    .addColumn('billing_address', 'text')
    .addColumn('same_address', 'integer', (c) => c.notNull())
    .addColumn('shipping_rate_id', 'text')
    .addColumn('shipping_lines', 'text')
    .addColumn('shipping_rate', 'bigint', (c) => c.notNull())
    .addColumn('gateway_id', 'text')
    .addColumn('gateway', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('discount_codes', 'text')
    .addColumn('is_gift', 'integer', (c) => c.notNull())
    .addColumn('gift_message', 'text')
    .addColumn('source_name', 'text')
    .addColumn('customer_note', 'text')
    .addColumn('order_note', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('browser_ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('landing_site', 'text')
    .addColumn('referring_site', 'text')
    .addColumn('total_products', 'bigint', (c) => c.notNull())
    .addColumn('total_discount', 'bigint', (c) => c.notNull())
    .addColumn('total_items', 'bigint', (c) => c.notNull())
    .addColumn('total_items_price', 'bigint', (c) => c.notNull())
    .addColumn('subtotal_price', 'bigint', (c) => c.notNull())
    .addColumn('total_taxes', 'bigint', (c) => c.notNull())
    .addColumn('total_price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_weight', 'bigint', (c) => c.notNull())
    .addColumn('is_test', 'integer')
    .addColumn('canceler_id', 'text')
    // Set while a payment for the order is with the gateway, so a second one waits (no double charge).
    .addColumn('payment_claimed_at', 'bigint')
    .addColumn('placed_at', 'bigint')
    .addColumn('archived_at', 'bigint')
    .addColumn('canceled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_cart_id').on('orders').column('cart_id').execute();
  await db.schema.createIndex('orders_customer_id').on('orders').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('orders_customer_last_name').on('orders').column('customer_last_name').execute();

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('sku_id', 'text', (c) => c.notNull())
    .addColumn('permalink', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('sku_name', 'text', (c) => c.notNull())
    .addColumn('vendor', 'text')
    .addColumn('code', 'text')
    .addColumn('image', 'text')
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('compared_price', 'bigint')
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('discount', 'bigint')
    .addColumn('is_taxable', 'integer', (c) => c.notNull())
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('subtotal', 'bigint', (c) => c.notNull())
    .addColumn('taxes', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('fulfilled', 'bigint', (c) => c.notNull())
    .addColumn('is_shipping_required', 'integer', (c) => c.notNull())
    .addColumn('weight', 'bigint', (c) => c.notNull())
    .addColumn('stock_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_items_order_id').on('order_items').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_items_sku_id').on('order_items').column('sku_id').execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('authorization', 'text')
    .addColumn('code', 'text')
    .addColumn('reference', 'text')
    .addColumn('gateway', 'text')
    .addColumn('source_name', 'text')
    .addColumn('credit_card_number', 'text')
    .addColumn('credit_card_brand', 'text')
    .addColumn('message', 'text')
    .addColumn('is_test', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transactions_order_id').on('transactions').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transactions', 'order_items', 'orders', 'counters', 'gateways', 'tax_rates', 'shipping_rates', 'shipping_zones', 'cart_items', 'carts']) {
    await db.schema.dropTable(table).execute();
  }
}
