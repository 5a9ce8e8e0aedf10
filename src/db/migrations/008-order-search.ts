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
 * Brings the search terms of every order in line with orderSearchTerms, as placement writes them, a
 * batch of orders at a time: the terms an order lacks are added and those it no longer has removed,
 * so an index that is mostly right (migration 023, which adds words) writes only what changes, not
 * every row again. The terms' counts are left to recountOrderSearchTerms.
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
    const ids = orders.map((order) => order.id);
    const [items, held] = await Promise.all([
      db.selectFrom('order_items').select(['order_id', 'permalink', 'code', 'vendor', 'product_name']).where('order_id', 'in', ids).execute(),
      db.selectFrom('order_search_terms').select(['order_id', 'term']).where('order_id', 'in', ids).execute(),
    ]) as [Array<SearchableItem & { order_id: string }>, Array<{ order_id: string; term: string }>];
    const itemsOf = new Map<string, SearchableItem[]>();
    for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
    const wanted = orders.flatMap((order) => orderSearchTerms({ ...order, total_price: Number(order.total_price) }, itemsOf.get(order.id) ?? [], store)
      .map((term) => ({ term, order_id: order.id })));
    const key = (row: { order_id: string; term: string }) => `${row.order_id} ${row.term}`;
    const heldKeys = new Set(held.map(key));
    const wantedKeys = new Set(wanted.map(key));
    const gone = new Map<string, string[]>();
    for (const row of held.filter((row) => !wantedKeys.has(key(row)))) gone.set(row.order_id, [...(gone.get(row.order_id) ?? []), row.term]);
    for (const [orderId, terms] of gone) await db.deleteFrom('order_search_terms').where('order_id', '=', orderId).where('term', 'in', terms).execute();
    const added = wanted.filter((row) => !heldKeys.has(key(row)));
    // Two columns a row: 10,000 rows stay under SQLite's limit of bound parameters.
    for (let i = 0; i < added.length; i += 10_000) await db.insertInto('order_search_terms').values(added.slice(i, i + 10_000)).execute();
    after = orders[orders.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_search_terms').execute();
}
