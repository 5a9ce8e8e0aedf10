import { sql } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import { isSqlite, type Executor } from '../../db/database.js';
import type { ProductRow, SkuDocumentRow } from '../../db/types.js';

/** A sku's stock and `updated_at`, which documents leave out: `[sku id, in_stock, updated_at]`. */
export type SkuStock = [id: string, inStock: number | null, updatedAt: number];

/** A product's kept document with its skus' stock now. */
export interface StockedDocument {
  product_id: string;
  body: string;
  sku_ids: string;
  /** JSON array of SkuStock. */
  stock: string;
}

export interface ProductDocuments {
  product: { product_id: string; body: string; sku_ids: string };
  skus: SkuDocumentRow[];
}

/** The products queued for their documents, at most `limit`. */
export async function dueProductIds(db: Executor, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('product_documents_due').select('product_id').orderBy('product_id').limit(limit).execute();
  return rows.map((row) => row.product_id);
}

/**
 * The products of `ids` whose documents this transaction may write: on PostgreSQL their rows locked,
 * as the triggers lock them (migration 050), so a transaction changing one of them meanwhile waits
 * and then writes the documents from what this one committed. One another transaction holds is
 * skipped: that transaction will write its documents.
 */
export function lockProductsForDocuments(db: Executor, ids: string[]): Promise<ProductRow[]> {
  const query = db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id');
  return isSqlite(db) ? query.execute() : query.forNoKeyUpdate().skipLocked().execute();
}

export async function existingProductIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

const INSERT_CHUNK = 300;

/** Replaces the documents of the products written and takes them, and those `gone`, off the queue. */
export async function replaceProductDocuments(db: Executor, written: ProductDocuments[], gone: string[]): Promise<void> {
  const ids = [...written.map((documents) => documents.product.product_id), ...gone];
  if (ids.length === 0) return;
  await db.deleteFrom('product_documents').where('product_id', 'in', ids).execute();
  await db.deleteFrom('sku_documents').where('product_id', 'in', ids).execute();
  for (let i = 0; i < written.length; i += INSERT_CHUNK) {
    await db.insertInto('product_documents').values(written.slice(i, i + INSERT_CHUNK).map((documents) => documents.product)).execute();
  }
  const skus = written.flatMap((documents) => documents.skus);
  for (let i = 0; i < skus.length; i += INSERT_CHUNK) await db.insertInto('sku_documents').values(skus.slice(i, i + INSERT_CHUNK)).execute();
  await db.deleteFrom('product_documents_due').where('product_id', 'in', ids).execute();
}

/** The stock of a product's skus as one JSON array of SkuStock, written by each database. */
function stockOf(db: Executor) {
  return isSqlite(db)
    ? sql<string>`(select json_group_array(json_array(s.id, s.in_stock, s.updated_at)) from skus s where s.product_id = d.product_id)`
    : sql<string>`(select coalesce(json_agg(json_build_array(s.id, s.in_stock, s.updated_at)), '[]')::text from skus s where s.product_id = d.product_id)`;
}

const selectStockedDocuments = compiledQuery((db, ids: string[]) => db
  .selectFrom('product_documents as d')
  .select(['d.product_id', 'd.body', 'd.sku_ids', stockOf(db).as('stock')])
  .where('d.product_id', 'in', ids));

/** The kept documents of the products of `ids` that have one, with their skus' stock, in one statement. */
export async function findStockedDocuments(db: Executor, ids: string[]): Promise<StockedDocument[]> {
  if (ids.length === 0) return [];
  return (await selectStockedDocuments(db, ids)).rows;
}

/** What a storefront's read of one sku needs: whether its product is on sale and shown, and its document with its stock. */
export interface StockedSkuDocument {
  body: string | null;
  in_stock: number | null;
  updated_at: number;
  product_is_active: number;
  product_available_at: number | null;
  product_hidden_on: string;
}

const selectStockedSkuDocument = compiledQuery((db, id: string) => db
  .selectFrom('skus as s')
  .innerJoin('products as p', 'p.id', 's.product_id')
  .leftJoin('sku_documents as d', 'd.sku_id', 's.id')
  .select(['d.body', 's.in_stock', 's.updated_at', 'p.is_active as product_is_active', 'p.available_at as product_available_at', 'p.hidden_on as product_hidden_on'])
  .where('s.id', '=', id));

export async function findStockedSkuDocument(db: Executor, id: string): Promise<StockedSkuDocument | undefined> {
  return (await selectStockedSkuDocument(db, id)).rows[0];
}
