import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { isSqlite, type Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { Database } from '../../db/types.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import type { Market } from '../markets/market-context.js';

/** The listing parameters the spec shares between skus and the products of a collection. */
export interface CatalogFilter {
  active?: boolean;
  published?: boolean;
  listable?: boolean;
  priceMin?: number;
  priceMax?: number;
  /** Option name → accepted values; a sku must match every name. */
  options?: Record<string, string[]>;
  /** Vendor names: the product's vendor is one of them. */
  vendors?: string[];
  /** Tag titles: the product has one of them. */
  tags?: string[];
  /** Metadata key → value; the product (the sku, in a sku listing) must hold every one. */
  metadata?: Record<string, string>;
  q?: string;
  sortBy?: SortBy;
  /** Products of this category or of any category below it. */
  categoryId?: string;
  /** The sales channel listing: products hidden on it (`hidden_on`) are left out. */
  channelId?: string;
  /** The market read in: prices are its, and what it does not sell is left out (the primary market's id is null). */
  market?: Market;
  /** How a product listing finds `q`'s terms, when the caller measured them (planTextSearch). */
  text?: TextSearch;
}

export const sortByValues = [
  'name-ascending', 'name-descending', 'created-ascending', 'created-descending', 'price-ascending', 'price-descending',
] as const;
export type SortBy = (typeof sortByValues)[number];

// Listings join products as `p`, the default sku as `d` (products) or the listed sku as `s` (skus).
type ListingTables = Database & { p: Database['products']; d: Database['skus']; s: Database['skus'] };
export type ListingBuilder = ExpressionBuilder<ListingTables, 'p' | 'd' | 's'>;

/** Whether a product is on sale, so the storefront sees it: active, and published (available_at has come). */
export function isOnSale(product: { is_active: number; available_at: number | null }, now: number): boolean {
  return product.is_active === 1 && (product.available_at === null || product.available_at <= now);
}

/** Whether a product is hidden on the channel a storefront request comes through. */
export function isHiddenFrom(ctx: Ctx, product: { hidden_on: string }): boolean {
  const channelId = channelOf(ctx);
  return channelId !== undefined && isHiddenOn(product, channelId);
}

/** Whether a product is hidden on a sales channel, which then neither shows nor sells it. */
export function isHiddenOn(product: { hidden_on: string }, channelId: string | null): boolean {
  return product.hidden_on !== '[]' && channelId !== null && (JSON.parse(product.hidden_on) as string[]).includes(channelId);
}

function channelOf(ctx: Ctx): string | undefined {
  return ctx.actor.kind === 'channel' || ctx.actor.kind === 'customer' ? ctx.actor.channelId : undefined;
}

/**
 * The filter a listing runs with: the storefront's always has active and published forced on, and
 * leaves out the products hidden on its channel.
 */
export function effectiveFilter<T extends CatalogFilter>(ctx: Ctx, filter: T): T {
  return isStorefront(ctx) ? { ...filter, active: true, published: true, channelId: channelOf(ctx) } : filter;
}

/** A LIKE pattern that matches `text` literally (with `escape '\'`). */
export function likePattern(text: string, prefix: string, suffix: string): string {
  return prefix + text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + suffix;
}

/** Case-insensitive LIKE on both databases. */
export function ilike(column: Expression<unknown>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

/**
 * Conditions on the product `p`: active, published and the search terms. A term matches the product
 * name or permalink, or a sku code: any sku's for a product listing, the listed sku's (`s`) for skus.
 * A product listing's terms are found as `filter.text` plans them (textSearchOf when it does not).
 */
export function productConditions(db: Executor, eb: ListingBuilder, filter: CatalogFilter, now: number, codeOf: 'any-sku' | 's'): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.active !== undefined) conditions.push(eb('p.is_active', '=', filter.active ? 1 : 0));
  if (filter.published === true) conditions.push(eb.or([eb('p.available_at', 'is', null), eb('p.available_at', '<=', now)]));
  if (filter.published === false) conditions.push(eb('p.available_at', '>', now));
  if (filter.channelId !== undefined) conditions.push(eb.not(hiddenOn(filter.channelId)));
  if (filter.categoryId !== undefined) conditions.push(inCategoryTree(filter.categoryId));
  if (filter.vendors !== undefined) conditions.push(eb('p.vendor_id', 'in', eb.selectFrom('vendors as v').select('v.id').where('v.name', 'in', filter.vendors)));
  if (filter.tags !== undefined) {
    conditions.push(eb.exists(eb.selectFrom('product_tags as pt').innerJoin('tags as tg', 'tg.id', 'pt.tag_id')
      .select('pt.product_id').whereRef('pt.product_id', '=', 'p.id').where('tg.title', 'in', filter.tags)));
  }
  if (filter.metadata !== undefined) conditions.push(metadataMatches(db, codeOf === 's' ? 's.metadata' : 'p.metadata', filter.metadata));
  const terms = searchTerms(filter.q);
  if (codeOf === 's') {
    // The index holds the codes of all of a product's skus: it narrows, and each listed sku is tested.
    conditions.push(...termConditions(eb, terms, 's'));
    conditions.push(...indexedMatches(db, terms, 'p.id'));
  } else {
    const search = filter.text ?? textSearchOf(db, terms);
    conditions.push(...textConditions(search, 'p.id'), ...termConditions(eb, testedOnProducts(search), 'any-sku'));
  }
  return conditions;
}

