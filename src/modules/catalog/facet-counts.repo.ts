import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { FacetCountRow } from '../../db/types.js';
import { hiddenOn, type CatalogFilter } from './catalog-filters.js';
import { asksOnlyOnSale, productsLeftOut, type LeftOut, type ProductScope } from './products.repo.js';

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
 * The vendor, tag and option values of the listing's products, from the counts kept of the scope's
 * active products, corrected by the few products the listing differs on: the inactive ones staff see
 * added, the active ones the storefront may not see (published later, hidden on its channel) taken
 * out. Each correction is one grouped query of those products' keys, through the indexes that find
 * them (migrations 014, 023, 028). Values are ids for vendors and tags.
 */
export async function keptFacetCounts(db: Executor, scope: KeptScope, filter: CatalogFilter, now: number, facets: FacetCountRow['facet'][]): Promise<KeptCount[]> {
  const scopeKey = scope.kind === 'all' ? 'all' : scope.collectionId;
  const kept = db.selectFrom('facet_counts').select(['facet', 'name', 'value', 'products'])
    .where('scope', '=', scopeKey).where('facet', 'in', facets).where('products', '>', 0).execute();
  const correction = correctionOf(db, filter, now);
  const [rows, corrections] = await Promise.all([
    kept,
    correction && db.selectFrom('product_facet_keys as k')
      .where('k.product_id', 'in', correction.products)
      .$if(scope.kind === 'members', (q) => q.where('k.product_id', 'in', db.selectFrom('collection_products as m')
        .select('m.product_id').where('m.collection_id', '=', (scope as { collectionId: string }).collectionId)))
      .where('k.facet', 'in', facets)
      .select(['k.facet', 'k.name', 'k.value', sql<number>`count(*)`.as('products')])
      .groupBy(['k.facet', 'k.name', 'k.value'])
      .execute() as Promise<KeptCount[]>,
  ]);
  const counts = new Map(rows.map((row) => [keyOf(row), { ...row, products: Number(row.products) }]));
  for (const row of corrections ?? []) {
    const at = counts.get(keyOf(row)) ?? { ...row, products: 0 };
    at.products += correction!.sign * Number(row.products);
    counts.set(keyOf(row), at);
  }
  return [...counts.values()].filter((row) => row.products > 0);
}

function keyOf(row: KeptCount): string {
  return JSON.stringify([row.facet, row.name, row.value]);
}

/**
 * The products a listing differs from the kept counts on, and which way: staff's unfiltered
 * listing adds the inactive (the index of inactive products, migration 028); the storefront's takes
 * out the active ones published later or hidden on its channel. Undefined when there are none to
 * look for.
 */
function correctionOf(db: Executor, filter: CatalogFilter, now: number) {
  if (filter.active === undefined) {
    return { sign: 1, products: db.selectFrom('products as p').select('p.id').where('p.is_active', '=', 0) };
  }
  const parts = [
    filter.published === true ? db.selectFrom('products as p').select('p.id').where('p.available_at', '>', now).where('p.is_active', '=', 1) : undefined,
    filter.channelId === undefined ? undefined : db.selectFrom('products as p').select('p.id').where(hiddenOn(filter.channelId)).where('p.is_active', '=', 1),
  ].filter((part) => part !== undefined);
  const products = parts.reduce<(typeof parts)[number] | undefined>((all, part) => (all ? all.union(part) : part), undefined);
  return products && { sign: -1, products };
}

/**
 * The lowest and highest price the listing's products are listed at (their default sku's), walking
 * an index of prices from each end to the first product the listing holds: the memberships' kept
 * prices in a collection (migration 028), the skus' prices in the catalogue, a product being counted
 * at its default sku. The few products left out (productsLeftOut) are passed over.
 */
export async function keptPriceRange(db: Executor, scope: KeptScope, filter: CatalogFilter, now: number): Promise<{ min: number | null; max: number | null }> {
  const leftOut = await productsLeftOut(db, filter, now);
  const end = (direction: 'asc' | 'desc') => pricesOf(db, scope, leftOut).orderBy('price', direction).limit(1).executeTakeFirst();
  const [min, max] = await Promise.all([end('asc'), end('desc')]);
  return { min: min ? Number(min.price) : null, max: max ? Number(max.price) : null };
}

// Two tables answer it, which Kysely's types cannot follow: the builder is untyped here.
function pricesOf(db: Executor, scope: KeptScope, leftOut: LeftOut): SelectQueryBuilder<any, any, { price: number | null | undefined }> {
  const excluding = !Array.isArray(leftOut) || leftOut.length > 0;
  if (scope.kind === 'members') {
    return db.selectFrom('collection_products as cp').select('cp.price as price')
      .where('cp.collection_id', '=', scope.collectionId).where('cp.price', 'is not', null)
      .$if(excluding, (q) => q.where('cp.product_id', 'not in', leftOut as string[]));
  }
  return db.selectFrom('skus as s').select('s.price as price')
    .where((eb) => eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.default_sku_id', '=', 's.id')))
    .$if(excluding, (q) => q.where('s.product_id', 'not in', leftOut as string[]));
}
