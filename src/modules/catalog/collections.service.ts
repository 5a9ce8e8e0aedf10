import type { Executor, Tx } from '../../db/database.js';
import type { CollectionRow, CollectionRuleRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { keepTranslatedPermalinks, newTranslations, translationChanges } from '../translations/translation-writes.js';
import { translationsView } from '../translations/translations.js';
import type { CatalogFilter, SortBy } from './catalog-filters.js';
import * as repo from './collections.repo.js';
import type { CollectionPreviewInput, CollectionWriteInput, SortingRule } from './collections.schemas.js';
import { idOrPermalinkToId, resolvePermalink } from './permalinks.js';
import { addToCollection, findProduct, type ProductOrder, type ProductScope } from './products.repo.js';
import { listProducts } from './products.service.js';
import type { FacetedPage } from './facets.repo.js';
import type { FacetName } from './facets.schemas.js';
import type { ProductView } from './products.view.js';
import { checkRules, smartCondition } from './smart-rules.js';

export type CollectionView = ReturnType<typeof collectionView>;

function collectionView(row: CollectionRow, rules: CollectionRuleRow[]) {
  return {
    id: row.id,
    object: 'collection' as const,
    permalink: row.permalink,
    title: row.title,
    description: row.description,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    image_url: row.image_url,
    kind: row.kind,
    sorting_rule: row.sorting_rule as SortingRule,
    is_visible: row.is_visible === 1,
    visible_at: row.visible_at,
    disjunctive: row.disjunctive === 1,
    rules: rules.map((r) => ({ id: r.id, object: 'collection_rule' as const, field: r.field, condition: r.condition, value: r.value })),
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function viewOf(db: Executor, row: CollectionRow): Promise<CollectionView> {
  return collectionView(row, await repo.findRules(db, [row.id]));
}

function isVisible(row: CollectionRow, now: number): boolean {
  return row.is_visible === 1 && (row.visible_at === null || row.visible_at <= now);
}

/** The collection as the caller may see it: the storefront sees only visible ones. */
async function findVisible(ctx: Ctx, id: string): Promise<CollectionRow> {
  const row = await repo.findCollection(ctx.db, await idOrPermalinkToId(ctx.db, 'collections', id));
  if (!row || (isStorefront(ctx) && !isVisible(row, ctx.now()))) throw Problem.notFound('collection', id);
  return row;
}

function ruleRows(collectionId: string, input: CollectionWriteInput, now: number): CollectionRuleRow[] {
  return (input.rules ?? []).map((rule, position) => ({
    id: newId('rul'),
    collection_id: collectionId,
    field: rule.field,
    condition: rule.condition,
    value: rule.value,
    position,
    created_at: now,
    updated_at: now,
  }));
}

/** Rules belong to smart collections only, and a smart collection needs at least one. */
function checkKindAndRules(input: CollectionWriteInput, hasRules: boolean): void {
  const errors = new FieldErrors();
  if (input.kind === 'products' && input.rules?.length) {
    errors.add('rules', 'not_allowed', 'belong to smart collections only');
  }
  if (input.kind === 'smart') {
    if (input.rules) checkRules(input.rules, errors);
    if (input.rules ? input.rules.length === 0 : !hasRules) errors.add('rules', 'required', 'a smart collection needs at least one rule');
  }
  errors.throwIfAny();
}

function columns(input: CollectionWriteInput, now: number): Partial<CollectionRow> {
  const changes: Partial<CollectionRow> = { title: input.title, kind: input.kind, updated_at: now };
  const copied = ['description', 'meta_title', 'meta_description', 'image_url', 'sorting_rule', 'visible_at'] as const;
  for (const key of copied) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.is_visible !== undefined) changes.is_visible = boolFlag(input.is_visible);
  if (input.disjunctive !== undefined) changes.disjunctive = boolFlag(input.disjunctive);
  return changes;
}

/**
 * Creates a collection (with its rules, for kind smart) and records `collection.created`.
 * @throws Problem validation_failed: a taken permalink, rules on a `products` collection, a smart one without rules, a rule that does not fit its field.
 */
export async function createCollection(ctx: Ctx, input: CollectionWriteInput): Promise<CollectionView> {
  checkKindAndRules(input, false);
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const id = newId('col');
    const errors = new FieldErrors();
    const translations = await newTranslations(tx, 'collection', id, input, errors);
    errors.throwIfAny();
    const row: CollectionRow = {
      id,
      permalink: await resolvePermalink(tx, 'collections', input.permalink, input.title, 'collection'),
      title: input.title,
      description: null,
      meta_title: null,
      meta_description: null,
      image_url: null,
      kind: input.kind,
      sorting_rule: 'manual',
      is_visible: 1,
      visible_at: null,
      disjunctive: 0,
      ...newMetadata(input),
      ...translations,
      created_at: now,
      updated_at: now,
      ...columns(input, now),
    };
    await repo.insertCollection(tx, row);
    await keepTranslatedPermalinks(tx, 'collection', id, translations);
    await repo.replaceRules(tx, row.id, ruleRows(row.id, input, now));
    const view = await viewOf(tx, row);
    await recordEvent(tx, now, 'collection.created', view);
    return view;
  });
}