/**
 * The exact conditions that product `p` holds each term in its name, its permalink, a sku code or
 * its translated names and descriptions (see productConditions).
 */
export function termConditions(eb: ListingBuilder, terms: string[], codeOf: 'any-sku' | 's'): Expression<SqlBool>[] {
  return terms.map((term) => {
    const pattern = likePattern(term, '%', '%');
    return eb.or([
      ilike(eb.ref('p.name'), pattern),
      ilike(eb.ref('p.permalink'), pattern),
      ilike(eb.ref('p.translated_words'), pattern),
      codeOf === 's'
        ? ilike(eb.ref('s.code'), pattern)
        : eb.exists(eb.selectFrom('skus as t').select('t.id').whereRef('t.product_id', '=', 'p.id').where((e) => ilike(e.ref('t.code'), pattern))),
    ]);
  });
}

/**
 * How a product listing finds the products holding every search term.
 *
 * `index` (SQLite): the text index of migration 051 answers every term exactly, in one query of it:
 * `match` is the FTS5 query of the term found through its postings (undefined when no term has
 * any: all are of 1 character), and each of `tested` is looked for in the indexed text of the
 * products it finds, never in their rows. `trigrams` (PostgreSQL): each of `indexed` is a LIKE
 * pg_trgm's indexes serve, and each of `tested` (too short for a trigram) a LIKE on each product
 * the others leave. `nothing`: a term the index holds no trigram of, so no product holds it.
 */
export type TextSearch =
  | { kind: 'index'; match: string | undefined; tested: string[] }
  | { kind: 'trigrams'; indexed: string[]; tested: string[] }
  | { kind: 'nothing' };

/** A term this long has no trigram of its own: it is found through the index's trigrams that begin with it. */
const PAIR = 2;

const lengthOf = (term: string) => [...term.toLowerCase()].length;

/**
 * The plan of a search without measuring its terms: on SQLite, every term of TRIGRAM characters or
 * more through the index's postings (FTS5 intersects them), the shorter ones tested on what they
 * find; on PostgreSQL, the same split between trigram-indexed and tested terms. planTextSearch
 * measures them first.
 */
