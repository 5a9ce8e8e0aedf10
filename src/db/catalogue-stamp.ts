import type { Executor } from './database.js';

const stampers = new WeakMap<object, () => string | null>();

/**
 * Gives code below the HTTP layer the storefront cache's stamp for a database (see ResponseCache):
 * it changes once any change through this process has been answered, or any change through another
 * has been committed, and is null while changes cannot be seen.
 */
export function provideCatalogueStamp(db: Executor, stamp: () => string | null): void {
  stampers.set(db.getExecutor().adapter, stamp);
}

/** The current stamp; null when nothing may be kept (no cache, or its change feed is down). */
export function catalogueStamp(db: Executor): string | null {
  return stampers.get(db.getExecutor().adapter)?.() ?? null;
}