/**
 * Replaces a collection's fields (title and kind are required, as on create) and records
 * `collection.updated`. Rules sent replace the rules; turning a collection into the other kind drops
 * its hand-picked products or its rules.
 * @throws Problem not_found; validation_failed as createCollection.
 */
export async function updateCollection(ctx: Ctx, id: string, input: CollectionWriteInput): Promise<CollectionView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await lockForMetadataMerge(tx, 'collections', id, input);
    const current = await repo.findCollection(tx, id);
    if (!current) throw Problem.notFound('collection', id);
    const hasRules = current.kind === 'smart' && (await repo.findRules(tx, [id])).length > 0;
    checkKindAndRules(input, hasRules);
    const errors = new FieldErrors();
    const changes = { ...columns(input, now), ...metadataChanges(input, current, errors), ...(await translationChanges(tx, 'collection', id, current.translations, input, errors)) };
    errors.throwIfAny();
    if (input.permalink !== undefined && input.permalink !== current.permalink) {
      changes.permalink = await resolvePermalink(tx, 'collections', input.permalink, input.title, 'collection', id);
    }
    await repo.updateCollection(tx, id, changes);
    await keepTranslatedPermalinks(tx, 'collection', id, changes);
    if (input.kind === 'products') await repo.replaceRules(tx, id, []);
    if (input.kind === 'smart') {
      await repo.removeAllMembers(tx, id);
      if (input.rules) await repo.replaceRules(tx, id, ruleRows(id, input, now));
    }
    const view = await viewOf(tx, (await repo.findCollection(tx, id))!);
    await recordEvent(tx, now, 'collection.updated', view);
    return view;
  });
}

/** Deletes a collection (never its products) and records `collection.deleted` with the collection and its rules. */
export async function deleteCollection(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const current = await repo.findCollection(tx, id);
    if (!current) throw Problem.notFound('collection', id);
    const view = await viewOf(tx, current);
    await repo.deleteCollection(tx, id);
    await recordEvent(tx, ctx.now(), 'collection.deleted', view);
  });
}

export async function getCollection(ctx: Ctx, id: string): Promise<CollectionView> {
  return viewOf(ctx.db, await findVisible(ctx, id));
}

