import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { FacetCountRow } from '../../db/types.js';
import { hiddenOn, productConditions, type CatalogFilter, type ListingBuilder } from './catalog-filters.js';
import { asksOnlyOnSale, type ProductScope } from './products.repo.js';

/** A facet value and how many products hold it. */
export type KeptCount = Pick<FacetCountRow, 'facet' | 'name' | 'value' | 'products'>;

/** The scopes counts are kept for: the catalogue and hand-picked collections (migration 049). */
type KeptScope = Extract<ProductScope, { kind: 'all' | 'members' }>;

/**
 * Whether the kept counts answer a listing: the whole catalogue or a hand-picked collection, in no
 * market (they know the store's products, not what a market sells), filtered by no more than what
 * the storefront forces (active, published, its channel) or by nothing at all (staff).
 */
export function keptCountsAnswer(scope: ProductScope, filter: CatalogFilter): scope is KeptScope {
  if (scope.kind === 'rules' || filter.market?.id || !asksOnlyOnSale(filter)) return false;
  return filter.active === true || (filter.active === undefined && filter.published === undefined && filter.channelId === undefined);
}

/**
 * The vendor, tag and option values of the listing's products, in one statement: the counts kept of
 * the scope's active products, and the few products the listing differs on counted from their keys
 * (correctionOf) — the inactive ones staff see added, the active ones the storefront may not see
 * (published later, hidden on its channel) taken out, each found through its own index (migrations
 * 014, 023, 028). Vendors and tags are kept by id and answered by name.
 */
export async function keptFacetCounts(db: Executor, scope: KeptScope, filter: CatalogFilter, now: number, facets: FacetCountRow['facet'][]): Promise<KeptCount[]> {
  const label = sql<string>`coalesce(v.name, g.title, k.value)`;
  const named = <Q extends SelectQueryBuilder<any, any, any>>(query: Q) => query
    .leftJoin('vendors as v', (join) => join.on('k.facet', '=', 'vendor').onRef('v.id', '=', 'k.value'))
    .leftJoin('tags as g', (join) => join.on('k.facet', '=', 'tags').onRef('g.id', '=', 'k.value'))
    .where('k.facet', 'in', facets);
  let rows: SelectQueryBuilder<any, any, any> = named(db.selectFrom('facet_counts as k'))
    .select(['k.facet', 'k.name', label.as('value'), 'k.products'])
    .where('k.scope', '=', scope.kind === 'all' ? 'all' : scope.collectionId)
    .where('k.products', '>', 0);
  const correction = correctionOf(db, filter, now);
  if (correction) {
    rows = rows.unionAll(named(db.selectFrom('product_facet_keys as k'))
      .select(['k.facet', 'k.name', label.as('value'), sql<number>`${correction.sign} * count(*)`.as('products')])
      .where('k.product_id', 'in', correction.products)
      .$if(scope.kind === 'members', (q) => q.where((eb) => eb.exists(eb.selectFrom('collection_products as m').select('m.product_id')
        .whereRef('m.product_id', '=', 'k.product_id').where('m.collection_id', '=', (scope as { collectionId: string }).collectionId))))
      .groupBy(['k.facet', 'k.name', 'k.value', 'v.name', 'g.title']));
  }
  // Vendors or tags sharing a name share its count.
  const counts = new Map<string, KeptCount>();
  for (const row of await rows.execute() as KeptCount[]) {
    const key = JSON.stringify([row.facet, row.name, row.value]);
    const at = counts.get(key) ?? { ...row, products: 0 };
    at.products += Number(row.products);
    counts.set(key, at);
  }
  return [...counts.values()].filter((row) => row.products > 0);
}

/**
 * The products a listing differs from the kept counts on, and which way: staff's unfiltered
 * listing adds the inactive (the index of inactive products, migration 028); the storefront's takes
 * out the active ones published later, and the active ones published but hidden on its channel
 * (apart, so none is taken out twice). Undefined when there are none to look for.
 */
function correctionOf(db: Executor, filter: CatalogFilter, now: number) {
  if (filter.active === undefined) {
    return { sign: 1, products: db.selectFrom('products as p').select('p.id').where('p.is_active', '=', 0) };
  }
  const later = db.selectFrom('products as p').select('p.id').where('p.available_at', '>', now).where('p.is_active', '=', 1);
  const hidden = filter.channelId === undefined ? undefined : db.selectFrom('products as p').select('p.id')
    .where(hiddenOn(filter.channelId)).where('p.is_active', '=', 1)
    .where((eb) => eb.or([eb('p.available_at', 'is', null), eb('p.available_at', '<=', now)]));
  if (filter.published === true) return { sign: -1, products: hidden ? later.unionAll(hidden) : later };
  return hidden && { sign: -1, products: hidden };
}

/**
 * The lowest and highest price the listing's products are listed at (their default sku's), each
 * walking an index of prices from its end to the first product the listing holds: the memberships'
 * kept prices in a collection (migration 028), the skus' prices in the catalogue, a product being
 * counted at its default sku. A product the storefront may not see is passed over.
 */
export async function keptPriceRange(db: Executor, scope: KeptScope, filter: CatalogFilter, now: number): Promise<{ min: number | null; max: number | null }> {
  const end = (direction: 'asc' | 'desc') => pricesOf(db, scope, filter, now).orderBy('price', direction).limit(1);
  const row = await db.selectNoFrom([end('asc').as('min'), end('desc').as('max')]).executeTakeFirstOrThrow() as { min: number | null; max: number | null };
  return { min: row.min === null ? null : Number(row.min), max: row.max === null ? null : Number(row.max) };
}

// Two tables answer it, which Kysely's types cannot follow: the builder is untyped here.
function pricesOf(db: Executor, scope: KeptScope, filter: CatalogFilter, now: number): SelectQueryBuilder<any, any, { price: number | null | undefined }> {
  const listed = (product: 'cp.product_id' | 's.id') => (eb: ExpressionBuilder<any, any>) => {
    const p = eb.selectFrom('products as p').select('p.id').where(product === 's.id' ? 'p.default_sku_id' : 'p.id', '=', eb.ref(product));
    return eb.exists(p.where((pe) => pe.and(productConditions(db, pe as ListingBuilder, filter, now, 'any-sku'))));
  };
  if (scope.kind === 'members') {
    return db.selectFrom('collection_products as cp').select('cp.price as price')
      .where('cp.collection_id', '=', scope.collectionId).where('cp.price', 'is not', null)
      .$if(filter.active !== undefined, (q) => q.where(listed('cp.product_id')));
  }
  return db.selectFrom('skus as s').select('s.price as price').where(listed('s.id'));
}
