import type { Executor } from '../../db/database.js';
import { Problem } from '../../lib/problem.js';
import { findByTranslatedPermalink, type PermalinkKind } from '../translations/translated-permalinks.repo.js';

/** Tables whose rows carry a unique `permalink`. */
export type PermalinkTable = 'products' | 'skus' | 'collections' | 'categories' | 'vendors' | 'tags' | 'blogs' | 'posts' | 'pages';

export const PERMALINK_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

/** `Café Crème 250 g` → `cafe-creme-250-g`; empty when nothing is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
}

async function taken(db: Executor, table: PermalinkTable, permalink: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('permalink', '=', permalink);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The slug of `text`, or `text-2`, `text-3`, … when it is taken. */
export async function uniquePermalink(db: Executor, table: PermalinkTable, text: string, fallback: string): Promise<string> {
  const base = slugify(text) || fallback;
  if (!(await taken(db, table, base))) return base;
  const rows = await db
    .selectFrom(table)
    .select('permalink')
    .where('permalink', 'like', `${base}-%`)
    .execute();
  const used = new Set(rows.map((r) => r.permalink));
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * The permalink asked for (422 when another row than `exceptId` has it), or else a fresh one made
 * from `text`. Updates call it only when a permalink is sent, so links never change by themselves.
 */
export async function resolvePermalink(
  db: Executor,
  table: PermalinkTable,
  requested: string | undefined,
  text: string,
  fallback: string,
  exceptId?: string,
): Promise<string> {
  if (requested !== undefined) {
    if (await taken(db, table, requested, exceptId)) {
      throw Problem.invalid([{ field: 'permalink', code: 'taken', message: 'is already taken' }]);
    }
    return requested;
  }
  return uniquePermalink(db, table, text, fallback);
}

/** The kind of record whose translations hold the permalinks of each table that has them. */
const translatedKinds: Partial<Record<PermalinkTable, PermalinkKind>> = {
  products: 'product', skus: 'sku', collections: 'collection', categories: 'category', blogs: 'blog', posts: 'post', pages: 'page',
};

/**
 * The id of the row a read names by its id or by its permalink (`GET /v1/products/summer-hat`, as a
 * shop's URLs do), its own or a translated one (`/v1/products/chapeau-d-ete`): ids hold an
 * underscore (`prd_…`) and permalinks never do. A permalink naming no row is returned as it is, for
 * the caller's 404.
 */
export async function idOrPermalinkToId(db: Executor, table: PermalinkTable, key: string): Promise<string> {
  if (key.includes('_')) return key;
  const row = await db.selectFrom(table).select('id').where('permalink', '=', key).executeTakeFirst();
  if (row) return row.id;
  const kind = translatedKinds[table];
  return (kind && (await findByTranslatedPermalink(db, kind, key))) ?? key;
}
