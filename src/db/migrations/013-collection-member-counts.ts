import { sql, SqliteAdapter, type Kysely } from 'kysely';

// How many products each hand-picked collection holds, so that an unfiltered listing reads its total
// rather than counting the membership index: 4 ms of a 6 ms staff listing on 100,000 products, and
// growing with the collection. Triggers keep the count, whatever changes the memberships (the API, a
// product's or collection's deletion cascading, bulk loads).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_member_counts')
    .addColumn('collection_id', 'text', (c) => c.primaryKey().references('collections.id').onDelete('cascade'))
    .addColumn('members', 'bigint', (c) => c.notNull())
    .execute();
  await keepMemberCounts(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`
      create trigger collection_products_counted after insert or delete on collection_products
      for each row execute function count_collection_members()`.execute(db);
  }
  await sql`
    insert into collection_member_counts (collection_id, members)
    select collection_id, count(*) from collection_products group by collection_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger if exists collection_products_counted_insert`.execute(db);
    await sql`drop trigger if exists collection_products_counted_delete`.execute(db);
  } else {
    await sql`drop trigger if exists collection_products_counted on collection_products`.execute(db);
    await sql`drop function if exists count_collection_members()`.execute(db);
  }
  await db.schema.dropTable('collection_member_counts').execute();
}

/**
 * What counts the members as memberships come and go: two triggers on SQLite, the function of the
 * trigger on PostgreSQL. Migration 014 replaces them, and puts these back when undone.
 */
export async function keepMemberCounts(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`
      create trigger collection_products_counted_insert after insert on collection_products begin
        insert into collection_member_counts (collection_id, members) values (new.collection_id, 1)
        on conflict (collection_id) do update set members = members + 1;
      end`.execute(db);
    await sql`
      create trigger collection_products_counted_delete after delete on collection_products begin
        update collection_member_counts set members = members - 1 where collection_id = old.collection_id;
      end`.execute(db);
    return;
  }
  await sql`
    create or replace function count_collection_members() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into collection_member_counts (collection_id, members) values (new.collection_id, 1)
        on conflict (collection_id) do update set members = collection_member_counts.members + 1;
        return new;
      end if;
      update collection_member_counts set members = members - 1 where collection_id = old.collection_id;
      return old;
    end $$`.execute(db);
}
