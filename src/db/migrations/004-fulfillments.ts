import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fulfillments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tracking_code', 'text')
    .addColumn('carrier', 'text')
    .addColumn('is_customer_notified', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fulfillments_order_id').on('fulfillments').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('fulfillment_items')
    .addColumn('fulfillment_id', 'text', (c) => c.notNull().references('fulfillments.id').onDelete('cascade'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('fulfillment_items_pkey', ['fulfillment_id', 'order_item_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fulfillment_items').execute();
  await db.schema.dropTable('fulfillments').execute();
}
