import { sql, SqliteAdapter, type Kysely } from 'kysely';

// How many orders hold each search term, so that a search's total is read rather than counted: a
// common last name is 1 % of the store, and counting its index rows grew with the store (10,000 of
// them on a million orders, the largest part of the request). Each term's count is split by the last
// character of the order id (random in a time-ordered id), so concurrent checkouts sharing a popular
// term mostly change different rows; a total is the sum of a term's rows.
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('order_search_term_counts')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('orders', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_search_term_counts_pkey', ['term', 'slot']);
  if (db.getExecutor().adapter instanceof SqliteAdapter) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await recountOrderSearchTerms(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_search_term_counts').execute();
}

/** Counts the index anew: all of it, or one term. Bulk loads of the index (bench/scale.ts) call it after. */
export async function recountOrderSearchTerms(db: Kysely<any>, term?: string): Promise<void> {
  // The slot as orders.repo.ts computes it: the order id's last character.
  const slot = sql<string>`substr(order_id, length(order_id), 1)`;
  let counted = db.selectFrom('order_search_terms').select(['term', slot.as('slot'), (eb) => eb.fn.countAll().as('orders')]);
  let stale = db.deleteFrom('order_search_term_counts');
  if (term !== undefined) {
    counted = counted.where('term', '=', term);
    stale = stale.where('term', '=', term);
  }
  await stale.execute();
  await db.insertInto('order_search_term_counts').columns(['term', 'slot', 'orders']).expression(counted.groupBy(['term', slot])).execute();
}
