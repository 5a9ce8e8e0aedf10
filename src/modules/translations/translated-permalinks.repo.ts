import type { Executor } from '../../db/database.js';
import type { TranslatableKind } from './translations.js';

/** The kinds of record with permalinks, and their tables. */
export const permalinkTables = {
  product: 'products', sku: 'skus', collection: 'collections', category: 'categories', blog: 'blogs', post: 'posts', page: 'pages',
} as const satisfies Partial<Record<TranslatableKind, string>>;

export type PermalinkKind = keyof typeof permalinkTables;

export function hasPermalinks(kind: TranslatableKind): kind is PermalinkKind {
  return Object.hasOwn(permalinkTables, kind);
}

/** The record holding `permalink` in `locale`, if any. */
export async function findPermalinkHolder(db: Executor, kind: PermalinkKind, locale: string, permalink: string): Promise<string | undefined> {
  const row = await db.selectFrom('translated_permalinks').select('object_id')
    .where('kind', '=', kind).where('locale', '=', locale).where('permalink', '=', permalink)
    .executeTakeFirst();
  return row?.object_id;
}

/** The record a translated permalink names, in any locale (the first by locale when several do). */
export async function findByTranslatedPermalink(db: Executor, kind: PermalinkKind, permalink: string): Promise<string | undefined> {
  const row = await db.selectFrom('translated_permalinks').select('object_id')
    .where('kind', '=', kind).where('permalink', '=', permalink)
    .orderBy('locale').limit(1)
    .executeTakeFirst();
  return row?.object_id;
}

/** Whether a record of the kind other than `exceptId` has `permalink` as its own. */
export async function isBasePermalinkTaken(db: Executor, kind: PermalinkKind, permalink: string, exceptId: string): Promise<boolean> {
  const row = await db.selectFrom(permalinkTables[kind] as 'products').select('id')
    .where('permalink', '=', permalink).where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function recordExists(db: Executor, kind: PermalinkKind, id: string): Promise<boolean> {
  return (await db.selectFrom(permalinkTables[kind] as 'products').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Forgets a permalink held by a record deleted since. */
export async function deletePermalink(db: Executor, kind: PermalinkKind, locale: string, permalink: string): Promise<void> {
  await db.deleteFrom('translated_permalinks').where('kind', '=', kind).where('locale', '=', locale).where('permalink', '=', permalink).execute();
}

/** Makes `permalinks` the record's translated permalinks. */
export async function replacePermalinks(
  db: Executor, kind: PermalinkKind, id: string, permalinks: Array<{ locale: string; permalink: string }>,
): Promise<void> {
  await db.deleteFrom('translated_permalinks').where('object_id', '=', id).execute();
  if (permalinks.length === 0) return;
  await db.insertInto('translated_permalinks').values(permalinks.map((p) => ({ kind, ...p, object_id: id }))).execute();
}
