import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Page } from '../../lib/pagination.js';
import { optionConditions, type CatalogFilter, type ListingBuilder } from './catalog-filters.js';
import { keptCountsAnswer, keptFacetCounts, keptPriceRange } from './facet-counts.repo.js';
import type { FacetName } from './facets.schemas.js';
import { listingQuery as productListing, type ProductScope } from './products.repo.js';
import { listingQuery as skuListing, type SkuListFilter } from './skus.repo.js';

export interface FacetValue { value: string; count: number }
export interface Facets {
  vendor?: FacetValue[];
  tags?: FacetValue[];
  options?: Record<string, FacetValue[]>;
  price?: { min: number | null; max: number | null };
}

/** A page of a listing and, when asked for, its facets. */
export type FacetedPage<T> = Page<T> & { meta: { facets?: Facets } };

/** The page with the facets counted beside it; the page as it is when none were asked for. */
export function withFacets<T>(page: Page<T>, facets: Facets | undefined): FacetedPage<T> {
  return facets === undefined ? page : { ...page, meta: { ...page.meta, facets } };
}

/** Values listed per facet (per option name): the most frequent first, so a shop's filter stays short. */
export const FACET_VALUES_LISTED = 100;

// The listing's rows are untyped here, as in the listing queries they come from.
type Rows = SelectQueryBuilder<any, any, any>;

/**
 * A listing whose rows facets count: products (`p`) or skus (`s`), with the product joined as `p`
 * either way.
 */
export interface FacetSource<F extends CatalogFilter> {
  /** The rows passing a filter; `forPrice`: with `price` readable. */
  rows: (filter: F, forPrice: boolean) => Rows;
  /** What one row is: a product or a sku; option counts are of distinct ones. */
  counted: 'p.id' | 's.id';
  /** The price a row is listed at (the market's in a market). */
  price: string;
  /**
   * The rows passing a filter with the sku options `so` joined: of each product's skus (`o`) holding
   * the other option filters, or of the listed sku itself. `options` are the option filters kept.
   */
  optionRows: (filter: F, options: Record<string, string[]>) => Rows;
}

/**
 * The facets asked for, each counted in one grouped query under the filter less its own part (so the
 * other values of a chosen vendor keep their counts); an option name counted apart when the filter
 * names it, as its own filter is then left out.
 */
export async function countFacets<F extends CatalogFilter>(
  db: Executor, source: FacetSource<F>, filter: F, names: FacetName[],
): Promise<Facets> {
  const facets: Facets = {};
  await Promise.all([...new Set(names)].map(async (name) => {
    switch (name) {
      case 'vendor':
        facets.vendor = await countNamed(source.rows({ ...filter, vendors: undefined }, false).where('p.vendor_id', 'is not', null), 'p.vendor_id', vendorNames(db));
        return;
      case 'tags':
        facets.tags = await countNamed(source.rows({ ...filter, tags: undefined }, false).innerJoin('product_tags as fpt', 'fpt.product_id', 'p.id'), 'fpt.tag_id', tagNames(db));
        return;
      case 'price': {
        const row = await source.rows({ ...filter, priceMin: undefined, priceMax: undefined }, true)
          .select([sql<number | null>`min(${sql.ref(source.price)})`.as('min'), sql<number | null>`max(${sql.ref(source.price)})`.as('max')])
          .executeTakeFirstOrThrow() as { min: number | null; max: number | null };
        facets.price = { min: row.min === null ? null : Number(row.min), max: row.max === null ? null : Number(row.max) };
        return;
      }
      case 'options':
        facets.options = await countOptions(source, filter);
    }
  }));
  return facets;
}

/**
 * Each option name's values: the names the filter does not name in one query under the whole
 * filter, and each name it names in one of its own, under the filter less that name.
 */
async function countOptions<F extends CatalogFilter>(source: FacetSource<F>, filter: F): Promise<Record<string, FacetValue[]>> {
  // A product counts once however many of its skus hold the value.
  const count = sql<number>`count(distinct ${sql.ref(source.counted)})`;
  const chosen = filter.options ?? {};
  const chosenNames = Object.keys(chosen);
  const select = (rows: Rows) => rows.select(['so.name', 'so.value', count.as('count')]).groupBy(['so.name', 'so.value']);
  const unchosen = select(source.optionRows(filter, chosen))
    .$if(chosenNames.length > 0, (q) => q.where('so.name', 'not in', chosenNames))
    .execute();
  const ofChosen = chosenNames.map((name) => {
    const { [name]: _, ...others } = chosen;
    return select(source.optionRows(filter, others)).where('so.name', '=', name).execute();
  });
  const rows = (await Promise.all([unchosen, ...ofChosen])).flat() as Array<{ name: string; value: string; count: number }>;
  return optionsByName(rows);
}

/** Option values grouped by their option's name, each name's the most frequent first. */
function optionsByName(rows: Array<{ name: string; value: string; count: number }>): Record<string, FacetValue[]> {
  const byName: Record<string, FacetValue[]> = {};
  for (const row of rows) (byName[row.name] ??= []).push({ value: row.value, count: Number(row.count) });
  for (const name of Object.keys(byName)) {
    byName[name] = byCountThenValue(byName[name]!).slice(0, FACET_VALUES_LISTED);
  }
  return byName;
}

