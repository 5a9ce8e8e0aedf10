import { announceChange } from '../../db/change-feed.js';
import type { PageRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { idOrPermalinkToId, resolvePermalink } from '../catalog/permalinks.js';
import { keepTranslatedPermalinks, newTranslations, translationChanges } from '../translations/translation-writes.js';
import { translationsView } from '../translations/translations.js';
import type { PageCreateInput, PageUpdateInput } from './content.schemas.js';
import { sanitizeContent } from './html.js';
import * as repo from './pages.repo.js';
import { isVisibleTo, liveLimitOf, nextPublishing } from './publishing.js';

export type PageView = ReturnType<typeof pageView>;

function pageView(row: PageRow) {
  return {
    id: row.id,
    object: 'page' as const,
    permalink: row.permalink,
    title: row.title,
    content: row.content,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    is_published: row.is_published === 1,
    published_at: row.published_at,
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function columns(input: PageUpdateInput): Partial<PageRow> {
  const changes: Partial<PageRow> = {};
  for (const key of ['title', 'meta_title', 'meta_description'] as const) {
    if (input[key] !== undefined) (changes as Record<string, unknown>)[key] = input[key];
  }
  if (input.content !== undefined) changes.content = sanitizeContent(input.content);
  return changes;
}

/** Pages, newest first, those whose title holds every term of `q` if given; the storefront sees only live ones. */
export async function listPages(ctx: Ctx, query: Omit<repo.PageListFilter, 'liveAt'>, page: PageRequest, url: string): Promise<Page<PageView>> {
  const filter = { ...query, liveAt: liveLimitOf(ctx) };
  const [rows, total] = await Promise.all([
    repo.listPages(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countPages(ctx.db, filter),
  ]);
  return toPage(rows.map(pageView), page, total, url);
}

/** @throws Problem not_found, also for a draft or scheduled page asked for by the storefront. */
export async function getPage(ctx: Ctx, id: string): Promise<PageView> {
  const row = await repo.findPage(ctx.db, await idOrPermalinkToId(ctx.db, 'pages', id));
  if (!row || !isVisibleTo(ctx, row)) throw Problem.notFound('page', id);
  return pageView(row);
}

/**
 * Creates a page; its permalink is made from the title when none is sent; published without a
 * date, it is published now.
 * @throws Problem validation_failed for a taken permalink.
 */
export async function createPage(ctx: Ctx, input: PageCreateInput): Promise<PageView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const id = newId('pag');
    const translations = await newTranslations(tx, 'page', id, input);
    const row: PageRow = {
      id,
      permalink: await resolvePermalink(tx, 'pages', input.permalink, input.title, 'page'),
      title: input.title,
      content: null,
      meta_title: null,
      meta_description: null,
      ...newMetadata(input),
      ...translations,
      created_at: now,
      updated_at: now,
      ...columns(input),
      ...nextPublishing(undefined, input, now),
    };
    await repo.insertPage(tx, row);
    await keepTranslatedPermalinks(tx, 'page', id, translations);
    await announceChange(tx);
    return pageView(row);
  });
}

/**
 * Changes the fields sent (null clears an optional one); the permalink changes only when one is sent.
 * Unpublishing keeps published_at.
 * @throws Problem not_found; validation_failed for a taken permalink.
 */
export async function updatePage(ctx: Ctx, id: string, input: PageUpdateInput): Promise<PageView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await lockForMetadataMerge(tx, 'pages', id, input);
    const current = await repo.findPage(tx, id);
    if (!current) throw Problem.notFound('page', id);
    const changes: Partial<PageRow> = {
      ...columns(input), ...nextPublishing(current, input, now), ...metadataChanges(input, current),
      ...(await translationChanges(tx, 'page', id, current.translations, input)), updated_at: now,
    };
    if (input.permalink !== undefined && input.permalink !== current.permalink) {
      changes.permalink = await resolvePermalink(tx, 'pages', input.permalink, current.title, 'page', id);
    }
    await repo.updatePage(tx, id, changes);
    await keepTranslatedPermalinks(tx, 'page', id, changes);
    await announceChange(tx);
    return pageView({ ...current, ...changes });
  });
}

/** @throws Problem not_found. */
export async function deletePage(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.findPage(tx, id))) throw Problem.notFound('page', id);
    await repo.deletePage(tx, id);
    await announceChange(tx);
  });
}
