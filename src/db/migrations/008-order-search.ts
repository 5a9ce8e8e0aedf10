import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { orderSearchTerms, type SearchableItem, type SearchableOrder } from '../../modules/orders/order-search.js';

/** Orders read per backfill step: their terms are written before the next ones are read. */
const BATCH = 2000;

// The search index of orders: one row per (term, order), so each term of `q` is one range of the
// primary key, in order id order (ids are time-ordered), whatever the number of orders. On SQLite the
// table is WITHOUT ROWID: the primary key is the table, not a second copy of it.
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  let table = db.schema
    .createTable('order_search_terms')
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('order_search_terms_pkey', ['term', 'order_id']);
  if (isSqlite) table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  // An order's own terms: to bring them up to date when it changes, and for the cascade on delete.
  await db.schema.createIndex('order_search_terms_order_id').on('order_search_terms').column('order_id').execute();
  await backfillOrderSearchTerms(db);
}

/**
 * Writes the search terms of every order as placement writes them (orderSearchTerms), a batch of
 * orders at a time, in place of the terms they had (migration 023 rebuilds the index with it). The
 * terms' counts are left to recountOrderSearchTerms.
 */
export async function backfillOrderSearchTerms(db: Kysely<any>): Promise<void> {
  // The backfill reads the store's affixes of today: the search matched numbers with them until now.
  const store = await db.selectFrom('stores').select(['order_prefix', 'order_suffix']).orderBy('id').limit(1).executeTakeFirst();
  let after = '';
  for (;;) {
    const orders: Array<SearchableOrder & { id: string }> = await db
      .selectFrom('orders')
      .select(['id', 'number', 'payment_method', 'gateway', 'email', 'customer_first_name', 'customer_last_name', 'customer_id', 'total_price'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (orders.length === 0) break;
    const items: Array<SearchableItem & { order_id: string }> = await db
      .selectFrom('order_items')
      .select(['order_id', 'permalink', 'code', 'vendor', 'product_name'])
      .where('order_id', 'in', orders.map((order) => order.id))
      .execute();
    const itemsOf = new Map<string, SearchableItem[]>();
    for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
    const rows = orders.flatMap((order) => orderSearchTerms({ ...order, total_price: Number(order.total_price) }, itemsOf.get(order.id) ?? [], store)
      .map((term) => ({ term, order_id: order.id })));
    await db.deleteFrom('order_search_terms').where('order_id', 'in', orders.map((order) => order.id)).execute();
    // Two columns a row: 10,000 rows stay under SQLite's limit of bound parameters.
    for (let i = 0; i < rows.length; i += 10_000) await db.insertInto('order_search_terms').values(rows.slice(i, i + 10_000)).execute();
    after = orders[orders.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_search_terms').execute();
}