export async function listCollections(ctx: Ctx, query: Omit<repo.CollectionListFilter, 'visibleAt'>, page: PageRequest, url: string): Promise<Page<CollectionView>> {
  const filter = { q: query.q, metadata: query.metadata, visibleAt: isStorefront(ctx) ? ctx.now() : undefined };
  const [rows, total] = await Promise.all([
    repo.listCollections(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countCollections(ctx.db, filter),
  ]);
  const rules = await repo.findRules(ctx.db, rows.map((r) => r.id));
  return toPage(rows.map((row) => collectionView(row, rules.filter((r) => r.collection_id === row.id))), page, total, url);
}

const sortByRule: Record<Exclude<SortingRule, 'manual'>, SortBy> = {
  'name-asc': 'name-ascending',
  'name-desc': 'name-descending',
  'price-asc': 'price-ascending',
  'price-desc': 'price-descending',
  'created-asc': 'created-ascending',
  'created-desc': 'created-descending',
};

/**
 * The products of a collection: its members (kind products) or the products its rules match (kind
 * smart), ordered by `sort_by` or else by the collection's sorting_rule.
 */
export async function listCollectionProducts(
  ctx: Ctx, id: string, filter: CatalogFilter, page: PageRequest, url: string, facets?: FacetName[],
): Promise<FacetedPage<ProductView>> {
  const row = await findVisible(ctx, id);
  const scope: ProductScope = row.kind === 'products'
    ? { kind: 'members', collectionId: row.id }
    : { kind: 'rules', condition: await smartCondition(ctx.db, await repo.findRules(ctx.db, [row.id]), row.disjunctive === 1) };
  return listProducts(ctx, scope, filter, orderOf(row.sorting_rule as SortingRule, filter.sortBy), page, url, facets);
}

function orderOf(rule: SortingRule, sortBy: SortBy | undefined): ProductOrder {
  return sortBy ?? (rule === 'manual' ? 'manual' : sortByRule[rule]);
}

/**
 * The products a smart collection with these rules would hold, as its listing would show them to
 * staff: nothing is saved, so a rule editor can show the effect of rules while they are written.
 * @throws Problem validation_failed: no rule, or a rule that does not fit its field (as createCollection).
 */
export async function previewSmartCollection(ctx: Ctx, input: CollectionPreviewInput, page: PageRequest, url: string): Promise<Page<ProductView>> {
  checkKindAndRules({ title: 'preview', kind: 'smart', rules: input.rules }, false);
  const scope: ProductScope = { kind: 'rules', condition: await smartCondition(ctx.db, input.rules, input.disjunctive === true) };
  return listProducts(ctx, scope, {}, orderOf(input.sorting_rule ?? 'manual', undefined), page, url);
}

async function membersCollection(tx: Tx, id: string): Promise<CollectionRow> {
  const row = await repo.findCollection(tx, id);
  if (!row) throw Problem.notFound('collection', id);
  if (row.kind !== 'products') {
    throw new Problem('invalid_state', 'A smart collection takes its products from its rules', { extra: { kind: row.kind } });
  }
  return row;
}

/**
 * Puts a product in a `products` collection at a position (default: last), or moves it there, and
 * records `collection.updated`.
 * @throws Problem not_found (collection); validation_failed (product); invalid_state for a smart collection.
 */
export async function addCollectionProduct(ctx: Ctx, id: string, productId: string, position: number | undefined) {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await membersCollection(tx, id);
    if (!(await findProduct(tx, productId))) throw Problem.invalid([{ field: 'product_id', code: 'not_found', message: 'names no product' }]);
    const at = await addToCollection(tx, id, productId, position, ctx.now());
    await recordEvent(tx, ctx.now(), 'collection.updated', await viewOf(tx, row));
    return { object: 'collection_product' as const, collection_id: id, product_id: productId, position: at };
  });
}

/** Takes a product out of a `products` collection and records `collection.updated`. */
export async function removeCollectionProduct(ctx: Ctx, id: string, productId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await membersCollection(tx, id);
    if (!(await repo.removeMember(tx, id, productId))) throw Problem.notFound('product in this collection', productId);
    await recordEvent(tx, ctx.now(), 'collection.updated', await viewOf(tx, row));
  });
}

/**
 * Orders the products of a `products` collection in one change: those named come first, in the order
 * given, and the others follow in their current order; positions become 0, 1, 2…. Records one
 * `collection.updated`.
 * @throws Problem not_found (collection); invalid_state for a smart collection; validation_failed for
 * a product named that is not in the collection, or named twice.
 */
export async function orderCollectionProducts(ctx: Ctx, id: string, productIds: string[]) {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await membersCollection(tx, id);
    const current = await repo.listMembers(tx, id);
    const members = new Set(current.map((member) => member.product_id));
    const seen = new Set<string>();
    const errors = new FieldErrors();
    productIds.forEach((productId, i) => {
      if (!members.has(productId)) errors.add(`product_ids[${i}]`, 'not_found', 'names no product of this collection');
      else if (seen.has(productId)) errors.add(`product_ids[${i}]`, 'duplicate', 'names a product already named');
      seen.add(productId);
    });
    errors.throwIfAny();
    const order = [...productIds, ...current.map((member) => member.product_id).filter((productId) => !seen.has(productId))];
    // Only the positions that change are written: moving one product of many rewrites few rows.
    const positions = new Map(current.map((member) => [member.product_id, member.position]));
    for (const [position, productId] of order.entries()) {
      if (positions.get(productId) !== position) await repo.setMemberPosition(tx, id, productId, position);
    }
    await recordEvent(tx, ctx.now(), 'collection.updated', await viewOf(tx, row));
    return order.map((productId, position) => ({ object: 'collection_product' as const, collection_id: id, product_id: productId, position }));
  });
}
