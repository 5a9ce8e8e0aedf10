import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { BlogRow } from '../../db/types.js';

export interface BlogListFilter {
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: BlogListFilter) {
  const query = db.selectFrom('blogs');
  return filter.metadata ? query.where(metadataMatches(db, 'blogs.metadata', filter.metadata)) : query;
}

/** Blogs in creation order (ids are time-ordered). */
export function listBlogs(db: Executor, filter: BlogListFilter, offset: number, limit: number): Promise<BlogRow[]> {
  return filtered(db, filter).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countBlogs(db: Executor, filter: BlogListFilter = {}): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findBlog(db: Executor, id: string): Promise<BlogRow | undefined> {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBlog(db: Executor, row: BlogRow): Promise<void> {
  await db.insertInto('blogs').values(row).execute();
}

export async function updateBlog(db: Executor, id: string, changes: Partial<BlogRow>): Promise<void> {
  await db.updateTable('blogs').set(changes).where('id', '=', id).execute();
}

export async function deleteBlog(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('blogs').where('id', '=', id).execute();
}
