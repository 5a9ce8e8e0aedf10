import { catalogueStamp } from '../../db/catalogue-stamp.js';
import type { Executor } from '../../db/database.js';
import { findProducts } from './products.repo.js';
import { productViews, type ProductView } from './products.view.js';

/** Views kept per database, at most this many (a cart shows a few; a catalogue may hold many). */
const MAX_KEPT = 5_000;

const kept = new WeakMap<object, { stamp: string; views: Map<string, ProductView> }>();

/**
 * The views of these products, kept while the catalogue is unchanged (the storefront cache's stamp):
 * every cart read and write shows the full view of each product in it. For callers that change no
 * product in their transaction (carts); the order of the answer is not that of `ids`.
 */
export async function keptProductViews(db: Executor, ids: string[]): Promise<ProductView[]> {
  const stamp = catalogueStamp(db);
  if (stamp === null) return productViews(db, await findProducts(db, ids));
  const key = db.getExecutor().adapter;
  let entry = kept.get(key);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, views: new Map() };
    kept.set(key, entry);
  }
  const found = ids.flatMap((id) => entry.views.get(id) ?? []);
  const missing = ids.filter((id) => !entry.views.has(id));
  if (missing.length === 0) return found;
  const loaded = await productViews(db, await findProducts(db, missing));
  // Made while something changed: good for this answer, not for the next.
  if (catalogueStamp(db) === stamp) {
    if (entry.views.size + loaded.length > MAX_KEPT) entry.views.clear();
    for (const view of loaded) entry.views.set(view.id, view);
  }
  return [...found, ...loaded];
}
