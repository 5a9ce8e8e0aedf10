import { sql, SqliteAdapter, type Kysely } from 'kysely';

/** The records whose text fields take translations (DESIGN.md §10). */
const TABLES = ['products', 'skus', 'collections', 'categories', 'blogs', 'posts', 'pages', 'shipping_rates'] as const;

// Translations (issue 38): each record's translated text fields as one JSON object per record,
// `{"fr": {"name": "Chapeau"}}`, held as text as the other JSON columns are; `{}` when none, so no
// row needs rewriting. Translated permalinks are also rows of their own, so a read by permalink finds
// its record through an index and each stays unique per kind of record and locale.
//
// A product's translated names and descriptions are also kept as one text, `translated_words`,
// which searches match beside the base text: the SQLite text index takes it in (its triggers are made
// again with it), and on PostgreSQL a trigram index serves it as migration 012's serve the rest.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('translations', 'text', (c) => c.notNull().defaultTo(sql`'{}'`)).execute();
  }
  await db.schema.alterTable('products').addColumn('translated_words', 'text', (c) => c.notNull().defaultTo(sql`''`)).execute();
  await db.schema
    .createTable('translated_permalinks')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('permalink', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translated_permalinks_pk', ['kind', 'locale', 'permalink'])
    .execute();
  // A read by permalink names no locale: it looks the permalink up in every locale of its kind.
  await db.schema.createIndex('translated_permalinks_permalink').on('translated_permalinks').columns(['kind', 'permalink']).execute();
  await db.schema.createIndex('translated_permalinks_object').on('translated_permalinks').columns(['object_id']).execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await remakeSqliteTriggers(db, 'p.translated_words', ', translated_words');
  } else {
    const { rows } = await sql<{ usable: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as usable`.execute(db);
    if (rows[0]?.usable) await sql`create index products_translated_words_trigrams on products using gin (lower(translated_words) gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await remakeSqliteTriggers(db, null, '');
  } else {
    await db.schema.dropIndex('products_translated_words_trigrams').ifExists().execute();
  }
  await db.schema.dropTable('translated_permalinks').execute();
  await db.schema.alterTable('products').dropColumn('translated_words').execute();
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('translations').execute();
}

/** A product's text in the SQLite index: migration 012's, with `extra` (a column of `p`) when given. */
function indexedText(extra: string | null): string {
  const base = `p.name || ' ' || p.permalink || coalesce(' ' || (select group_concat(s.code, ' ') from skus s where s.product_id = p.id), '')`;
  return extra === null ? base : `${base} || coalesce(' ' || nullif(${extra}, ''), '')`;
}

/** Migration 012's triggers, made again to index `extra` and to fire on `extraColumn` too. */
async function remakeSqliteTriggers(db: Kysely<any>, extra: string | null, extraColumn: string): Promise<void> {
  const reindex = (id: string) => `
    delete from product_search where rowid = (select k.id from product_search_keys k where k.product_id = ${id});
    insert into product_search (rowid, text)
      select k.id, ${indexedText(extra)}
      from product_search_keys k join products p on p.id = k.product_id
      where k.product_id = ${id};`;
  const triggers: Record<string, string> = {
    products_search_insert: `create trigger products_search_insert after insert on products begin
       insert into product_search_keys (product_id) values (new.id); ${reindex('new.id')} end`,
    products_search_update: `create trigger products_search_update after update of name, permalink${extraColumn} on products begin ${reindex('new.id')} end`,
    skus_search_insert: `create trigger skus_search_insert after insert on skus begin ${reindex('new.product_id')} end`,
    skus_search_update: `create trigger skus_search_update after update of code on skus begin ${reindex('new.product_id')} end`,
    skus_search_delete: `create trigger skus_search_delete after delete on skus begin ${reindex('old.product_id')} end`,
  };
  for (const [name, trigger] of Object.entries(triggers)) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql.raw(trigger).execute(db);
  }
  // Down: the index loses the translated words products hold.
  if (extra === null) {
    await sql`delete from product_search`.execute(db);
    await sql.raw(`insert into product_search (rowid, text) select k.id, ${indexedText(null)} from product_search_keys k join products p on p.id = k.product_id`).execute(db);
  }
}
