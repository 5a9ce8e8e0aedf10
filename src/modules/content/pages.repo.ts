import type { Executor } from '../../db/database.js';
import type { PageRow } from '../../db/types.js';
import { liveCondition } from './publishing.js';

function filtered(db: Executor, liveAt: number | undefined) {
  const query = db.selectFrom('pages');
  return liveAt === undefined ? query : query.where(liveCondition(liveAt));
}

/** Newest first, as posts: undated drafts, then by published_at descending, then by id. */
export function listPages(db: Executor, liveAt: number | undefined, offset: number, limit: number): Promise<PageRow[]> {
  return filtered(db, liveAt)
    .selectAll()
    .orderBy('published_at', (ob) => ob.desc().nullsFirst())
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPages(db: Executor, liveAt: number | undefined): Promise<number> {
  const row = await filtered(db, liveAt).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
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
