import type { Kysely } from 'kysely';

// Customer notifications (issue 25): an outbox of emails written in the transaction of the change
// that causes each, delivered by the worker; the templates staff edit; and where the worker's scan
// for abandoned checkouts has got to.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('order_id', 'text')
    .addColumn('customer_id', 'text')
    .addColumn('checkout_id', 'text')
    .addColumn('resent_from', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The worker's scan: the pending messages due first.
  await db.schema.createIndex('notifications_due').on('notifications').columns(['status', 'next_attempt_at']).execute();
  // The staff list, newest first, by each filter.
  await db.schema.createIndex('notifications_status').on('notifications').columns(['status', 'id']).execute();
  await db.schema.createIndex('notifications_kind').on('notifications').columns(['kind', 'id']).execute();
  await db.schema.createIndex('notifications_order_id').on('notifications').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('notifications_customer_id').on('notifications').columns(['customer_id', 'id']).execute();
  await db.schema.createIndex('notifications_checkout_id').on('notifications').columns(['checkout_id', 'id']).execute();

  await db.schema
    .createTable('notification_templates')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('is_enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('notification_scans')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notification_scans').execute();
  await db.schema.dropTable('notification_templates').execute();
  await db.schema.dropTable('notifications').execute();
}
