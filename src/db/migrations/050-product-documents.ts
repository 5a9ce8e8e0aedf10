import { sql, type Kysely } from 'kysely';
import { createRowTriggers, dropRowTriggers, type RowTrigger } from '../row-triggers.js';

// Each product's storefront view, and each of its skus', kept as the JSON a storefront is answered
// (issue 40): a listing reads 20 documents and splices them into its answer instead of building 20
// views from six reads and serialising them. The documents are data, not a cache: the triggers
// below delete a product's documents and queue the product in `product_documents_due` in the same
// transaction as any change to what they show (the product, its skus, their fixed prices, its
// vendor, tags, categories and collections, the store's currency), whoever writes it. The
// transaction that made the change writes them anew before it commits (catalog/product-documents.ts);
// what it leaves (a write outside a transaction, a change to thousands of products) the worker
// writes within a second, and until then a read builds the view as it did before. A document never
// shows what its sources no longer say.
//
// A sale changes a sku's stock and `updated_at` only: those stay out of the documents (a reader lays
// them over), so selling rewrites no document. On PostgreSQL each trigger locks the product's row
// first, as migration 049's do: two transactions changing one product take turns, and the second
// writes the documents from what the first committed.

/** The columns of skus a document shows or that decide what it shows: all but the stock and `updated_at`. */
export const SKU_COLUMNS = [
  'id', 'product_id', 'permalink', 'code', 'barcode', 'price', 'compared_price', 'modifiers', 'image_url', 'image_file_id',
  'is_listable', 'is_taxable', 'is_shipping_required', 'is_gift_card', 'stock_policy', 'is_backorderable', 'is_notify',
  'low_threshold', 'weight_unit', 'weight', 'weight_grams', 'position', 'created_at', 'metadata', 'private_metadata', 'translations',
];

/** Statements dropping the documents of the products `products` (a query of their ids) and queueing them to be written. */
function due(products: string): string[] {
  return [
    `delete from product_documents where product_id in (${products})`,
    `delete from sku_documents where product_id in (${products})`,
    `insert into product_documents_due (product_id) select product_id from (${products}) due where true on conflict do nothing`,
  ];
}

const one = (id: string) => `select ${id} as product_id`;
const ofSku = (id: string) => `select product_id from skus where id = ${id}`;

const TRIGGERS: RowTrigger[] = [
  { name: 'documents_product_insert', table: 'products', timing: 'after', event: 'insert', statements: due(one('new.id')) },
  { name: 'documents_product_update', table: 'products', timing: 'after', event: 'update', statements: due(one('new.id')) },
  { name: 'documents_sku_insert', table: 'skus', timing: 'after', event: 'insert', locks: 'new.product_id', statements: due(one('new.product_id')) },
  {
    name: 'documents_sku_update', table: 'skus', timing: 'after', event: `update of ${SKU_COLUMNS.join(', ')}`, locks: 'new.product_id',
    statements: [...due(one('new.product_id')), ...due(`select old.product_id as product_id where old.product_id <> new.product_id`)],
  },
  { name: 'documents_sku_delete', table: 'skus', timing: 'after', event: 'delete', locks: 'old.product_id', statements: due(one('old.product_id')) },
  { name: 'documents_sku_price_insert', table: 'sku_prices', timing: 'after', event: 'insert', locks: `(${ofSku('new.sku_id')})`, statements: due(ofSku('new.sku_id')) },
  { name: 'documents_sku_price_update', table: 'sku_prices', timing: 'after', event: 'update', locks: `(${ofSku('new.sku_id')})`, statements: due(ofSku('new.sku_id')) },
  { name: 'documents_sku_price_delete', table: 'sku_prices', timing: 'after', event: 'delete', locks: `(${ofSku('old.sku_id')})`, statements: due(ofSku('old.sku_id')) },
  { name: 'documents_vendor_update', table: 'vendors', timing: 'after', event: 'update', statements: due('select id as product_id from products where vendor_id = new.id') },
  { name: 'documents_tag_update', table: 'tags', timing: 'after', event: 'update', statements: due('select product_id from product_tags where tag_id = new.id') },
  ...['product_tags', 'product_categories', 'collection_products'].flatMap((table): RowTrigger[] => [
    { name: `documents_${table}_insert`, table, timing: 'after', event: 'insert', locks: 'new.product_id', statements: due(one('new.product_id')) },
    { name: `documents_${table}_delete`, table, timing: 'after', event: 'delete', locks: 'old.product_id', statements: due(one('old.product_id')) },
  ]),
  {
    name: 'documents_store_currency', table: 'stores', timing: 'after', event: 'update of currency',
    when: { sqlite: 'new.currency <> old.currency', postgres: 'new.currency <> old.currency' },
    statements: due('select id as product_id from products'),
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_documents')
    .addColumn('product_id', 'text', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    // The view as a storefront is answered it, but for each sku's stock and `updated_at`: a control
    // character no JSON text holds unescaped stands in their place (product-documents.ts).
    .addColumn('body', 'text', (c) => c.notNull())
    // The ids of the skus whose stock the body leaves out, in its order (a JSON array).
    .addColumn('sku_ids', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sku_documents')
    .addColumn('sku_id', 'text', (c) => c.primaryKey().references('skus.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sku_documents_product').on('sku_documents').column('product_id').execute();
  // No reference to products: a product's deletion cascades to its skus after it is gone, and their
  // triggers queue it then; writing the documents finds no product and takes it off the queue.
  await db.schema.createTable('product_documents_due').addColumn('product_id', 'text', (c) => c.primaryKey()).execute();
  await sql`insert into product_documents_due (product_id) select id from products`.execute(db);
  await createRowTriggers(db, TRIGGERS);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropRowTriggers(db, TRIGGERS);
  await db.schema.dropTable('product_documents_due').execute();
  await db.schema.dropTable('sku_documents').execute();
  await db.schema.dropTable('product_documents').execute();
}
