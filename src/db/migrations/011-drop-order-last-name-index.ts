import type { Kysely } from 'kysely';

// Orders are found by last name through their search terms (migration 008); this index served only
// the scan it replaced, and cost every checkout that sets a buyer a page written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_customer_last_name').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_customer_last_name').on('orders').column('customer_last_name').execute();
}
