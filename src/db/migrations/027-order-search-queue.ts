import type { Kysely } from 'kysely';

// The orders whose search terms are to be brought up to date (orders/order-search.ts). A checkout
// step or a placement writes one row here instead of rewriting the order's terms and their counts:
// some 30 terms, each on a page of its own in two B-trees, made the order search index the largest
// part of every checkout step's commit. The worker indexes the queued orders a batch at a time, where
// orders share their common terms' pages, and a search indexes what is queued before it reads.
//
// An order indexed after the store changed its number's prefix or suffix must still be found by its
// bare number: the counter's value it was made of is kept with it (orders placed before this
// migration fall back to the store's affixes of the day they are indexed again, as before).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('order_search_queue').addColumn('order_id', 'text', (c) => c.primaryKey()).execute();
  // Orders changed before this migration are already indexed: nothing to queue.
  await db.schema.alterTable('orders').addColumn('number_sequence', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('number_sequence').execute();
  await db.schema.dropTable('order_search_queue').execute();
}
