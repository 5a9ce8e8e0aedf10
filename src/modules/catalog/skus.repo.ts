import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { SkuRow } from '../../db/types.js';
import {
  optionConditions, productConditions, sortOrder, type CatalogFilter, type ListingBuilder,
} from './catalog-filters.js';

/** A sku with what its view needs of the product. */
export type SkuWithOwner = SkuRow & { product_name: string; product_modifiers: string; product_is_active: number; product_available_at: number | null; product_hidden_on: string };

function withOwner(db: Executor) {
  return db
    .selectFrom('skus as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .selectAll('s')
    .select(['p.name as product_name', 'p.modifiers as product_modifiers', 'p.is_active as product_is_active', 'p.available_at as product_available_at', 'p.hidden_on as product_hidden_on']);
}

// Product and sku reads, carts and checkouts run these; they are kept compiled (see compiledQuery).
const selectSku = compiledQuery((db, id: string) => withOwner(db).where('s.id', '=', id));
const selectSkusWithOwner = compiledQuery((db, ids: string[]) => withOwner(db).where('s.id', 'in', ids).orderBy('s.id'));
const selectSkus = compiledQuery((db, ids: string[]) => db.selectFrom('skus').selectAll().where('id', 'in', ids));
const selectSkusOfProducts = compiledQuery((db, productIds: string[]) => db
  .selectFrom('skus')
  .selectAll()
  .where('product_id', 'in', productIds)
  .orderBy('product_id')
  .orderBy('position')
  .orderBy('id'));

export async function findSku(db: Executor, id: string): Promise<SkuWithOwner | undefined> {
  return (await selectSku(db, id)).rows[0];
}

/** Skus with what their views need of their products, in id order. */
export async function findSkusWithOwner(db: Executor, ids: string[]): Promise<SkuWithOwner[]> {
  if (ids.length === 0) return [];
  return (await selectSkusWithOwner(db, ids)).rows;
}

export async function findSkus(db: Executor, ids: string[]): Promise<SkuRow[]> {
  if (ids.length === 0) return [];
  return (await selectSkus(db, ids)).rows;
}

export async function findSkusOfProducts(db: Executor, productIds: string[]): Promise<SkuRow[]> {
  if (productIds.length === 0) return [];
  return (await selectSkusOfProducts(db, productIds)).rows;
}

export async function countSkusOfProduct(db: Executor, productId: string): Promise<number> {
  const row = await db
    .selectFrom('skus')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findSkuIdsShowingFile(db: Executor, fileId: string): Promise<string[]> {
  const rows = await db.selectFrom('skus').select('id').where('image_file_id', '=', fileId).execute();
  return rows.map((row) => row.id);
}

export async function insertSku(db: Executor, row: SkuRow): Promise<void> {
  await db.insertInto('skus').values(row).execute();
  await replaceSkuOptions(db, row.id, JSON.parse(row.modifiers) as Record<string, string>);
}

export async function updateSku(db: Executor, id: string, changes: Partial<SkuRow>): Promise<void> {
  await db.updateTable('skus').set(changes).where('id', '=', id).execute();
  if (changes.modifiers !== undefined) await replaceSkuOptions(db, id, JSON.parse(changes.modifiers) as Record<string, string>);
}

/**
 * Takes the row lock of a sku's product until the transaction ends (a no-op update works on both
 * databases), so changes to the set of its skus run one after another.
 */
export async function lockProductOfSku(db: Executor, skuId: string): Promise<void> {
  await db
    .updateTable('products')
    .set((eb) => ({ default_sku_id: eb.ref('default_sku_id') }))
    .where('id', '=', (eb) => eb.selectFrom('skus').select('skus.product_id').where('skus.id', '=', skuId))
    .execute();
}

export async function deleteSku(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('skus').where('id', '=', id).execute();
}

async function replaceSkuOptions(db: Executor, skuId: string, options: Record<string, string>): Promise<void> {
  await db.deleteFrom('sku_options').where('sku_id', '=', skuId).execute();
  const rows = Object.entries(options).map(([name, value]) => ({ sku_id: skuId, name, value }));
  if (rows.length > 0) await db.insertInto('sku_options').values(rows).execute();
}

/** Points the product at its first sku by position, the one its price and `sku_id` come from. */
export async function refreshDefaultSku(db: Executor, productId: string): Promise<void> {
  const first = await db
    .selectFrom('skus')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  await db.updateTable('products').set({ default_sku_id: first?.id ?? null }).where('id', '=', productId).execute();
}

export interface SkuListFilter extends CatalogFilter {
  productId?: string;
  ids?: string[];
  permalinks?: string[];
  lowStock?: boolean;
  /** `overall`: skus that count their stock; `none`: the others. */
  stockPolicy?: 'none' | 'overall';
  /** The inventory's order: low skus first, then by stock, lowest first (stock not counted last), then creation. */
  lowStockFirst?: boolean;
}

export function listingQuery(db: Executor, filter: SkuListFilter, now: number) {
  let query: SelectQueryBuilder<any, any, any> = db.selectFrom('skus as s').innerJoin('products as p', 'p.id', 's.product_id');
  if (filter.productId) query = query.where('s.product_id', '=', filter.productId);
  if (filter.ids) query = query.where('s.id', 'in', filter.ids.length > 0 ? filter.ids : ['']);
  if (filter.permalinks) {
    const permalinks = filter.permalinks.length > 0 ? filter.permalinks : [''];
    // A translated permalink names its sku as its own does.
    query = query.where((eb) => eb.or([
      eb('s.permalink', 'in', permalinks),
      eb('s.id', 'in', eb.selectFrom('translated_permalinks').select('object_id').where('kind', '=', 'sku').where('permalink', 'in', permalinks)),
    ]));
  }
  // In a market, its price of each sku (`m`): a sku it does not sell has none and is left out.
  const marketId = filter.market?.id;
  if (marketId) query = query.innerJoin('market_prices as m', (join) => join.onRef('m.sku_id', '=', 's.id').on('m.market_id', '=', marketId));
  const price = sql.ref<number>(marketId ? 'm.price' : 's.price');
  return query.where((eb) => {
    const e = eb as ListingBuilder;
    const conditions = [...productConditions(db, e, filter, now, 's'), ...optionConditions(e, 's', filter)];
    if (filter.listable !== undefined) conditions.push(e('s.is_listable', '=', filter.listable ? 1 : 0));
    if (filter.priceMin !== undefined) conditions.push(e(price, '>=', filter.priceMin));
    if (filter.priceMax !== undefined) conditions.push(e(price, '<=', filter.priceMax));
    if (filter.lowStock !== undefined) conditions.push(filter.lowStock ? isLow(e) : e.not(isLow(e)));
    if (filter.stockPolicy !== undefined) conditions.push(e('s.stock_policy', '=', filter.stockPolicy));
    return e.and(conditions);
  });
}

/** A counted stock at or below its threshold; a sku without either is never low (never null, so `not` holds for it). */
function isLow(e: ListingBuilder): Expression<SqlBool> {
  return e.and([
    e('s.stock_policy', '=', 'overall'),
    e('s.low_threshold', 'is not', null),
    e('s.in_stock', 'is not', null),
    e('s.in_stock', '<=', e.ref('s.low_threshold')),
  ]);
}

/** One page of skus passing the filter (default order: creation), and how many pass in all. */
export async function listSkus(
  db: Executor,
  filter: SkuListFilter,
  now: number,
  offset: number,
  limit: number,
): Promise<{ rows: SkuWithOwner[]; total: number }> {
  let page = listingQuery(db, filter, now)
    .selectAll('s')
    .select(['p.name as product_name', 'p.modifiers as product_modifiers', 'p.is_active as product_is_active', 'p.available_at as product_available_at', 'p.hidden_on as product_hidden_on']) as SelectQueryBuilder<any, any, SkuWithOwner>;
  if (filter.lowStockFirst) {
    // The databases put nulls at opposite ends (SQLite first, PostgreSQL last), and the stock of a
    // sku that does not count it means nothing: both are placed by hand, the uncounted ones last.
    const counted = (eb: ListingBuilder) => eb.and([eb('s.stock_policy', '=', 'overall'), eb('s.in_stock', 'is not', null)]);
    page = page
      .orderBy((eb) => eb.case().when(isLow(eb as ListingBuilder)).then(0).else(1).end())
      .orderBy((eb) => eb.case().when(counted(eb as ListingBuilder)).then(0).else(1).end())
      .orderBy((eb) => eb.case().when(counted(eb as ListingBuilder)).then(eb.ref('s.in_stock')).else(0).end())
      .orderBy('s.id');
  } else if (filter.sortBy) {
    const { expression, direction } = sortOrder(filter.sortBy, filter.market?.id ? 'm' : 's', 's');
    page = page.orderBy(expression, direction).orderBy('s.id', direction);
  } else {
    page = page.orderBy('s.id');
  }
  const [rows, count] = await Promise.all([
    page.offset(offset).limit(limit).execute(),
    listingQuery(db, filter, now).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow() as Promise<{ count: number }>,
  ]);
  return { rows, total: Number(count.count) };
}
