import type { Kysely } from 'kysely';

// Returns of a placed order's items (DESIGN §9). A return's units are rows of their own, so what
// earlier returns hold of an item is one indexed sum when the next return is checked.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('restock', 'integer', (c) => c.notNull())
    .addColumn('refunded_amount', 'bigint')
    .addColumn('transaction_id', 'text')
    .addColumn('received_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addColumn('canceled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('returns_order_id').on('returns').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('return_items')
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('return_items_pkey', ['return_id', 'order_item_id'])
    .execute();
  await db.schema.createIndex('return_items_order_item_id').on('return_items').column('order_item_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('return_items').execute();
  await db.schema.dropTable('returns').execute();
}
