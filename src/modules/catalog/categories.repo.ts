import { sql } from 'kysely';
import type { DatabaseKind, Executor, Tx } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { CategoryRow } from '../../db/types.js';

export function findCategory(db: Executor, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface CategoryListFilter {
  rootsOnly: boolean;
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: CategoryListFilter) {
  let query = db.selectFrom('categories');
  if (filter.rootsOnly) query = query.where('parent_id', 'is', null);
  if (filter.metadata) query = query.where(metadataMatches(db, 'categories.metadata', filter.metadata));
  return query;
}

/** Every category, or only the roots, in display order: by order, then by id. */
export function listCategories(db: Executor, filter: CategoryListFilter, offset: number, limit: number): Promise<CategoryRow[]> {
  return filtered(db, filter).selectAll().orderBy('order').orderBy('id').offset(offset).limit(limit).execute();
}

export async function countCategories(db: Executor, filter: CategoryListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Every descendant of the given categories (children, their children, …), in display order.
 * UNION rather than UNION ALL, so the walk ends even if a cycle ever reached the table.
 */
export function listDescendants(db: Executor, ancestorIds: string[]): Promise<CategoryRow[]> {
  if (ancestorIds.length === 0) return Promise.resolve([]);
  return db
    .withRecursive('descendants(id)', (qb) =>
      qb
        .selectFrom('categories')
        .select('id')
        .where('parent_id', 'in', ancestorIds)
        .union((union) =>
          union
            .selectFrom('categories')
            .innerJoin('descendants', 'descendants.id', 'categories.parent_id')
            .select('categories.id'),
        ),
    )
    .selectFrom('categories')
    .selectAll('categories')
    .where('id', 'in', (qb) => qb.selectFrom('descendants').select('descendants.id'))
    .orderBy('order')
    .orderBy('id')
    .execute();
}

export async function insertCategory(db: Executor, row: CategoryRow): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(db: Executor, id: string, changes: Partial<Omit<CategoryRow, 'id'>>): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

/** The direct children of a category, in display order. */
export function listChildren(db: Executor, parentId: string): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().where('parent_id', '=', parentId).orderBy('order').orderBy('id').execute();
}

/** Moves every direct child of `fromParentId` under `toParentId` (null: they become roots). */
export async function moveChildren(db: Executor, fromParentId: string, toParentId: string | null, now: number): Promise<void> {
  await db.updateTable('categories').set({ parent_id: toParentId, updated_at: now }).where('parent_id', '=', fromParentId).execute();
}

/** Deletes a category; its product memberships go with it (`product_categories` cascades). */
export async function deleteCategory(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

/**
 * Serialises writes to the category tree until the transaction ends. Checking a new parent (it
 * exists, it is not a descendant) and then saving it is check-then-act: two concurrent moves could
 * otherwise build a cycle, or attach a child to a parent being deleted. SQLite already runs one
 * writer at a time; PostgreSQL takes a transaction-scoped advisory lock.
 */
export async function lockCategoryTree(tx: Tx, kind: DatabaseKind): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`SELECT pg_advisory_xact_lock(hashtext('storefront.categories'))`.execute(tx);
}