const vendorNames = (db: Executor): NamesOf => (ids) => db.selectFrom('vendors').select(['id', 'name as value']).where('id', 'in', ids).execute();
const tagNames = (db: Executor): NamesOf => (ids) => db.selectFrom('tags').select(['id', 'title as value']).where('id', 'in', ids).execute();

/**
 * The rows counted by a record they join once each (a product's vendor, one of its tags), grouped by
 * its id: the index of the ids serves the grouping, and no name is read per row.
 */
async function countNamed(rows: Rows, key: string, namesOf: NamesOf): Promise<FacetValue[]> {
  const found = await rows.select([sql.ref(key).as('id'), sql<number>`count(*)`.as('count')]).groupBy(key).execute() as Array<{ id: string; count: number }>;
  return named(found, namesOf);
}

type NamesOf = (ids: string[]) => Promise<Array<{ id: string; value: string }>>;

/** Counts by record id as counts by its name, the names read for the ids found; records sharing a name share its count. */
async function named(found: Array<{ id: string; count: number }>, namesOf: NamesOf): Promise<FacetValue[]> {
  if (found.length === 0) return [];
  const counts = new Map<string, number>();
  const nameOf = new Map<string, string>();
  for (let at = 0; at < found.length; at += 500) {
    for (const row of await namesOf(found.slice(at, at + 500).map((row) => row.id))) nameOf.set(row.id, row.value);
  }
  for (const row of found) {
    const value = nameOf.get(row.id);
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + Number(row.count));
  }
  return byCountThenValue([...counts].map(([value, count]) => ({ value, count }))).slice(0, FACET_VALUES_LISTED);
}

/** Values the most frequent first, then by value in code points: the databases collate text differently. */
function byCountThenValue(values: FacetValue[]): FacetValue[] {
  return values.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/**
 * The facets of the products in scope passing the filter, counting products: from the kept counts
 * where they answer (a whole catalogue or hand-picked collection, unfiltered), counted otherwise.
 */
export function countProductFacets(db: Executor, scope: ProductScope, filter: CatalogFilter, now: number, names: FacetName[]): Promise<Facets> {
  if (keptCountsAnswer(scope, filter)) return keptFacets(db, scope, filter, now, names);
  return countFacets(db, productFacetSource(db, scope, now), filter, names);
}

/** The products in scope as a listing facets count, one by one (countFacets). */
export function productFacetSource(db: Executor, scope: ProductScope, now: number): FacetSource<CatalogFilter> {
  return {
    rows: (rowsFilter, forPrice) => productListing(db, scope, rowsFilter, now, forPrice),
    counted: 'p.id',
    // The default sku's price, or in a market its price there (see the listing).
    price: 'd.price',
    optionRows: (rowsFilter, options) => productListing(db, scope, { ...rowsFilter, options: undefined }, now, false)
      .innerJoin('skus as o', 'o.product_id', 'p.id')
      .innerJoin('sku_options as so', 'so.sku_id', 'o.id')
      .where((eb) => eb.and(optionConditions(eb as ListingBuilder, 'o', { options }))),
  };
}

/** The facets asked for, from the counts kept of the scope (keptFacetCounts, keptPriceRange). */
async function keptFacets(db: Executor, scope: Parameters<typeof keptFacetCounts>[1], filter: CatalogFilter, now: number, names: FacetName[]): Promise<Facets> {
  const asked = new Set(names);
  const counted = (['vendor', 'tags', 'options'] as const).filter((name) => asked.has(name));
  const [rows, price] = await Promise.all([
    counted.length > 0 ? keptFacetCounts(db, scope, filter, now, counted) : [],
    asked.has('price') ? keptPriceRange(db, scope, filter, now) : undefined,
  ]);
  const of = (facet: string) => rows.filter((row) => row.facet === facet);
  const values = (facet: string) => byCountThenValue(of(facet).map((row) => ({ value: row.value, count: row.products }))).slice(0, FACET_VALUES_LISTED);
  const facets: Facets = {};
  if (asked.has('vendor')) facets.vendor = values('vendor');
  if (asked.has('tags')) facets.tags = values('tags');
  if (asked.has('options')) facets.options = optionsByName(of('options').map((row) => ({ name: row.name, value: row.value, count: row.products })));
  if (price) facets.price = price;
  return facets;
}

/** The facets of the skus passing the filter, counting skus. */
export function countSkuFacets(db: Executor, filter: SkuListFilter, now: number, names: FacetName[]): Promise<Facets> {
  return countFacets(db, {
    rows: (rowsFilter) => skuListing(db, rowsFilter, now),
    counted: 's.id',
    price: filter.market?.id ? 'm.price' : 's.price',
    optionRows: (rowsFilter, options) => skuListing(db, { ...rowsFilter, options }, now).innerJoin('sku_options as so', 'so.sku_id', 's.id'),
  }, filter, names);
}
