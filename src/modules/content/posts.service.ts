import { announceChange } from '../../db/change-feed.js';
import type { Executor, Tx } from '../../db/database.js';
import type { PostRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import { staffOf, type Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { isHttpUrl, resolveImage, type ResolvedImage } from '../catalog/images.js';
import { idOrPermalinkToId, resolvePermalink } from '../catalog/permalinks.js';
import { keepTranslatedPermalinks, newTranslations, translationChanges } from '../translations/translation-writes.js';
import { translationsView } from '../translations/translations.js';
import { findBlog } from './blogs.repo.js';
import type { PostCreateInput, PostUpdateInput } from './content.schemas.js';
import { sanitizeContent } from './html.js';
import * as repo from './posts.repo.js';
import { isVisibleTo, liveLimitOf, nextPublishing } from './publishing.js';

export type PostView = ReturnType<typeof postView>;

function postView(row: PostRow) {
  return {
    id: row.id,
    object: 'post' as const,
    permalink: row.permalink,
    title: row.title,
    summary: row.summary,
    content: row.content,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    image_url: row.image_url,
    blog_id: row.blog_id,
    user_id: row.user_id,
    is_published: row.is_published === 1,
    published_at: row.published_at,
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The image a write asks for (an `image` reference or a plain `image_url`; null clears it), or undefined for no change. */
async function imageOf(db: Executor, input: PostUpdateInput, errors: FieldErrors): Promise<ResolvedImage | null | undefined> {
  if (input.image !== undefined && input.image_url !== undefined) {
    errors.add('image_url', 'not_allowed', 'cannot be sent together with image: send one of them');
    return undefined;
  }
  if (input.image !== undefined) return input.image === null ? null : resolveImage(db, input.image, 'image', errors);
  if (input.image_url === undefined || input.image_url === null) return input.image_url;
  if (!isHttpUrl(input.image_url)) errors.add('image_url', 'invalid_format', 'must be an http or https URL');
  return { url: input.image_url, file_id: null };
}

/** Checks what needs the database (blog, image) and turns the body into column values; every fault in one 422. */
async function postChanges(db: Executor, input: PostUpdateInput): Promise<Partial<PostRow>> {
  const errors = new FieldErrors();
  const changes: Partial<PostRow> = {};
  if (input.blog_id !== undefined) {
    if (await findBlog(db, input.blog_id)) changes.blog_id = input.blog_id;
    else errors.add('blog_id', 'not_found', 'names no blog');
  }
  const image = await imageOf(db, input, errors);
  errors.throwIfAny();
  if (image !== undefined) {
    changes.image_url = image?.url ?? null;
    changes.image_file_id = image?.file_id ?? null;
  }
  for (const key of ['title', 'summary', 'meta_title', 'meta_description', 'user_id'] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.content !== undefined) changes.content = sanitizeContent(input.content);
  return changes;
}

/** A post as the caller may see it: the storefront sees only live posts (404 otherwise). */
async function findVisible(ctx: Ctx, id: string): Promise<PostRow> {
  const row = await repo.findPost(ctx.db, await idOrPermalinkToId(ctx.db, 'posts', id));
  if (!row || !isVisibleTo(ctx, row)) throw Problem.notFound('post', id);
  return row;
}

/** Posts, newest first, of one blog or of all, those whose title holds every term of `q` if given; the storefront sees only live ones. */
export async function listPosts(ctx: Ctx, query: Omit<repo.PostListFilter, 'liveAt'>, page: PageRequest, url: string): Promise<Page<PostView>> {
  const filter = { ...query, liveAt: liveLimitOf(ctx) };
  const [rows, total] = await Promise.all([
    repo.listPosts(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countPosts(ctx.db, filter),
  ]);
  return toPage(rows.map(postView), page, total, url);
}

/** @throws Problem not_found, also for a draft or scheduled post asked for by the storefront. */
export async function getPost(ctx: Ctx, id: string): Promise<PostView> {
  return postView(await findVisible(ctx, id));
}

/**
 * Creates a post in a blog. Its permalink is made from the title when none is sent; its author
 * (`user_id`) is by default the API key that creates it; published without a date, it is published now.
 * @throws Problem validation_failed for an unknown blog, a bad image or image_url, a taken permalink.
 */
export async function createPost(ctx: Ctx, input: PostCreateInput): Promise<PostView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const changes = await postChanges(tx, input);
    const id = newId('pst');
    const translations = await newTranslations(tx, 'post', id, input);
    const row: PostRow = {
      id,
      blog_id: input.blog_id,
      permalink: await resolvePermalink(tx, 'posts', input.permalink, input.title, 'post'),
      title: input.title,
      summary: null,
      content: null,
      meta_title: null,
      meta_description: null,
      image_url: null,
      image_file_id: null,
      user_id: staffOf(ctx)?.id ?? null,
      ...newMetadata(input),
      ...translations,
      created_at: now,
      updated_at: now,
      ...changes,
      ...nextPublishing(undefined, input, now),
    };
    await repo.insertPost(tx, row);
    await keepTranslatedPermalinks(tx, 'post', id, translations);
    await announceChange(tx);
    return postView(row);
  });
}

/**
 * Changes the fields sent (null clears an optional one); the permalink changes only when one is sent.
 * Unpublishing keeps published_at.
 * @throws Problem not_found; validation_failed as createPost.
 */
export async function updatePost(ctx: Ctx, id: string, input: PostUpdateInput): Promise<PostView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await lockForMetadataMerge(tx, 'posts', id, input);
    const current = await repo.findPost(tx, id);
    if (!current) throw Problem.notFound('post', id);
    const changes: Partial<PostRow> = {
      ...(await postChanges(tx, input)), ...nextPublishing(current, input, now), ...metadataChanges(input, current),
      ...(await translationChanges(tx, 'post', id, current.translations, input)), updated_at: now,
    };
    if (input.permalink !== undefined && input.permalink !== current.permalink) {
      changes.permalink = await resolvePermalink(tx, 'posts', input.permalink, current.title, 'post', id);
    }
    await repo.updatePost(tx, id, changes);
    await keepTranslatedPermalinks(tx, 'post', id, changes);
    await announceChange(tx);
    return postView({ ...current, ...changes });
  });
}

/** @throws Problem not_found. */
export async function deletePost(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.findPost(tx, id))) throw Problem.notFound('post', id);
    await repo.deletePost(tx, id);
    await announceChange(tx);
  });
}

/** Takes a file that is being deleted off the posts it is the image of (for the files module's delete, in its transaction). */
export async function dropPostImagesOfFile(tx: Tx, fileId: string, now: number): Promise<void> {
  if (await repo.clearImageOfFile(tx, fileId, now)) await announceChange(tx);
}
