import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { PostRow } from '../../db/types.js';
import { liveCondition, titleConditions } from './publishing.js';

export interface PostListFilter {
  blogId?: string;
  /** Terms the title must all contain. */
  q?: string;
  /** Only posts live at this time (the storefront's view). */
  liveAt?: number;
  metadata?: Record<string, string>;
}

function filtered(db: Executor, filter: PostListFilter) {
  let query = db.selectFrom('posts');
  if (filter.blogId !== undefined) query = query.where('blog_id', '=', filter.blogId);
  if (filter.liveAt !== undefined) query = query.where(liveCondition(filter.liveAt));
  for (const condition of titleConditions(filter.q)) query = query.where(condition);
  if (filter.metadata) query = query.where(metadataMatches(db, 'posts.metadata', filter.metadata));
  return query;
}

/** Newest first: undated drafts, then by published_at descending, then by id (newest created first). */
export function listPosts(db: Executor, filter: PostListFilter, offset: number, limit: number): Promise<PostRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('published_at', (ob) => ob.desc().nullsFirst())
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countPosts(db: Executor, filter: PostListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPost(db: Executor, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPost(db: Executor, row: PostRow): Promise<void> {
  await db.insertInto('posts').values(row).execute();
}

export async function updatePost(db: Executor, id: string, changes: Partial<PostRow>): Promise<void> {
  await db.updateTable('posts').set(changes).where('id', '=', id).execute();
}

export async function deletePost(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

/** Clears the image of the posts showing the file; how many there were. */
export async function clearImageOfFile(db: Executor, fileId: string, now: number): Promise<number> {
  const result = await db
    .updateTable('posts')
    .set({ image_url: null, image_file_id: null, updated_at: now })
    .where('image_file_id', '=', fileId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
