import { sql, type Expression, type SqlBool } from 'kysely';
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
