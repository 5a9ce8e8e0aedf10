import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { ProductRow, TagRow, VendorRow } from '../../db/types.js';
import {
  hiddenOn, optionConditions, planTextSearch, productConditions, searchTerms, sortOrder, termConditions, testedOnProducts, textConditions,
  textIndexFinds, textIndexQuery, textSearchOf, type CatalogFilter, type ListingBuilder, type SortBy,
} from './catalog-filters.js';

// Product and sku reads, carts and checkouts run these; they are kept compiled (see compiledQuery).
const selectProducts = compiledQuery((db, ids: string[]) => db.selectFrom('products').selectAll().where('id', 'in', ids));
const selectVendors = compiledQuery((db, ids: string[]) => db.selectFrom('vendors').selectAll().where('id', 'in', ids));

export async function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return (await selectProducts(db, [id])).rows[0];
}

export async function findProducts(db: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return (await selectProducts(db, ids)).rows;
}

/** Products whose images include the file (a text match on the JSON, then checked exactly by the caller). */
export function findProductsShowingFile(db: Executor, fileId: string): Promise<ProductRow[]> {
  return db.selectFrom('products').selectAll().where('images', 'like', `%"${fileId}"%`).execute();
}

export async function insertProduct(db: Executor, row: ProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function updateProduct(db: Executor, id: string, changes: Partial<ProductRow>): Promise<void> {
  await db.updateTable('products').set(changes).where('id', '=', id).execute();
}

export async function deleteProduct(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}

export function findVendorByPermalink(db: Executor, permalink: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('permalink', '=', permalink).executeTakeFirst();
}

export function findVendorByName(db: Executor, name: string): Promise<VendorRow | undefined> {
  return db.selectFrom('vendors').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst();
}

export async function insertVendor(db: Executor, row: VendorRow): Promise<void> {
  await db.insertInto('vendors').values(row).execute();
}

/**
 * Makes the vendor unless one has its permalink, and answers the one that has it: a concurrent
 * transaction making the same vendor is waited for, not collided with.
 */
export async function insertVendorOnce(db: Executor, row: VendorRow): Promise<VendorRow> {
  await db.insertInto('vendors').values(row).onConflict((oc) => oc.column('permalink').doNothing()).execute();
  return db.selectFrom('vendors').selectAll().where('permalink', '=', row.permalink).executeTakeFirstOrThrow();
}

export async function findVendors(db: Executor, ids: string[]): Promise<VendorRow[]> {
  if (ids.length === 0) return [];
  return (await selectVendors(db, ids)).rows;
}

export function findTagsByPermalink(db: Executor, permalinks: string[]): Promise<TagRow[]> {
  if (permalinks.length === 0) return Promise.resolve([]);
  return db.selectFrom('tags').selectAll().where('permalink', 'in', permalinks).execute();
}

export function findTagsByTitle(db: Executor, titles: string[]): Promise<TagRow[]> {
  if (titles.length === 0) return Promise.resolve([]);
  return db.selectFrom('tags').selectAll().where('title', 'in', titles).execute();
}

export async function insertTag(db: Executor, row: TagRow): Promise<void> {
  await db.insertInto('tags').values(row).execute();
}

/** Makes the tag unless one has its permalink, and answers the one that has it (as insertVendorOnce). */
export async function insertTagOnce(db: Executor, row: TagRow): Promise<TagRow> {
  await db.insertInto('tags').values(row).onConflict((oc) => oc.column('permalink').doNothing()).execute();
  return db.selectFrom('tags').selectAll().where('permalink', '=', row.permalink).executeTakeFirstOrThrow();
}

export async function replaceProductTags(db: Executor, productId: string, tagIds: string[]): Promise<void> {
  await db.deleteFrom('product_tags').where('product_id', '=', productId).execute();
  if (tagIds.length > 0) {
    await db.insertInto('product_tags').values(tagIds.map((tag_id) => ({ product_id: productId, tag_id }))).execute();
  }
}

/** Tags of several products, in title order. */
export function findProductTags(db: Executor, productIds: string[]): Promise<Array<TagRow & { product_id: string }>> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_tags as pt')
    .innerJoin('tags as t', 't.id', 'pt.tag_id')
    .selectAll('t')
    .select('pt.product_id')
    .where('pt.product_id', 'in', productIds)
    .orderBy('t.title')
    .execute();
}

export async function replaceProductCategories(db: Executor, productId: string, categoryIds: string[]): Promise<void> {
  await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('product_categories')
      .values(categoryIds.map((category_id) => ({ product_id: productId, category_id })))
      .execute();
  }
}

