import { sql, SqliteAdapter, type Kysely } from 'kysely';

// A catalogue listing's `q` matches each term anywhere in a product's name, permalink or a sku code
// (LIKE '%term%'), which no ordinary index serves: every product was read, 1.5 s a request on
// 100,000 products. Trigram indexes find the products holding a term of 3 characters or more.
//
// SQLite: an FTS5 table with the trigram tokenizer holds each product's name, permalink and sku codes,
// kept by triggers, whatever writes the catalogue (the API, bulk loads). FTS rows are numbered by
// `product_search_keys`, as a products row's own rowid may change when the file is vacuumed.
// PostgreSQL: pg_trgm's GIN indexes on the lowered columns serve LIKE directly. The extension comes
// with PostgreSQL's contrib; where it is missing, or may not be installed, the indexes are left out
// and searches still work, reading every product.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await createSqliteIndex(db);
  } else {
    await createPostgresIndexes(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of TRIGGERS) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists product_search`.execute(db);
    await db.schema.dropTable('product_search_keys').ifExists().execute();
  } else {
    for (const index of ['products_name_trigrams', 'products_permalink_trigrams', 'skus_code_trigrams']) {
      await db.schema.dropIndex(index).ifExists().execute();
    }
  }
}

const TRIGGERS = [
  'products_search_insert', 'products_search_update', 'products_search_delete',
  'skus_search_insert', 'skus_search_update', 'skus_search_delete',
];

/** The statements that write product `id`'s row of the index anew: nothing once the product is gone. */
function reindex(id: string): string {
  return `
    delete from product_search where rowid = (select k.id from product_search_keys k where k.product_id = ${id});
    insert into product_search (rowid, text)
      select k.id, p.name || ' ' || p.permalink || coalesce(' ' || (select group_concat(s.code, ' ') from skus s where s.product_id = p.id), '')
      from product_search_keys k join products p on p.id = k.product_id
      where k.product_id = ${id};`;
}

async function createSqliteIndex(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_search_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().unique())
    .execute();
  await sql`create virtual table product_search using fts5(text, tokenize = 'trigram')`.execute(db);
  const triggers = [
    `create trigger products_search_insert after insert on products begin
       insert into product_search_keys (product_id) values (new.id); ${reindex('new.id')} end`,
    `create trigger products_search_update after update of name, permalink on products begin ${reindex('new.id')} end`,
    `create trigger products_search_delete after delete on products begin
       delete from product_search where rowid = (select k.id from product_search_keys k where k.product_id = old.id);
       delete from product_search_keys where product_id = old.id; end`,
    `create trigger skus_search_insert after insert on skus begin ${reindex('new.product_id')} end`,
    `create trigger skus_search_update after update of code on skus begin ${reindex('new.product_id')} end`,
    `create trigger skus_search_delete after delete on skus begin ${reindex('old.product_id')} end`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
  await sql`insert into product_search_keys (product_id) select id from products order by id`.execute(db);
  await sql`
    insert into product_search (rowid, text)
    select k.id, p.name || ' ' || p.permalink || coalesce(' ' || (select group_concat(s.code, ' ') from skus s where s.product_id = p.id), '')
    from product_search_keys k join products p on p.id = k.product_id`.execute(db);
}

async function createPostgresIndexes(db: Kysely<any>): Promise<void> {
  // Installed already, or installable here: pg_trgm is a trusted extension, which a role that may
  // create in the database may install.
  const { rows } = await sql<{ usable: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or (exists (select 1 from pg_available_extensions where name = 'pg_trgm') and has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
  if (!rows[0]?.usable) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index products_name_trigrams on products using gin (lower(name) gin_trgm_ops)`.execute(db);
  await sql`create index products_permalink_trigrams on products using gin (lower(permalink) gin_trgm_ops)`.execute(db);
  await sql`create index skus_code_trigrams on skus using gin (lower(code) gin_trgm_ops)`.execute(db);
}