export function textSearchOf(db: Executor, terms: string[]): TextSearch {
  const long = terms.filter((term) => lengthOf(term) >= TRIGRAM);
  const short = terms.filter((term) => lengthOf(term) < TRIGRAM);
  if (!isSqlite(db)) return { kind: 'trigrams', indexed: long, tested: short };
  return { kind: 'index', match: long.length > 0 ? textIndexQuery(long) : undefined, tested: short.map((term) => term.toLowerCase()) };
}

/** Past this many products a trigram's count stops: terms that common are alike to planTextSearch. */
const COMMON = 1000;
/** The first bound of the counts of longer terms: a rare term is found rare at the cost of so few postings. */
const FEW = 64;

/**
 * On SQLite, the plan of a search of several terms, or of a 2-character one: the rarest term is found
 * through the index's postings and every other is looked for in the text of the products it finds,
 * so a word in every product (`q=product 12`) costs nothing per product holding it. A 2-character
 * term's measure is the products of the index's trigrams beginning with it (which are also its FTS5
 * query); a longer term's, its rarest trigram's count of products, counted up to FEW, then, when
 * every longer term reaches that, up to the rarest 2-character term's measure (past it, that term
 * leads) or COMMON.
 */
export async function planTextSearch(db: Executor, terms: string[]): Promise<TextSearch> {
  if (!isSqlite(db) || terms.length === 0) return textSearchOf(db, terms);
  const lowered = [...new Set(terms.map((term) => term.toLowerCase()))];
  const pairs = lowered.filter((term) => lengthOf(term) === PAIR);
  const long = lowered.filter((term) => lengthOf(term) >= TRIGRAM);
  if (pairs.length === 0 && long.length <= 1) return textSearchOf(db, lowered);
  const candidates = await measurePairs(db, pairs);
  if (candidates.some((candidate) => candidate.match === undefined)) return { kind: 'nothing' };
  const bound = Math.min(COMMON, ...candidates.map((candidate) => candidate.products + 1));
  if (long.length > 0) {
    // Counted up to FEW first: a term found in fewer leads every term that reaches it, and the
    // common ones cost FEW postings a trigram, not COMMON.
    let counts = await countLongTerms(db, long, Math.min(FEW, bound));
    if (bound > FEW && counts.every((count) => count >= FEW)) counts = await countLongTerms(db, long, bound);
    candidates.push(...long.map((term, i) => ({ term, products: counts[i]!, match: textIndexQuery([term]) })));
  }
  const rarest = candidates.reduce((best, candidate) => (candidate.products < best.products ? candidate : best));
  return { kind: 'index', match: rarest.match, tested: lowered.filter((term) => term !== rarest.term) };
}

/**
 * Each 2-character term's products and FTS5 query: the index's trigrams beginning with it (migration
 * 051 ends each text with two spaces, so every place of the term starts one); no query when none do.
 */
async function measurePairs(db: Executor, pairs: string[]): Promise<Array<{ term: string; products: number; match: string | undefined }>> {
  if (pairs.length === 0) return [];
  const columns = pairs.map((term, i) => {
    // Every trigram beginning with the pair sorts at or below it followed by the last code point there is.
    const last = `${term}\u{10FFFF}`;
    return sql`(select json_object('trigrams', json_group_array(term), 'products', sum(doc)) from product_search_vocab where term >= ${term} and term <= ${last}) as ${sql.id(`m${i}`)}`;
  });
  const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db);
  return pairs.map((term, i) => {
    const { trigrams, products } = JSON.parse(rows[0]![`m${i}`]!) as { trigrams: string[]; products: number | null };
    return { term, products: products ?? 0, match: trigrams.length === 0 ? undefined : trigrams.map(phrase).join(' OR ') };
  });
}

/** Each term's count of products holding its rarest trigram, up to `bound`. */
async function countLongTerms(db: Executor, terms: string[], bound: number): Promise<number[]> {
  const columns = terms.map((term, i) => sql`${trigramsCount(term, bound)} as ${sql.id(`m${i}`)}`);
  const { rows } = await sql<Record<string, number>>`select ${sql.join(columns)}`.execute(db);
  return terms.map((_, i) => Number(rows[0]![`m${i}`]));
}

