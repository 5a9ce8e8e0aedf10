import { sql, type Kysely } from 'kysely';
import { createRowTriggers, dropRowTriggers, type RowTrigger } from '../row-triggers.js';

// Facets of a whole catalogue or hand-picked collection counted 680 ms on 100,000 products: every
// product, tag and sku option read and grouped per request. The counts are now kept as the data
// changes, in the same transaction (issue 39: within 3× of the listing without facets).
//
// `product_facet_keys` holds each product's facet values once: its vendor (by id), its tags (by id)
// and each option name and value any of its skus holds. `facet_counts` holds, per scope — the whole
// catalogue (`all`) or a hand-picked collection (its id) — how many active products hold each value.
// The listings read them and correct for the few products a request must leave out or add
// (catalog/facet-counts.repo.ts). Triggers keep both whatever writes: the API, imports, cascading
// deletions, bulk loads.
//
// A product's deletion cascades to its keys and memberships after the product is gone, where their
// triggers can no longer read it (as migration 014 found): a trigger before the deletion takes its
// values out of its scopes, and the cascaded deletions then find no product and change nothing.
//
// On PostgreSQL each trigger first locks the product's row (`for no key update`): two transactions
// changing one product's keys, memberships or activity take turns, so each reads what the other
// wrote (a tag added while the product is activated is counted once, never missed).

/** The scopes counting product `p` while it is active: the catalogue and each hand-picked collection it is in. */
function activeScopes(p: string): string {
  return `select 'all' as scope from products where id = ${p} and is_active = 1
    union all select cp.collection_id from collection_products cp join products pa on pa.id = cp.product_id
    where cp.product_id = ${p} and pa.is_active = 1`;
}

/** The scopes of product `p` whatever its activity. */
function allScopes(p: string): string {
  return `select 'all' as scope union all select collection_id from collection_products where product_id = ${p}`;
}

/** The facet values of product `p`. */
function keysOf(p: string): string {
  return `select facet, name, value from product_facet_keys where product_id = ${p}`;
}

/** Adds `delta` to the count of each value of `keys` in each scope of `scopes`. */
function adjust(scopes: string, keys: string, delta: string): string {
  return `insert into facet_counts (scope, facet, name, value, products)
    select s.scope, k.facet, k.name, k.value, ${delta} from (${scopes}) s cross join (${keys}) k where true
    on conflict (scope, facet, name, value) do update set products = facet_counts.products + excluded.products`;
}

/** Deletes product `p`'s key of option `name` = `value` (or every option key, when they are columns of the keys) no sku of it holds. */
function dropUnheldOptions(p: string, condition: string): string {
  return `delete from product_facet_keys where product_id = ${p} and facet = 'options' and ${condition}
    and not exists (select 1 from sku_options so join skus sk on sk.id = so.sku_id
      where sk.product_id = product_facet_keys.product_id and so.name = product_facet_keys.name and so.value = product_facet_keys.value)`;
}

const skuProduct = (sku: string) => `(select product_id from skus where id = ${sku})`;
const insertOptionKey = `insert into product_facet_keys (product_id, facet, name, value)
  select product_id, 'options', new.name, new.value from skus where id = new.sku_id on conflict do nothing`;
const dropOldOptionKey = dropUnheldOptions(skuProduct('old.sku_id'), 'name = old.name and value = old.value');

