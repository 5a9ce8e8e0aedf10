import { sql, type Kysely } from 'kysely';

/** The records that carry metadata (DESIGN.md §10). */
const TABLES = [
  'products', 'skus', 'collections', 'categories', 'customers', 'orders', 'carts', 'discounts',
  'returns', 'fulfillments', 'blogs', 'posts', 'pages', 'files',
] as const;

// Metadata on records (issue 37): `metadata` every credential that sees the record sees, and
// `private_metadata` staff alone see. Both are JSON objects of string to string held as text, as the
// other JSON columns are; `{}` when unset, so no row needs rewriting.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of ['metadata', 'private_metadata']) {
      await db.schema.alterTable(table).addColumn(column, 'text', (c) => c.notNull().defaultTo(sql`'{}'`)).execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of ['metadata', 'private_metadata']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