/** The SQL of the count of products holding a term's rarest trigram, up to `bound`. */
function trigramsCount(term: string, bound: number) {
  const characters = [...term];
  const trigrams = [...new Set(characters.slice(0, 1 - TRIGRAM).map((_, i) => characters.slice(i, i + TRIGRAM).join('')))];
  const counts = trigrams.map((trigram) =>
    sql`(select count(*) from (select 1 from product_search where product_search match ${phrase(trigram)} limit ${bound}))`);
  return counts.length === 1 ? counts[0]! : sql`min(${sql.join(counts)})`;
}

/** The terms a search leaves to test on each product's row (PostgreSQL's short ones). */
export function testedOnProducts(search: TextSearch): string[] {
  return search.kind === 'trigrams' ? search.tested : [];
}

/**
 * The conditions that the product `productId` (of `p`, or of a membership `cp`) holds the terms the
 * text index answers (TextSearch). On SQLite, one query of the index finds exactly the products
 * holding every term; on PostgreSQL, each indexed term's LIKE on each column.
 */
export function textConditions(search: TextSearch, productId: 'p.id' | 'cp.product_id'): Expression<SqlBool>[] {
  if (search.kind === 'nothing') return [sql<SqlBool>`0 = 1`];
  if (search.kind === 'trigrams') return postgresTextConditions(search.indexed, productId);
  if (search.match === undefined && search.tested.length === 0) return [];
  return [sql<SqlBool>`${sql.ref(productId)} in (${indexedProducts(search)})`];
}

/**
 * On SQLite, the query of the products (`product_id`) holding every term, when the index finds them
 * through its postings (a search `match`es): few enough to lead a walk, which then looks each one up.
 */
export function textIndexFinds(search: TextSearch): RawBuilder<{ product_id: string }> | undefined {
  return search.kind === 'index' && search.match !== undefined ? indexedProducts(search) : undefined;
}

function indexedProducts(search: Extract<TextSearch, { kind: 'index' }>): RawBuilder<{ product_id: string }> {
  const conditions = [
    ...(search.match === undefined ? [] : [sql<SqlBool>`product_search match ${search.match}`]),
    ...search.tested.map((term) => sql<SqlBool>`instr(f.text, ${term}) > 0`),
  ];
  return sql`select k.product_id from product_search f join product_search_keys k on k.id = f.rowid where ${sql.join(conditions, sql` and `)}`;
}

/** Trigrams: a text shorter than this has none, and no index narrows it. */
export const TRIGRAM = 3;

/**
 * Conditions narrowing the products (`productId`: of `p`, or of a membership `cp`) to those that may
 * hold every term of TRIGRAM characters or more, through the text indexes of migrations 012, 040 and
 * 051; exact conditions beside them decide (a sku listing's, on the listed sku's code). On SQLite,
 * one FTS5 query of all the terms (sqliteTextCandidates). On PostgreSQL, each term's LIKE on each
 * column, which pg_trgm's indexes serve.
 */
export function indexedMatches(db: Executor, searchTerms: string[], productId: 'p.id' | 'cp.product_id'): Expression<SqlBool>[] {
  const terms = searchTerms.filter((term) => lengthOf(term) >= TRIGRAM);
  if (terms.length === 0) return [];
  if (isSqlite(db)) return [sqliteTextCandidates(terms, productId)];
  return postgresTextConditions(terms, productId);
}

/** On PostgreSQL, the exact conditions that the product holds each term, through pg_trgm's indexes. */
function postgresTextConditions(terms: string[], productId: 'p.id' | 'cp.product_id'): Expression<SqlBool>[] {
  return terms.map((term) => {
    const pattern = likePattern(term, '%', '%');
    return sql<SqlBool>`${sql.ref(productId)} in (
      select id from products where lower(name) like ${pattern} escape '\\'
      union select id from products where lower(permalink) like ${pattern} escape '\\'
      union select id from products where lower(translated_words) like ${pattern} escape '\\'
      union select product_id from skus where lower(code) like ${pattern} escape '\\')`;
  });
}

