import { sql, SqliteAdapter, type Kysely } from 'kysely';

// A page of a hand-picked collection in one of the sort_by orders read every member's product and
// sorted them all to keep 20 (12 ms on a 10,000-product collection, whatever the page); walking the
// products in order through an index and testing each for membership still cost a lookup a product
// up to the page (6 ms for a middle page). Each membership now keeps its product's sort keys — the
// lower-cased name, the default sku's price and the creation time — and an index per order on them
// within the collection, so a page walks one index of the collection's own rows
// (catalog/products.repo.ts memberPage). Triggers keep the keys, whatever changes a
// membership, a product's name or default sku, or a sku's price (the API, bulk loads). The name is
// lower-cased by the database, as the listing's `lower(p.name)` order was.
//
// The storefront skips inactive products: an index holds only them, as 023's holds the hidden.
const ORDERS = [['name', 'name_key'], ['price', 'price'], ['created', 'product_created_at']] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collection_products').addColumn('name_key', 'text').execute();
  await db.schema.alterTable('collection_products').addColumn('price', 'bigint').execute();
  await db.schema.alterTable('collection_products').addColumn('product_created_at', 'bigint').execute();
  await sql`
    update collection_products set
      name_key = (select lower(p.name) from products p where p.id = collection_products.product_id),
      product_created_at = (select p.created_at from products p where p.id = collection_products.product_id),
      price = (select s.price from products p join skus s on s.id = p.default_sku_id where p.id = collection_products.product_id)`.execute(db);
  for (const [order, column] of ORDERS) {
    await db.schema.createIndex(`collection_products_by_${order}`).on('collection_products').columns(['collection_id', column, 'product_id']).execute();
  }
  await db.schema.createIndex('products_default_sku').on('products').column('default_sku_id').execute();
  await sql`create index products_inactive on products (id) where is_active = 0`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger collection_products_sort_keys after insert on collection_products begin
      update collection_products set
        name_key = (select lower(name) from products where id = new.product_id),
        product_created_at = (select created_at from products where id = new.product_id),
        price = (select s.price from products p join skus s on s.id = p.default_sku_id where p.id = new.product_id)
      where collection_id = new.collection_id and product_id = new.product_id;
    end`.execute(db);
  await sql`
    create trigger products_sort_keys after update of name, created_at, default_sku_id on products begin
      update collection_products set
        name_key = lower(new.name),
        product_created_at = new.created_at,
        price = (select price from skus where id = new.default_sku_id)
      where product_id = new.id;
    end`.execute(db);
  // A sku inserted after the product names it default, or repriced.
  for (const [event, when] of [['insert', ''], ['update of price', 'when new.price is not old.price']] as const) {
    await sql.raw(`
      create trigger skus_sort_keys_${event === 'insert' ? 'insert' : 'price'} after ${event} on skus ${when} begin
        update collection_products set price = new.price
        where product_id in (select id from products where default_sku_id = new.id);
      end`).execute(db);
  }
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  await sql`
    create function collection_product_sort_keys() returns trigger language plpgsql as $$
    begin
      select lower(p.name), p.created_at, s.price into new.name_key, new.product_created_at, new.price
      from products p left join skus s on s.id = p.default_sku_id where p.id = new.product_id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger collection_products_sort_keys before insert on collection_products
    for each row execute function collection_product_sort_keys()`.execute(db);
  await sql`
    create function product_sort_keys() returns trigger language plpgsql as $$
    begin
      update collection_products set name_key = lower(new.name), product_created_at = new.created_at,
        price = (select price from skus where id = new.default_sku_id)
      where product_id = new.id;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger products_sort_keys after update of name, created_at, default_sku_id on products
    for each row execute function product_sort_keys()`.execute(db);
  await sql`
    create function sku_sort_keys() returns trigger language plpgsql as $$
    begin
      update collection_products set price = new.price where product_id in (select id from products where default_sku_id = new.id);
      return new;
    end $$`.execute(db);
  await sql`create trigger skus_sort_keys_insert after insert on skus for each row execute function sku_sort_keys()`.execute(db);
  await sql`
    create trigger skus_sort_keys_price after update of price on skus
    for each row when (new.price is distinct from old.price) execute function sku_sort_keys()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const trigger of ['collection_products_sort_keys', 'products_sort_keys', 'skus_sort_keys_insert', 'skus_sort_keys_price']) {
      await sql.raw(`drop trigger ${trigger}`).execute(db);
    }
  } else {
    await sql`drop trigger collection_products_sort_keys on collection_products`.execute(db);
    await sql`drop trigger products_sort_keys on products`.execute(db);
    await sql`drop trigger skus_sort_keys_insert on skus`.execute(db);
    await sql`drop trigger skus_sort_keys_price on skus`.execute(db);
    await sql`drop function collection_product_sort_keys()`.execute(db);
    await sql`drop function product_sort_keys()`.execute(db);
    await sql`drop function sku_sort_keys()`.execute(db);
  }
  await db.schema.dropIndex('products_inactive').execute();
  await db.schema.dropIndex('products_default_sku').execute();
  for (const [order] of ORDERS) await db.schema.dropIndex(`collection_products_by_${order}`).execute();
  for (const column of ['product_created_at', 'price', 'name_key']) {
    await db.schema.alterTable('collection_products').dropColumn(column).execute();
  }
}
