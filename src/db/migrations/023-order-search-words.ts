import { sql, type Kysely } from 'kysely';
import { backfillOrderSearchTerms } from './008-order-search.js';
import { recountOrderSearchTerms } from './010-order-search-counts.js';

// Order search finds words: of the buyer's names, of product names and vendors, and the email with its
// local part and domain (orders/order-search.ts). Every order's terms are brought up to date, a batch
// of orders at a time, writing only the terms that change, then counted anew. On SQLite, 100,000
// orders took 35 s with a quarter of their 1.8 million terms to add (24 s with none), on a loaded
// 2-core machine; writing every term again took 158 s.
//
// Products hidden on sales channels (`hidden_on`) are few: this index holds only them, so a channel's
// count of a collection's members subtracts its hidden ones without reading every member.
export async function up(db: Kysely<any>): Promise<void> {
  await backfillOrderSearchTerms(db);
  await recountOrderSearchTerms(db);
  await sql`create index products_hidden on products (id) where hidden_on <> '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_hidden').execute();
}