export function findProductCategoryIds(db: Executor, productIds: string[]): Promise<Array<{ product_id: string; category_id: string }>> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_categories')
    .select(['product_id', 'category_id'])
    .where('product_id', 'in', productIds)
    .orderBy('category_id')
    .execute();
}

export function findProductCollectionIds(db: Executor, productIds: string[]): Promise<Array<{ product_id: string; collection_id: string }>> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('collection_products')
    .select(['product_id', 'collection_id'])
    .where('product_id', 'in', productIds)
    .orderBy('collection_id')
    .execute();
}

/** Sets a product's memberships of `products` collections, appending it where it is new. */
export async function replaceProductCollections(db: Executor, productId: string, collectionIds: string[], now: number): Promise<void> {
  const current = await db.selectFrom('collection_products').select('collection_id').where('product_id', '=', productId).execute();
  const keep = new Set(collectionIds);
  const gone = current.map((c) => c.collection_id).filter((id) => !keep.has(id));
  if (gone.length > 0) {
    await db.deleteFrom('collection_products').where('product_id', '=', productId).where('collection_id', 'in', gone).execute();
  }
  const existing = new Set(current.map((c) => c.collection_id));
  for (const collectionId of collectionIds.filter((id) => !existing.has(id))) {
    await addToCollection(db, collectionId, productId, undefined, now);
  }
}

/** Puts a product in a collection at `position` (default: last); moves it when it is there already. */
export async function addToCollection(db: Executor, collectionId: string, productId: string, position: number | undefined, now: number): Promise<number> {
  let at = position;
  if (at === undefined) {
    const last = await db
      .selectFrom('collection_products')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('collection_id', '=', collectionId)
      .executeTakeFirst();
    at = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  }
  await db
    .insertInto('collection_products')
    .values({ collection_id: collectionId, product_id: productId, position: at, created_at: now })
    .onConflict((oc) => oc.columns(['collection_id', 'product_id']).doUpdateSet({ position: at }))
    .execute();
  return at;
}

/** What a listing of products draws from: all products, a hand-picked collection, or smart rules. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'members'; collectionId: string }
  | { kind: 'rules'; condition: (eb: ListingBuilder) => Expression<SqlBool> };

/** The order of a listing: a sort_by value, or a `products` collection's own positions. */
export type ProductOrder = SortBy | 'manual';

/**
 * On SQLite, whether so few products may hold `text` (the text index's matches: a superset) that
 * reading only them beats reading every product: fewer than one in 40. A product found by id costs
 * about 30 times one read in a scan. Counts the matches only up to that bound.
 */
export async function fewProductsMayHold(db: Executor, text: string): Promise<boolean> {
  const bound = sql<number>`(select coalesce(max(id), 0) / 40 from product_search_keys)`;
  const { rows } = await sql<{ few: number }>`
    select count(*) < ${bound} as few
    from (select rowid from product_search where product_search match ${textIndexQuery([text])} limit ${bound})`.execute(db);
  return rows[0]?.few === 1;
}

/**
 * Whether a collection's memberships answer a filter (onSaleMembers): it asks for no more than
 * products on sale, words and a price range (the membership keeps the default sku's price).
 */
function membershipsAnswer(filter: CatalogFilter): boolean {
  return filter.active !== false && filter.published !== false && filter.listable === undefined
    && Object.keys(filter.options ?? {}).length === 0 && filter.categoryId === undefined && filter.metadata === undefined
    && filter.vendors === undefined && filter.tags === undefined;
}

/** Whether a filter asks for no more than active and published products: kept counts answer those (countMembers). */
export function asksOnlyOnSale(filter: CatalogFilter): boolean {
  return membershipsAnswer(filter) && filter.priceMin === undefined && filter.priceMax === undefined && searchTerms(filter.q).length === 0;
}

/**
 * The products in scope passing the filter. The default sku `d` is joined only when a price is
 * filtered or sorted on, so a count does not touch skus it does not need.
 */
