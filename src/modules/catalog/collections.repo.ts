import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { CollectionRow, CollectionRuleRow } from '../../db/types.js';
import { ilike, likePattern, searchTerms } from './catalog-filters.js';

export interface CollectionListFilter {
  q?: string;
  /** Only collections a visitor may see: visible, and visible_at has come. */
  visibleAt?: number;
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: CollectionListFilter) {
  let query = db.selectFrom('collections');
  for (const term of searchTerms(filter.q)) {
    query = query.where((eb) => ilike(eb.ref('title'), likePattern(term, '%', '%')));
  }
  if (filter.visibleAt !== undefined) {
    const now = filter.visibleAt;
    query = query.where('is_visible', '=', 1).where((eb) => eb.or([eb('visible_at', 'is', null), eb('visible_at', '<=', now)]));
  }
  if (filter.metadata) query = query.where(metadataMatches(db, 'collections.metadata', filter.metadata));
  return query;
}

export function listCollections(db: Executor, filter: CollectionListFilter, offset: number, limit: number): Promise<CollectionRow[]> {
  return filtered(db, filter).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countCollections(db: Executor, filter: CollectionListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findCollection(db: Executor, id: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCollection(db: Executor, row: CollectionRow): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

export async function updateCollection(db: Executor, id: string, changes: Partial<CollectionRow>): Promise<void> {
  await db.updateTable('collections').set(changes).where('id', '=', id).execute();
}

export async function deleteCollection(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

export function findRules(db: Executor, collectionIds: string[]): Promise<CollectionRuleRow[]> {
  if (collectionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('collection_rules').selectAll().where('collection_id', 'in', collectionIds).orderBy('position').execute();
}

export async function replaceRules(db: Executor, collectionId: string, rules: CollectionRuleRow[]): Promise<void> {
  await db.deleteFrom('collection_rules').where('collection_id', '=', collectionId).execute();
  if (rules.length > 0) await db.insertInto('collection_rules').values(rules).execute();
}

export async function removeAllMembers(db: Executor, collectionId: string): Promise<void> {
  await db.deleteFrom('collection_products').where('collection_id', '=', collectionId).execute();
}

/** Removes one product; false when it was not a member. */
export async function removeMember(db: Executor, collectionId: string, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('collection_products')
    .where('collection_id', '=', collectionId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The products of a `products` collection with their positions, in their order (position, then product id, as listings show them). */
export function listMembers(db: Executor, collectionId: string): Promise<Array<{ product_id: string; position: number }>> {
  return db.selectFrom('collection_products').select(['product_id', 'position'])
    .where('collection_id', '=', collectionId).orderBy('position').orderBy('product_id').execute();
}

export async function setMemberPosition(db: Executor, collectionId: string, productId: string, position: number): Promise<void> {
  await db.updateTable('collection_products').set({ position })
    .where('collection_id', '=', collectionId).where('product_id', '=', productId).execute();
}
