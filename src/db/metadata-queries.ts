import { sql, type Expression, type SqlBool } from 'kysely';
import type { MetadataInput } from '../lib/metadata.js';
import { isSqlite, type Executor } from './database.js';

/**
 * The condition of a `metadata[key]=value` filter on `column` (`products.metadata`): the JSON text
 * holds each value under its key. Keys and values are bound, never written into the SQL or into a
 * JSON path, so a key such as `a.b"c` means itself.
 */
export function metadataMatches(db: Executor, column: string, filter: Record<string, string>): Expression<SqlBool> {
  const metadata = sql.ref(column);
  const conditions = Object.entries(filter).map(([key, value]) => (isSqlite(db)
    ? sql<SqlBool>`exists (select 1 from json_each(${metadata}) as entry where entry.key = ${key} and entry.value = ${value})`
    : sql<SqlBool>`(cast(${metadata} as jsonb) ->> ${key}) = ${value}`));
  return conditions.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** The tables whose records carry metadata and are changed through an update that merges it. */
type MetadataTable = 'products' | 'skus' | 'collections' | 'customers' | 'orders' | 'carts' | 'discounts' | 'blogs' | 'posts' | 'pages' | 'files';

/**
 * Holds the record's row until the transaction ends when a write merges metadata (or translations) into it, so that a
 * concurrent merge waits and then reads this one's result instead of writing over it. Call it before
 * reading the record. SQLite runs one writer at a time already.
 */
export async function lockForMetadataMerge(tx: Executor, table: MetadataTable, id: string, input: MetadataInput & { translations?: unknown }): Promise<void> {
  if (isSqlite(tx) || (input.metadata === undefined && input.private_metadata === undefined && input.translations === undefined)) return;
  await tx.selectFrom(table as 'products').select('id').where('id', '=', id).forUpdate().execute();
}