export function listingQuery(db: Executor, scope: ProductScope, filter: CatalogFilter, now: number, joinDefaultSku: boolean) {
  // The join set depends on the scope, which Kysely's types cannot follow: the builder is untyped here.
  let query: SelectQueryBuilder<any, any, any> = db.selectFrom('products as p');
  const marketId = filter.market?.id;
  if (marketId) {
    // In a market, `d` is the market price of the product's first sku it sells (its default sku when
    // sold there), so the price filters and orders read it as they read the default sku; a product
    // it sells no sku of has none, and the inner join leaves it out.
    query = query.innerJoin('market_prices as d', (join) => join.on('d.market_id', '=', marketId).on((eb) => eb('d.sku_id', '=', sql<string>`(
      select mp.sku_id from market_prices mp join skus k on k.id = mp.sku_id
      where mp.market_id = ${marketId} and mp.product_id = p.id order by k.position, k.id limit 1)`)));
  } else if (joinDefaultSku || filter.priceMin !== undefined || filter.priceMax !== undefined) {
    query = query.innerJoin('skus as d', 'd.id', 'p.default_sku_id');
  }
  if (scope.kind === 'members') {
    query = query.innerJoin('collection_products as cp', (join) =>
      join.onRef('cp.product_id', '=', 'p.id').on('cp.collection_id', '=', scope.collectionId));
  }
  return query.where((eb) => {
    const e = eb as ListingBuilder;
    const conditions = productConditions(db, e, filter, now, 'any-sku');
    if (scope.kind === 'rules') conditions.push(scope.condition(e));
    if (filter.priceMin !== undefined) conditions.push(e('d.price', '>=', filter.priceMin));
    if (filter.priceMax !== undefined) conditions.push(e('d.price', '<=', filter.priceMax));
    if (filter.listable !== undefined) {
      const listable = e.exists(e.selectFrom('skus as l').select('l.id').whereRef('l.product_id', '=', 'p.id').where('l.is_listable', '=', 1));
      conditions.push(filter.listable ? listable : e.not(listable));
    }
    if (filter.options && Object.keys(filter.options).length > 0) {
      conditions.push(e.exists(
        e.selectFrom('skus as o').select('o.id').whereRef('o.product_id', '=', 'p.id').where((oe) => oe.and(optionConditions(oe as unknown as ListingBuilder, 'o', filter))),
      ));
    }
    return e.and(conditions);
  });
}

/** The filter with how its words are found planned (planTextSearch), once for the page and its facets. */
export async function withTextPlan<T extends CatalogFilter>(db: Executor, filter: T): Promise<T> {
  const terms = searchTerms(filter.q);
  return terms.length > 0 && filter.text === undefined ? { ...filter, text: await planTextSearch(db, terms) } : filter;
}

/** The ids of one page of the products in scope that pass the filter, in order, and how many pass in all. */
export async function listProductIds(
  db: Executor,
  scope: ProductScope,
  filter: CatalogFilter,
  order: ProductOrder,
  now: number,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  filter = await withTextPlan(db, filter);
  const byPrice = order !== 'manual' && order.startsWith('price');
  // The memberships keep the store's prices and know nothing of markets: a market takes the general path.
  if (scope.kind === 'members' && membershipsAnswer(filter) && !filter.market?.id) return listMembers(db, scope.collectionId, filter, order, now, offset, limit);
  // Words are counted from what the text index finds, which the page sorts as cheaply: one pass.
  if (sortsEveryMatch(order) || (order !== 'manual' && filter.text !== undefined)) return listInOnePass(db, scope, filter, order, byPrice, now, offset, limit);
  let page = listingQuery(db, scope, filter, now, byPrice).select('p.id') as SelectQueryBuilder<any, any, { id: string }>;
  if (order === 'manual') {
    page = scope.kind === 'members' ? page.orderBy('cp.position').orderBy('p.id') : page.orderBy('p.id');
  } else {
    const { expression, direction } = sortOrder(order, 'd', 'p');
    page = page.orderBy(expression, direction).orderBy('p.id', direction);
  }
  const [rows, total] = await Promise.all([page.offset(offset).limit(limit).execute(), countProducts(db, scope, filter, now)]);
  return { ids: rows.map((row) => row.id), total };
}

/** Whether a listing's order reads and sorts every product passing the filter before its first page: no index gives it. */
function sortsEveryMatch(order: ProductOrder): order is SortBy {
  return order !== 'manual' && (order.startsWith('price') || order.startsWith('name'));
}

/**
 * A page and the total in one pass: where the page must sort every product passing the filter, the
 * count would read them all a second time (a search sorted by price: 43 against 84 ms on 100,000
 * products). Only the ids are sorted, with the total beside each; the page's rows are read by id.
 */