const TRIGGERS: RowTrigger[] = [
  // The counts, kept from the keys, the products' activity and the memberships.
  {
    name: 'facet_keys_counted_insert', table: 'product_facet_keys', timing: 'after', event: 'insert', locks: 'new.product_id',
    statements: [adjust(activeScopes('new.product_id'), 'select new.facet as facet, new.name as name, new.value as value', '1')],
  },
  {
    name: 'facet_keys_counted_delete', table: 'product_facet_keys', timing: 'after', event: 'delete', locks: 'old.product_id',
    statements: [adjust(activeScopes('old.product_id'), 'select old.facet as facet, old.name as name, old.value as value', '-1')],
  },
  {
    name: 'products_facets_activity', table: 'products', timing: 'after', event: 'update of is_active',
    when: { sqlite: '(new.is_active = 1) <> (old.is_active = 1)', postgres: '(new.is_active = 1) <> (old.is_active = 1)' },
    statements: [adjust(allScopes('new.id'), keysOf('new.id'), 'case when new.is_active = 1 then 1 else -1 end')],
  },
  {
    name: 'products_facets_delete', table: 'products', timing: 'before', event: 'delete',
    when: { sqlite: 'old.is_active = 1', postgres: 'old.is_active = 1' },
    statements: [adjust(allScopes('old.id'), keysOf('old.id'), '-1')],
  },
  {
    name: 'collection_products_facets_insert', table: 'collection_products', timing: 'after', event: 'insert', locks: 'new.product_id',
    statements: [adjust('select new.collection_id as scope from products where id = new.product_id and is_active = 1', keysOf('new.product_id'), '1')],
  },
  {
    name: 'collection_products_facets_delete', table: 'collection_products', timing: 'after', event: 'delete', locks: 'old.product_id',
    statements: [adjust('select old.collection_id as scope from products where id = old.product_id and is_active = 1', keysOf('old.product_id'), '-1')],
  },
  // The keys, kept from the vendor, the tags and the skus' options.
  {
    name: 'products_facet_vendor_insert', table: 'products', timing: 'after', event: 'insert',
    when: { sqlite: 'new.vendor_id is not null', postgres: 'new.vendor_id is not null' },
    statements: [`insert into product_facet_keys (product_id, facet, name, value) values (new.id, 'vendor', '', new.vendor_id) on conflict do nothing`],
  },
  {
    name: 'products_facet_vendor_update', table: 'products', timing: 'after', event: 'update of vendor_id',
    when: { sqlite: 'new.vendor_id is not old.vendor_id', postgres: 'new.vendor_id is distinct from old.vendor_id' },
    statements: [
      `delete from product_facet_keys where product_id = old.id and facet = 'vendor'`,
      `insert into product_facet_keys (product_id, facet, name, value) select new.id, 'vendor', '', new.vendor_id where new.vendor_id is not null on conflict do nothing`,
    ],
  },
  {
    name: 'product_tags_facet_insert', table: 'product_tags', timing: 'after', event: 'insert', locks: 'new.product_id',
    statements: [`insert into product_facet_keys (product_id, facet, name, value) values (new.product_id, 'tags', '', new.tag_id) on conflict do nothing`],
  },
  {
    name: 'product_tags_facet_delete', table: 'product_tags', timing: 'after', event: 'delete', locks: 'old.product_id',
    statements: [`delete from product_facet_keys where product_id = old.product_id and facet = 'tags' and name = '' and value = old.tag_id`],
  },
  {
    name: 'sku_options_facet_insert', table: 'sku_options', timing: 'after', event: 'insert', locks: skuProduct('new.sku_id'),
    statements: [insertOptionKey],
  },
  {
    name: 'sku_options_facet_delete', table: 'sku_options', timing: 'after', event: 'delete', locks: skuProduct('old.sku_id'),
    statements: [dropOldOptionKey],
  },
  {
    name: 'sku_options_facet_update', table: 'sku_options', timing: 'after', event: 'update', locks: skuProduct('new.sku_id'),
    statements: [dropOldOptionKey, insertOptionKey],
  },
  {
    // The sku's options cascade after it is gone, when their trigger can no longer find its product:
    // the values no remaining sku holds go here (its own options no longer join a sku).
    name: 'skus_facet_delete', table: 'skus', timing: 'after', event: 'delete', locks: 'old.product_id',
    statements: [dropUnheldOptions('old.product_id', 'true')],
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_facet_keys')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // `vendor` (value: the vendor's id), `tags` (the tag's id), `options` (name: the option's name).
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_facet_keys_pkey', ['product_id', 'facet', 'name', 'value'])
    .execute();
  await db.schema
    .createTable('facet_counts')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('facet', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('products', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('facet_counts_pkey', ['scope', 'facet', 'name', 'value'])
    .execute();
  await sql`
    insert into product_facet_keys (product_id, facet, name, value)
    select id, 'vendor', '', vendor_id from products where vendor_id is not null
    union select product_id, 'tags', '', tag_id from product_tags
    union select s.product_id, 'options', so.name, so.value from sku_options so join skus s on s.id = so.sku_id`.execute(db);
  await sql`
    insert into facet_counts (scope, facet, name, value, products)
    select 'all', k.facet, k.name, k.value, count(*) from product_facet_keys k join products p on p.id = k.product_id
    where p.is_active = 1 group by k.facet, k.name, k.value
    union all select cp.collection_id, k.facet, k.name, k.value, count(*) from product_facet_keys k
    join products p on p.id = k.product_id join collection_products cp on cp.product_id = k.product_id
    where p.is_active = 1 group by cp.collection_id, k.facet, k.name, k.value`.execute(db);
  await createRowTriggers(db, TRIGGERS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropRowTriggers(db, TRIGGERS);
  await db.schema.dropTable('facet_counts').execute();
  await db.schema.dropTable('product_facet_keys').execute();
}
