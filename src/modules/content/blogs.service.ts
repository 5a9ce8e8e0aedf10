import { announceChange } from '../../db/change-feed.js';
import type { BlogRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { idOrPermalinkToId, resolvePermalink } from '../catalog/permalinks.js';
import { keepTranslatedPermalinks, newTranslations, translationChanges } from '../translations/translation-writes.js';
import { translationsView } from '../translations/translations.js';
import * as repo from './blogs.repo.js';
import type { BlogCreateInput, BlogUpdateInput } from './content.schemas.js';
import { countPosts } from './posts.repo.js';

// Blogs have no publishing state: staff and the storefront see the same blogs. Content changes
// record no events (DESIGN.md §7 lists no content kinds); they announce the change so storefront
// caches drop what they kept.

export type BlogView = ReturnType<typeof blogView>;

function blogView(row: BlogRow) {
  return {
    id: row.id,
    object: 'blog' as const,
    permalink: row.permalink,
    title: row.title,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    is_commentable: row.is_commentable === 1,
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function columns(input: BlogUpdateInput): Partial<BlogRow> {
  const changes: Partial<BlogRow> = {};
  for (const key of ['title', 'meta_title', 'meta_description'] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.is_commentable !== undefined) changes.is_commentable = boolFlag(input.is_commentable);
  return changes;
}

/** Blogs in creation order. */
export async function listBlogs(ctx: Ctx, filter: repo.BlogListFilter, page: PageRequest, url: string): Promise<Page<BlogView>> {
  const [rows, total] = await Promise.all([repo.listBlogs(ctx.db, filter, offsetOf(page), page.perPage), repo.countBlogs(ctx.db, filter)]);
  return toPage(rows.map(blogView), page, total, url);
}

/** @throws Problem not_found. */
export async function getBlog(ctx: Ctx, id: string): Promise<BlogView> {
  const row = await repo.findBlog(ctx.db, await idOrPermalinkToId(ctx.db, 'blogs', id));
  if (!row) throw Problem.notFound('blog', id);
  return blogView(row);
}

/**
 * Creates a blog; its permalink is made from the title when none is sent.
 * @throws Problem validation_failed for a taken permalink; conflict when a concurrent create takes it first.
 */
export async function createBlog(ctx: Ctx, input: BlogCreateInput): Promise<BlogView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const id = newId('blg');
    const translations = await newTranslations(tx, 'blog', id, input);
    const row: BlogRow = {
      id,
      permalink: await resolvePermalink(tx, 'blogs', input.permalink, input.title, 'blog'),
      title: input.title,
      meta_title: null,
      meta_description: null,
      is_commentable: 0,
      ...newMetadata(input),
      ...translations,
      created_at: now,
      updated_at: now,
      ...columns(input),
    };
    await repo.insertBlog(tx, row);
    await keepTranslatedPermalinks(tx, 'blog', id, translations);
    await announceChange(tx);
    return blogView(row);
  });
}

/**
 * Changes the fields sent; the permalink changes only when one is sent.
 * @throws Problem not_found; validation_failed for a taken permalink.
 */
export async function updateBlog(ctx: Ctx, id: string, input: BlogUpdateInput): Promise<BlogView> {
  return ctx.db.transaction().execute(async (tx) => {
    await lockForMetadataMerge(tx, 'blogs', id, input);
    const current = await repo.findBlog(tx, id);
    if (!current) throw Problem.notFound('blog', id);
    const changes: Partial<BlogRow> = {
      ...columns(input), ...metadataChanges(input, current), ...(await translationChanges(tx, 'blog', id, current.translations, input)), updated_at: ctx.now(),
    };
    if (input.permalink !== undefined && input.permalink !== current.permalink) {
      changes.permalink = await resolvePermalink(tx, 'blogs', input.permalink, current.title, 'blog', id);
    }
    await repo.updateBlog(tx, id, changes);
    await keepTranslatedPermalinks(tx, 'blog', id, changes);
    await announceChange(tx);
    return blogView({ ...current, ...changes });
  });
}

/**
 * Deletes a blog that has no posts.
 * @throws Problem not_found; conflict while the blog still has posts (`posts_count` says how many).
 */
export async function deleteBlog(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.findBlog(tx, id))) throw Problem.notFound('blog', id);
    // A post added after this count makes the delete fail on the foreign key: 409 as well.
    const posts = await countPosts(tx, { blogId: id });
    if (posts > 0) {
      throw new Problem('conflict', `The blog still has ${posts} post${posts === 1 ? '' : 's'}: delete them or move them to another blog first`, {
        extra: { posts_count: posts },
      });
    }
    await repo.deleteBlog(tx, id);
    await announceChange(tx);
  });
}
