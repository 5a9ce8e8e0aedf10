import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Flag } from '../../db/types.js';
import { isStorefront, type Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { ilike, likePattern, searchTerms } from '../catalog/catalog-filters.js';

/** The publishing state of a post or a page, as stored. */
export interface Publishing {
  is_published: Flag;
  /** Unix seconds. A published row always has one; a future one means scheduled. */
  published_at: number | null;
}

/** What a create or an update body may say about it. */
export interface PublishingInput {
  is_published?: boolean;
  published_at?: number | null;
}

/**
 * The publishing state after a write. Members left out keep their value (a new row is a draft with
 * no date). A published row always has a date: published without one (or with null) means published
 * now, and a future date schedules it. Unpublishing keeps the date, so publishing again without a
 * date brings the row back at its first date, not as new.
 */
export function nextPublishing(current: Publishing | undefined, input: PublishingInput, now: number): Publishing {
  const isPublished = input.is_published ?? current?.is_published === 1;
  const publishedAt = input.published_at !== undefined ? input.published_at : (current?.published_at ?? null);
  return { is_published: boolFlag(isPublished), published_at: isPublished && publishedAt === null ? now : publishedAt };
}

/** Whether a visitor may see the row at `now`: published, and its date has come. */
export function isLive(row: Publishing, now: number): boolean {
  return row.is_published === 1 && row.published_at !== null && row.published_at <= now;
}

/** The same rule as isLive, as an SQL condition on the row's own table (posts or pages). */
export function liveCondition(now: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref('is_published')} = 1 and ${sql.ref('published_at')} <= ${now}`;
}

/** The time a storefront caller's reads are limited to (live rows only); undefined for staff, who see drafts and scheduled rows. */
export function liveLimitOf(ctx: Ctx): number | undefined {
  return isStorefront(ctx) ? ctx.now() : undefined;
}

/** Whether the caller may see the row: staff see every row, the storefront only live ones. */
export function isVisibleTo(ctx: Ctx, row: Publishing): boolean {
  return !isStorefront(ctx) || isLive(row, ctx.now());
}

/** A search of posts or pages (their own table's `title`): one condition a term of `q`, each literal and case-insensitive. */
export function titleConditions(q: string | undefined): Array<Expression<SqlBool>> {
  return searchTerms(q).map((term) => ilike(sql.ref('title'), likePattern(term, '%', '%')));
}
