import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { PageRow } from '../../db/types.js';
import { liveCondition, titleConditions } from './publishing.js';

export interface PageListFilter {
  /** Terms the title must all contain. */
  q?: string;
  /** Only pages live at this time (the storefront's view). */
  liveAt?: number;
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: PageListFilter) {
  let query = db.selectFrom('pages');
  if (filter.liveAt !== undefined) query = query.where(liveCondition(filter.liveAt));
  for (const condition of titleConditions(filter.q)) query = query.where(condition);
  if (filter.metadata) query = query.where(metadataMatches(db, 'pages.metadata', filter.metadata));
  return query;
}

/** Newest first, as posts: undated drafts, then by published_at descending, then by id. */
export function listPages(db: Executor, filter: PageListFilter, offset: number, limit: number): Promise<PageRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('published_at', (ob) => ob.desc().nullsFirst())
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPages(db: Executor, filter: PageListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPage(db: Executor, id: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPage(db: Executor, row: PageRow): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

export async function updatePage(db: Executor, id: string, changes: Partial<PageRow>): Promise<void> {
  await db.updateTable('pages').set(changes).where('id', '=', id).execute();
}

export async function deletePage(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('pages').where('id', '=', id).execute();
}