/**
 * On SQLite, the condition that product `p` may hold each of `texts` (of TRIGRAM characters or more)
 * in its name, permalink, translated words or a sku code: one query of the FTS5 trigram index, which
 * intersects them, so the rarest bounds the work. The index holds the lower-cased text (migration
 * 051): it finds the products whose text holds each, lower-cased as `lower()` does, and a
 * condition on one column (a title rule's) decides which of those it matches.
 */
export function sqliteTextCandidates(texts: string[], productId: 'p.id' | 'cp.product_id' = 'p.id'): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(productId)} in (select k.product_id from product_search f join product_search_keys k on k.id = f.rowid where product_search match ${textIndexQuery(texts)})`;
}

/** The FTS5 query of rows holding each of `texts`, each taken literally (a phrase), lower-cased as the index is. */
export function textIndexQuery(texts: string[]): string {
  return texts.map((text) => phrase(text.toLowerCase())).join(' AND ');
}

/** An FTS5 phrase: the text taken literally. */
function phrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * The condition that product `p` is hidden on a channel: its id in the JSON list (ids hold no quote).
 * The literal `<> '[]'` is the predicate of the index of hidden products (migration 023), so both
 * planners may read only those.
 */
export function hiddenOn(channelId: string): Expression<SqlBool> {
  return hiddenMatching(hiddenPattern(channelId));
}

/** The LIKE pattern of a channel's id in `hidden_on`. */
export function hiddenPattern(channelId: string): string {
  return likePattern(`"${channelId}"`, '%', '%');
}

/** hiddenOn with the channel's pattern given, as a query compiled once takes it (compiledQuery). */
export function hiddenMatching(pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`(p.hidden_on <> '[]' and p.hidden_on like ${pattern} escape '\\')`;
}

/**
 * The condition that product `p` is in the category or one of its descendants, as a shop shows a
 * parent category's page. UNION ends the walk even if a cycle ever reached the table.
 */
function inCategoryTree(categoryId: string): Expression<SqlBool> {
  return sql<SqlBool>`p.id in (
    with recursive tree(id) as (
      select id from categories where id = ${categoryId}
      union select c.id from categories c join tree on c.parent_id = tree.id)
    select pc.product_id from product_categories pc join tree on pc.category_id = tree.id)`;
}

/** Conditions that a sku (`alias`) has the requested options. */
export function optionConditions(eb: ListingBuilder, alias: 's' | 'o', filter: CatalogFilter): Expression<SqlBool>[] {
  return Object.entries(filter.options ?? {}).map(([name, values]) =>
    eb.exists(
      eb.selectFrom('sku_options as opt')
        .select('opt.sku_id')
        .whereRef('opt.sku_id', '=', sql.ref(`${alias}.id`))
        .where('opt.name', '=', name)
        .where('opt.value', 'in', values),
    ),
  );
}

export function searchTerms(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter((t) => t !== '').slice(0, 10);
}

/**
 * What a sort_by value orders by: the product name (case-insensitively), the creation time of the
 * product or sku, or the price of the default sku (`d`), of the listed sku (`s`) or of its market price (`m`).
 */
export function sortOrder(sortBy: SortBy, priceAlias: 'd' | 's' | 'm', createdAlias: 'p' | 's') {
  const direction = sortBy.endsWith('descending') ? ('desc' as const) : ('asc' as const);
  const expression = sortBy.startsWith('name')
    ? sql`lower(p.name)`
    : sql.ref(sortBy.startsWith('price') ? `${priceAlias}.price` : `${createdAlias}.created_at`);
  return { expression, direction };
}
