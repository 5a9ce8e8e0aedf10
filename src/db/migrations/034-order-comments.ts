import type { Kysely } from 'kysely';

// Comments staff add to an order's timeline (issue 36): who wrote them and when, read newest first.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_comments_order').on('order_comments').columns(['order_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_comments').execute();
}