async function listInOnePass(
  db: Executor,
  scope: ProductScope,
  filter: CatalogFilter,
  order: SortBy,
  byPrice: boolean,
  now: number,
  offset: number,
  limit: number,
): Promise<{ ids: string[]; total: number }> {
  const { expression, direction } = sortOrder(order, 'd', 'p');
  const page = await (listingQuery(db, scope, filter, now, byPrice) as SelectQueryBuilder<any, any, any>)
    .select(['p.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy(expression, direction)
    .orderBy('p.id', direction)
    .offset(offset)
    .limit(limit)
    .execute() as Array<{ id: string; total: number }>;
  // Past the last page no row carries the total.
  if (page.length === 0) return { ids: [], total: offset === 0 ? 0 : await countProducts(db, scope, filter, now) };
  return { ids: page.map((row) => row.id), total: Number(page[0]!.total) };
}

/**
 * A page of a hand-picked collection's members passing a filter its memberships answer, and their
 * total. With words, the page carries the total: one query of the text index, not two. Without, the
 * total is counted beside the page, from the kept counts when the filter asks for no more than
 * products on sale.
 */
async function listMembers(
  db: Executor, collectionId: string, filter: CatalogFilter, order: ProductOrder, now: number, offset: number, limit: number,
): Promise<{ ids: string[]; total: number }> {
  const members = onSaleMembers(db, collectionId, filter, await productsLeftOut(db, filter, now));
  const countAll = async () => asksOnlyOnSale(filter)
    ? countMembers(db, collectionId, filter, now)
    : Number((await members.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count);
  if (searchTerms(filter.q).length > 0) {
    const page = await memberPage(members, order, offset, limit, true);
    return { ids: page.ids, total: page.total ?? (offset === 0 ? 0 : await countAll()) };
  }
  const [page, total] = await Promise.all([memberPage(members, order, offset, limit, false), countAll()]);
  return { ids: page.ids, total };
}

/** The products of `ids`, in that order; one deleted since the ids were read is left out. */
export async function productsInOrder(db: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await findProducts(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The memberships of a hand-picked collection whose products pass a filter its memberships answer
 * (membershipsAnswer): the price range on the price each membership keeps (migration 028), the
 * words from the text index (textConditions: on SQLite it answers them all, reading no product),
 * then on PostgreSQL the words too short for a trigram on those products alone; the few products
 * not on sale are left out (productsLeftOut).
 */
function onSaleMembers(db: Executor, collectionId: string, filter: CatalogFilter, leftOut: LeftOut) {
  const terms = searchTerms(filter.q);
  const search = filter.text ?? textSearchOf(db, terms);
  const tested = testedOnProducts(search);
  const found = terms.length > 0 ? textIndexFinds(search) : undefined;
  const memberships = db.selectFrom('collection_products as cp');
  // What the text index finds leads, each one's membership looked up: a walk of the price range
  // tested every member in it against them (a word in 1 name in 12: 3.7 against 11 ms).
  const members = found
    ? db.selectFrom(sql<{ product_id: string }>`(${found})`.as('found')).crossJoin('collection_products as cp').whereRef('cp.product_id', '=', 'found.product_id') as unknown as typeof memberships
    : memberships;
  return members
    .where('cp.collection_id', '=', collectionId)
    .$if(filter.priceMin !== undefined, (q) => q.where('cp.price', '>=', filter.priceMin!))
    .$if(filter.priceMax !== undefined, (q) => q.where('cp.price', '<=', filter.priceMax!))
    .$if(!Array.isArray(leftOut) || leftOut.length > 0, (q) => q.where('cp.product_id', 'not in', leftOut as string[]))
    .$if(terms.length > 0 && !found, (q) => q.where((eb) => eb.and([
      ...textConditions(search, 'cp.product_id'),
      ...(tested.length === 0 ? [] : [eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.id', '=', 'cp.product_id')
        .where((pe) => pe.and(termConditions(pe as unknown as ListingBuilder, tested, 'any-sku'))))]),
    ])));
}

/** The column of a membership that keeps its product's key of each sort_by order (migration 028). */
const memberSortKey = { name: 'cp.name_key', price: 'cp.price', created: 'cp.product_created_at' } as const;

/**
 * The product ids of one page of `members` in the listing's order: one index of the collection's
 * memberships is walked in that order (its positions, or a sort key each membership keeps), so a
 * page costs the walk to it and reads no product but its own.
 */
async function memberPage(
  members: ReturnType<typeof onSaleMembers>, order: ProductOrder, offset: number, limit: number, withTotal: boolean,
): Promise<{ ids: string[]; total: number | undefined }> {
  const [key, direction] = order === 'manual'
    ? ['cp.position' as const, 'asc' as const]
    : [memberSortKey[order.slice(0, order.indexOf('-')) as keyof typeof memberSortKey], order.endsWith('descending') ? 'desc' as const : 'asc' as const];
  const rows = await members.select('cp.product_id as id')
    .$if(withTotal, (q) => q.select(sql<number>`count(*) over ()`.as('total')))
    // A product without a sku has no price to be placed by.
    .$if(key === 'cp.price', (q) => q.where('cp.price', 'is not', null))
    .orderBy(key, direction).orderBy('cp.product_id', direction).offset(offset).limit(limit).execute() as Array<{ id: string; total?: number }>;
  // Past the last page no row carries the total.
  return { ids: rows.map((row) => row.id), total: rows[0]?.total === undefined ? undefined : Number(rows[0].total) };
}

/** The products a listing leaves out: their ids, or the query of them when they are many. */
export type LeftOut = string[] | NonNullable<ReturnType<typeof notOnSale>>;

/** Past this many products left out, the page's query reads them itself rather than being given their ids. */
const LEFT_OUT_LISTED = 200;

/**
 * The products a filter asking for no more than products on sale leaves out (notOnSale), read once:
 * they are few, and usually none, when a walk through a collection need test no member at all (a
 * page in the middle of 10,000 members: 0.23 ms against 0.50 testing each against an empty list).
 */
export async function productsLeftOut(db: Executor, filter: CatalogFilter, now: number): Promise<LeftOut> {
  const query = notOnSale(db, filter, now);
  if (!query) return [];
  const rows = await query.limit(LEFT_OUT_LISTED + 1).execute();
  return rows.length > LEFT_OUT_LISTED ? query : rows.map((row) => row.id);
}

/**
 * The query of the ids of the products a filter asking for no more than products on sale leaves out:
 * the inactive, the not yet published and those hidden on the channel, each few and found through an
 * index of its own (migrations 023 and 028); undefined when the filter leaves none out (staff listing
 * everything).
 */
function notOnSale(db: Executor, filter: CatalogFilter, now: number) {
  const parts = [
    filter.active === true ? db.selectFrom('products as p').select('p.id').where('p.is_active', '=', 0) : undefined,
    filter.published === true ? db.selectFrom('products as p').select('p.id').where('p.available_at', '>', now) : undefined,
    filter.channelId === undefined ? undefined : db.selectFrom('products as p').select('p.id').where(hiddenOn(filter.channelId)),
  ].filter((part) => part !== undefined);
  return parts.reduce<(typeof parts)[number] | undefined>((all, part) => (all ? all.unionAll(part) : part), undefined);
}

async function countProducts(db: Executor, scope: ProductScope, filter: CatalogFilter, now: number): Promise<number> {
  if (scope.kind === 'members' && asksOnlyOnSale(filter) && !filter.market?.id) return countMembers(db, scope.collectionId, filter, now);
  const row = await (listingQuery(db, scope, filter, now, false) as SelectQueryBuilder<any, any, any>)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow() as { count: number };
  return Number(row.count);
}

/**
 * A hand-picked collection's members, or its active ones, from the counts kept as memberships and
 * products change (migrations 013 and 014); published ones are those less the few published later,
 * found through the index on available_at, and a channel's those less the few hidden on it, found
 * through the index of hidden products (migration 023).
 */
async function countMembers(db: Executor, collectionId: string, filter: CatalogFilter, now: number): Promise<number> {
  const kept = await db.selectFrom('collection_member_counts').select(['members', 'active_members']).where('collection_id', '=', collectionId).executeTakeFirst();
  const members = Number((filter.active ? kept?.active_members : kept?.members) ?? 0);
  if (members === 0) return 0;
  const countOfMembers = (query: SelectQueryBuilder<any, any, any>) => query
    .$if(filter.active === true, (q) => q.where('p.is_active', '=', 1))
    .where((eb) => eb.exists(eb.selectFrom('collection_products as cp').select('cp.product_id')
      .whereRef('cp.product_id', '=', 'p.id').where('cp.collection_id', '=', collectionId)))
    .select((eb) => eb.fn.countAll<number>().as('count'));
  const [later, hidden] = await Promise.all([
    filter.published ? countOfMembers(db.selectFrom('products as p').where('p.available_at', '>', now)).executeTakeFirstOrThrow() : { count: 0 },
    filter.channelId === undefined ? { count: 0 } : countOfMembers(db.selectFrom('products as p')
      .where(hiddenOn(filter.channelId))
      .$if(filter.published === true, (q) => q.where((eb) => eb.or([eb('p.available_at', 'is', null), eb('p.available_at', '<=', now)]))))
      .executeTakeFirstOrThrow(),
  ]) as Array<{ count: number }>;
  return members - Number(later!.count) - Number(hidden!.count);
}
