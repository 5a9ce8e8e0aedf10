import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Issue 40, common words: migration 012's FTS5 index folded case more widely than `lower()`, so it
// only narrowed a search and every product it let through was tested again with LIKE, a check per
// match; and a term under 3 characters had no trigram, so it was tested on every product.
//
// SQLite only. The index now holds each product's text as the search compares it, lower-cased by
// `lower()`, and the trigram tokenizer keeps case (`case_sensitive 1`): a phrase of 3 characters or
// more matches exactly the products LIKE would, so the index alone answers it. Two spaces end the
// text, so every place of a 1- or 2-character term starts a trigram: its products are those of the
// index's trigrams beginning with it, which `product_search_vocab` lists. PostgreSQL's trigram
// indexes serve LIKE itself and are left as they are.
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) await remakeIndex(db, EXACT);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`drop table if exists product_search_vocab`.execute(db);
  await remakeIndex(db, FOLDED);
}

interface IndexForm {
  tokenizer: string;
  text: (base: string) => string;
}

/** Migration 040's index: the text as written, case folded by the tokenizer. */
const FOLDED: IndexForm = { tokenizer: 'trigram', text: (base) => base };
const EXACT: IndexForm = { tokenizer: 'trigram case_sensitive 1', text: (base) => `lower(${base}) || '  '` };

/** A product's text as migration 040 indexes it: name, permalink, sku codes and translated words. */
const BASE_TEXT = `p.name || ' ' || p.permalink || coalesce(' ' || (select group_concat(s.code, ' ') from skus s where s.product_id = p.id), '') || coalesce(' ' || nullif(p.translated_words, ''), '')`;

async function remakeIndex(db: Kysely<any>, form: IndexForm): Promise<void> {
  const text = form.text(BASE_TEXT);
  await sql`drop table if exists product_search`.execute(db);
  await sql.raw(`create virtual table product_search using fts5(text, tokenize = '${form.tokenizer}')`).execute(db);
  if (form === EXACT) await sql`create virtual table if not exists product_search_vocab using fts5vocab(product_search, 'row')`.execute(db);
  const reindex = (id: string) => `
    delete from product_search where rowid = (select k.id from product_search_keys k where k.product_id = ${id});
    insert into product_search (rowid, text)
      select k.id, ${text}
      from product_search_keys k join products p on p.id = k.product_id
      where k.product_id = ${id};`;
  // Migration 040's triggers with the new text, written out again: a migration keeps its own copy,
  // so that a later edit elsewhere cannot change what it made.
  const triggers: Record<string, string> = {
    products_search_insert: `create trigger products_search_insert after insert on products begin
       insert into product_search_keys (product_id) values (new.id); ${reindex('new.id')} end`,
    products_search_update: `create trigger products_search_update after update of name, permalink, translated_words on products begin ${reindex('new.id')} end`,
    products_search_delete: `create trigger products_search_delete after delete on products begin
       delete from product_search where rowid = (select k.id from product_search_keys k where k.product_id = old.id);
       delete from product_search_keys where product_id = old.id; end`,
    skus_search_insert: `create trigger skus_search_insert after insert on skus begin ${reindex('new.product_id')} end`,
    skus_search_update: `create trigger skus_search_update after update of code on skus begin ${reindex('new.product_id')} end`,
    skus_search_delete: `create trigger skus_search_delete after delete on skus begin ${reindex('old.product_id')} end`,
  };
  for (const [name, trigger] of Object.entries(triggers)) {
    await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    await sql.raw(trigger).execute(db);
  }
  await sql.raw(`insert into product_search (rowid, text) select k.id, ${text} from product_search_keys k join products p on p.id = k.product_id`).execute(db);
}
