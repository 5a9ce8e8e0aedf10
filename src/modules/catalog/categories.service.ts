import type { Static } from 'typebox';
import type { Executor, Tx } from '../../db/database.js';
import type { CategoryRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata, type MetadataView } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { translationsView, type TranslationsView } from '../translations/translations.js';
import { keepTranslatedPermalinks, newTranslations, translationChanges } from '../translations/translation-writes.js';
import type { CategoryCreate, CategoryUpdate } from './categories.schemas.js';
import * as repo from './categories.repo.js';
import type { CatalogFilter } from './catalog-filters.js';
import { idOrPermalinkToId, resolvePermalink } from './permalinks.js';
import { listProducts } from './products.service.js';
import type { FacetedPage } from './facets.repo.js';
import type { FacetName } from './facets.schemas.js';
import type { ProductView } from './products.view.js';

export interface CategoryView extends MetadataView, TranslationsView {
  id: string;
  object: 'category';
  permalink: string;
  title: string;
  order: number;
  parent_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface CategoryNodeView extends CategoryView {
  children: CategoryNodeView[];
}

export function categoryView(row: CategoryRow): CategoryView {
  return {
    id: row.id,
    object: 'category',
    permalink: row.permalink,
    title: row.title,
    order: row.order,
    parent_id: row.parent_id,
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Nests `descendants` under `roots`. Both come in display order, and grouping keeps that order, so
 * every level stays sorted by order, then id.
 */
function nest(roots: CategoryRow[], descendants: CategoryRow[]): CategoryNodeView[] {
  const byParent = new Map<string, CategoryRow[]>();
  for (const row of descendants) {
    if (row.parent_id === null) continue;
    const siblings = byParent.get(row.parent_id) ?? [];
    siblings.push(row);
    byParent.set(row.parent_id, siblings);
  }
  const build = (row: CategoryRow): CategoryNodeView => ({
    ...categoryView(row),
    children: (byParent.get(row.id) ?? []).map(build),
  });
  return roots.map(build);
}

async function findOrFail(db: Executor, id: string): Promise<CategoryRow> {
  const row = await repo.findCategory(db, id);
  if (!row) throw Problem.notFound('category', id);
  return row;
}

/** The flat list of every category, in display order (order, then id). */
export async function listCategories(ctx: Ctx, metadata: Record<string, string> | undefined, page: PageRequest, url: string): Promise<Page<CategoryView>> {
  const all = { rootsOnly: false, metadata };
  const [rows, total] = await Promise.all([
    repo.listCategories(ctx.db, all, offsetOf(page), page.perPage),
    repo.countCategories(ctx.db, all),
  ]);
  return toPage(rows.map(categoryView), page, total, url);
}

/** A page of root categories, each with every descendant nested in `children`; pagination counts roots. */
export async function listCategoryTrees(ctx: Ctx, page: PageRequest, url: string): Promise<Page<CategoryNodeView>> {
  const roots = { rootsOnly: true };
  const [rows, total] = await Promise.all([
    repo.listCategories(ctx.db, roots, offsetOf(page), page.perPage),
    repo.countCategories(ctx.db, roots),
  ]);
  const descendants = await repo.listDescendants(ctx.db, rows.map((r) => r.id));
  return toPage(nest(rows, descendants), page, total, url);
}

/** @throws Problem not_found. */
export async function getCategory(ctx: Ctx, id: string): Promise<CategoryView> {
  return categoryView(await findOrFail(ctx.db, await idOrPermalinkToId(ctx.db, 'categories', id)));
}

/**
 * The products of a category and of every category below it, with the product listing's filters,
 * order (default: creation) and the storefront's visibility rules.
 * @throws Problem not_found for an unknown category.
 */
export async function listCategoryProducts(
  ctx: Ctx, id: string, filter: CatalogFilter, page: PageRequest, url: string, facets?: FacetName[],
): Promise<FacetedPage<ProductView>> {
  const row = await findOrFail(ctx.db, await idOrPermalinkToId(ctx.db, 'categories', id));
  return listProducts(ctx, { kind: 'all' }, { ...filter, categoryId: row.id }, filter.sortBy ?? 'created-ascending', page, url, facets);
}

/** A category with every descendant nested in `children`. @throws Problem not_found. */
export async function getCategoryTree(ctx: Ctx, id: string): Promise<CategoryNodeView> {
  const row = await findOrFail(ctx.db, await idOrPermalinkToId(ctx.db, 'categories', id));
  const [tree] = nest([row], await repo.listDescendants(ctx.db, [row.id]));
  return tree!;
}

function checkTitle(errors: FieldErrors, title: string): void {
  if (title.trim() === '') errors.add('title', 'blank', 'must not be blank');
}

/**
 * Adds an error when `parentId` names no category or, when `id` is an existing category, is that
 * category or one of its descendants (the tree would get a cycle).
 */
async function checkParent(tx: Tx, errors: FieldErrors, parentId: string | null | undefined, id?: string): Promise<void> {
  if (parentId == null) return;
  if (parentId === id) {
    errors.add('parent_id', 'cycle', 'cannot be the category itself: it would make a cycle');
    return;
  }
  if (!(await repo.findCategory(tx, parentId))) {
    errors.add('parent_id', 'not_found', `names no category (${parentId})`);
    return;
  }
  if (id !== undefined && (await repo.listDescendants(tx, [id])).some((d) => d.id === parentId)) {
    errors.add('parent_id', 'cycle', 'is a descendant of this category: it would make a cycle');
  }
}

/**
 * Creates a category. Without a permalink it gets the slug of its title, made unique with -2, -3, ….
 * Records `category.created` in the same transaction.
 * @throws Problem validation_failed for a blank title, an unknown `parent_id` or a `permalink` already taken.
 */
export async function createCategory(ctx: Ctx, input: Static<typeof CategoryCreate>): Promise<CategoryView> {
  return ctx.db.transaction().execute(async (tx) => {
    await repo.lockCategoryTree(tx, ctx.dbKind);
    const errors = new FieldErrors();
    checkTitle(errors, input.title);
    await checkParent(tx, errors, input.parent_id);
    const metadata = newMetadata(input, errors);
    const id = newId('cat');
    const translations = await newTranslations(tx, 'category', id, input, errors);
    errors.throwIfAny();

    const title = input.title.trim();
    const now = ctx.now();
    const row: CategoryRow = {
      id,
      permalink: await resolvePermalink(tx, 'categories', input.permalink, title, 'category'),
      title,
      order: input.order ?? 0,
      parent_id: input.parent_id ?? null,
      ...metadata,
      ...translations,
      created_at: now,
      updated_at: now,
    };
    await repo.insertCategory(tx, row);
    await keepTranslatedPermalinks(tx, 'category', id, translations);
    const view = categoryView(row);
    await recordEvent(tx, now, 'category.created', view);
    return view;
  });
}

/**
 * Changes a category. Members left out keep their value (the permalink too, so links stay valid when
 * the title changes); `parent_id: null` makes it a root. Records `category.updated` in the same
 * transaction.
 * @throws Problem not_found; validation_failed for a blank title, an unknown `parent_id`, a parent that
 * is the category itself or one of its descendants (a cycle), or a `permalink` already taken.
 */
export async function updateCategory(ctx: Ctx, id: string, input: Static<typeof CategoryUpdate>): Promise<CategoryView> {
  return ctx.db.transaction().execute(async (tx) => {
    await repo.lockCategoryTree(tx, ctx.dbKind);
    const current = await findOrFail(tx, id);
    const errors = new FieldErrors();
    checkTitle(errors, input.title);
    if (input.parent_id !== current.parent_id) await checkParent(tx, errors, input.parent_id, id);
    const metadata = metadataChanges(input, current, errors);
    const translations = await translationChanges(tx, 'category', id, current.translations, input, errors);
    errors.throwIfAny();

    const title = input.title.trim();
    const now = ctx.now();
    const changes: Partial<CategoryRow> = { title, ...metadata, ...translations, updated_at: now };
    if (input.parent_id !== undefined) changes.parent_id = input.parent_id;
    if (input.order !== undefined) changes.order = input.order;
    if (input.permalink !== undefined) {
      changes.permalink = await resolvePermalink(tx, 'categories', input.permalink, title, 'category', id);
    }
    await repo.updateCategory(tx, id, changes);
    await keepTranslatedPermalinks(tx, 'category', id, changes);
    const view = categoryView({ ...current, ...changes });
    await recordEvent(tx, now, 'category.updated', view);
    return view;
  });
}

/**
 * Deletes a category. Its children move up to its parent (they become roots when it had none), so
 * no subtree is lost or orphaned; each moved child records `category.updated`. Products keep every
 * other membership and lose only this one. Records `category.deleted` with the category as it was;
 * all in one transaction.
 * @throws Problem not_found.
 */
export async function deleteCategory(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    await repo.lockCategoryTree(tx, ctx.dbKind);
    const current = await findOrFail(tx, id);
    const now = ctx.now();
    // Children move up rather than go with it: deleting one level must not silently delete a subtree.
    const children = await repo.listChildren(tx, id);
    await repo.moveChildren(tx, id, current.parent_id, now);
    for (const child of children) {
      await recordEvent(tx, now, 'category.updated', categoryView({ ...child, parent_id: current.parent_id, updated_at: now }));
    }
    await repo.deleteCategory(tx, id);
    await recordEvent(tx, now, 'category.deleted', categoryView(current));
  });
}
