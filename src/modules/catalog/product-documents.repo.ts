import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import { isSqlite, type Executor } from '../../db/database.js';
import type { ProductDocumentRow, ProductRow, SkuDocumentRow } from '../../db/types.js';

/** A sku's stock and `updated_at`, which documents leave out: `[sku id, in_stock, updated_at]`. */
export type SkuStock = [id: string, inStock: number | null, updatedAt: number];

/** A product's kept document with its skus' stock now. */
export interface StockedDocument extends ProductDocumentRow {
  /** JSON array of SkuStock. */
  stock: string;
}

/** The documents of one product in one locale. */
export interface ProductDocuments {
  product: ProductDocumentRow;
  skus: SkuDocumentRow[];
}

/**
 * At most `limit` of the products queued for their documents, in id order: on PostgreSQL their rows
 * locked, as the triggers lock them (migration 050), so a transaction changing one of them meanwhile
 * waits and then writes the documents from what this one committed. One another transaction holds is
 * skipped: that transaction writes its documents.
 */
export function lockDueProducts(db: Executor, limit: number): Promise<ProductRow[]> {
  const query = db.selectFrom('products').selectAll().where('id', 'in', dueBatch(db, limit)).orderBy('id');
  return isSqlite(db) ? query.execute() : query.forNoKeyUpdate().skipLocked().execute();
}

/** The first `limit` products queued, in id order: the batch one call writes. */
function dueBatch(db: Executor, limit: number) {
  return db.selectFrom('product_documents_due').select('product_id').orderBy('product_id').limit(limit);
}

const INSERT_CHUNK = 300;

/**
 * Writes the documents of these products (of the batch of `limit` queued, lockDueProducts) and takes
 * them off the queue, with any product of the batch that no longer exists. The triggers dropped the
 * documents they replace; one written meanwhile by a transaction that committed first is replaced.
 */
export async function writeProductDocuments(db: Executor, written: ProductDocuments[], limit: number): Promise<void> {
  for (let i = 0; i < written.length; i += INSERT_CHUNK) {
    await db.insertInto('product_documents').values(written.slice(i, i + INSERT_CHUNK).map((documents) => documents.product))
      .onConflict((oc) => oc.columns(['product_id', 'locale']).doUpdateSet((eb) => ({ body: eb.ref('excluded.body'), sku_ids: eb.ref('excluded.sku_ids') }))).execute();
  }
  const skus = written.flatMap((documents) => documents.skus);
  for (let i = 0; i < skus.length; i += INSERT_CHUNK) {
    await db.insertInto('sku_documents').values(skus.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['sku_id', 'locale']).doUpdateSet((eb) => ({ body: eb.ref('excluded.body'), product_id: eb.ref('excluded.product_id') }))).execute();
  }
  const ids = [...new Set(written.map((documents) => documents.product.product_id))];
  // Within the batch only: the queue may hold every product of a store just upgraded.
  await db.deleteFrom('product_documents_due')
    .where('product_id', 'in', dueBatch(db, limit))
    .where((eb) => eb.or([
      ...(ids.length > 0 ? [eb('product_id', 'in', ids)] : []),
      eb.not(eb.exists(eb.selectFrom('products').select('products.id').whereRef('products.id', '=', 'product_documents_due.product_id'))),
    ]))
    .execute();
}

/** The stock of a product's skus as one JSON array of SkuStock, written by each database. */
function stockOf(db: Executor) {
  return isSqlite(db)
    ? sql<string>`(select json_group_array(json_array(s.id, s.in_stock, s.updated_at)) from skus s where s.product_id = d.product_id)`
    : sql<string>`(select coalesce(json_agg(json_build_array(s.id, s.in_stock, s.updated_at)), '[]')::text from skus s where s.product_id = d.product_id)`;
}

const selectStockedDocuments = compiledQuery((db, locale: string, ids: string[]) => db
  .selectFrom('product_documents as d')
  .select(['d.product_id', 'd.locale', 'd.body', 'd.sku_ids', stockOf(db).as('stock')])
  .where('d.locale', '=', locale)
  .where('d.product_id', 'in', ids));

/** The kept documents in `locale` of the products of `ids` that have one, with their skus' stock, in one statement. */
export async function findStockedDocuments(db: Executor, ids: string[], locale: string): Promise<StockedDocument[]> {
  if (ids.length === 0) return [];
  return (await selectStockedDocuments(db, locale, ids)).rows;
}

/** What a storefront's read of one sku needs: whether its product is on sale and shown, and its document with its stock. */
export interface StockedSkuDocument {
  sku_id: string;
  body: string | null;
  in_stock: number | null;
  updated_at: number;
  product_is_active: number;
  product_available_at: number | null;
  product_hidden_on: string;
}

const selectStockedSkuDocument = compiledQuery((db, id: string, locale: string) => db
  .selectFrom('skus as s')
  .innerJoin('products as p', 'p.id', 's.product_id')
  .leftJoin('sku_documents as d', (join) => join.onRef('d.sku_id', '=', 's.id').on('d.locale', '=', locale))
  .select(['s.id as sku_id', 'd.body', 's.in_stock', 's.updated_at', 'p.is_active as product_is_active', 'p.available_at as product_available_at', 'p.hidden_on as product_hidden_on'])
  .where('s.id', '=', id));

export async function findStockedSkuDocument(db: Executor, id: string, locale: string): Promise<StockedSkuDocument | undefined> {
  return (await selectStockedSkuDocument(db, id, locale)).rows[0];
}
