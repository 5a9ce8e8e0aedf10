import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { keepMemberCounts } from './013-collection-member-counts.js';

// The storefront lists only products on sale (active, and published: available_at has come), so its
// total could not read migration 013's member count and counted the collection's members one by one:
// 57 ms of a storefront page of a 100,000-product collection that the response cache did not hold.
// Each collection now also keeps how many of its members are active, and products gain an index on
// available_at: the products on sale are the active members less the active ones published later,
// which are few and found through that index. Triggers keep the count whatever changes memberships
// or a product's activity (the API, deletions cascading, bulk loads).
//
// A product's deletion cascades to its memberships after the product is gone, where their triggers
// can no longer read whether it was active: a trigger before the deletion takes it out of its
// collections' active counts instead.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collection_member_counts').addColumn('active_members', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('products_available_at').on('products').column('available_at').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger collection_products_counted_insert`.execute(db);
    await sql`drop trigger collection_products_counted_delete`.execute(db);
    await sql`
      create trigger collection_products_counted_insert after insert on collection_products begin
        insert into collection_member_counts (collection_id, members, active_members)
        values (new.collection_id, 1, coalesce((select is_active = 1 from products where id = new.product_id), 0))
        on conflict (collection_id) do update set members = members + 1, active_members = active_members + excluded.active_members;
      end`.execute(db);
    await sql`
      create trigger collection_products_counted_delete after delete on collection_products begin
        update collection_member_counts
        set members = members - 1, active_members = active_members - coalesce((select is_active = 1 from products where id = old.product_id), 0)
        where collection_id = old.collection_id;
      end`.execute(db);
    await sql`
      create trigger products_counted_activity after update of is_active on products
      when (new.is_active = 1) <> (old.is_active = 1) begin
        update collection_member_counts set active_members = active_members + (new.is_active = 1) - (old.is_active = 1)
        where collection_id in (select collection_id from collection_products where product_id = new.id);
      end`.execute(db);
    await sql`
      create trigger products_counted_delete before delete on products when old.is_active = 1 begin
        update collection_member_counts set active_members = active_members - 1
        where collection_id in (select collection_id from collection_products where product_id = old.id);
      end`.execute(db);
  } else {
    await sql`
      create or replace function count_collection_members() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into collection_member_counts (collection_id, members, active_members)
          values (new.collection_id, 1, coalesce((select (is_active = 1)::int from products where id = new.product_id), 0))
          on conflict (collection_id) do update set members = collection_member_counts.members + 1,
            active_members = collection_member_counts.active_members + excluded.active_members;
          return new;
        end if;
        update collection_member_counts
        set members = members - 1, active_members = active_members - coalesce((select (is_active = 1)::int from products where id = old.product_id), 0)
        where collection_id = old.collection_id;
        return old;
      end $$`.execute(db);
    await sql`
      create function count_active_products() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          update collection_member_counts set active_members = active_members - 1
          where collection_id in (select collection_id from collection_products where product_id = old.id);
          return old;
        end if;
        update collection_member_counts set active_members = active_members + (new.is_active = 1)::int - (old.is_active = 1)::int
        where collection_id in (select collection_id from collection_products where product_id = new.id);
        return new;
      end $$`.execute(db);
    await sql`
      create trigger products_counted_activity after update of is_active on products
      for each row when ((new.is_active = 1) <> (old.is_active = 1)) execute function count_active_products()`.execute(db);
    await sql`
      create trigger products_counted_delete before delete on products
      for each row when (old.is_active = 1) execute function count_active_products()`.execute(db);
  }
  await sql`
    update collection_member_counts set active_members = (
      select count(*) from collection_products cp join products p on p.id = cp.product_id
      where cp.collection_id = collection_member_counts.collection_id and p.is_active = 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`drop trigger products_counted_activity`.execute(db);
    await sql`drop trigger products_counted_delete`.execute(db);
    await sql`drop trigger collection_products_counted_insert`.execute(db);
    await sql`drop trigger collection_products_counted_delete`.execute(db);
  } else {
    await sql`drop trigger products_counted_activity on products`.execute(db);
    await sql`drop trigger products_counted_delete on products`.execute(db);
    await sql`drop function count_active_products()`.execute(db);
  }
  await keepMemberCounts(db);
  await db.schema.dropIndex('products_available_at').execute();
  await db.schema.alterTable('collection_member_counts').dropColumn('active_members').execute();
}
