import type { Executor } from './database.js';

/**
 * A setting that every cart and checkout step reads and staff change rarely (the store, shipping
 * zones, enabled gateways), kept in memory by database for a short while. A change made through this
 * process is seen at once (its service calls `forget` after committing); one made through another
 * process within `keepMs`.
 */
export class KeptSetting<T> {
  // By the database's adapter, which its transactions share; each test database has its own.
  private readonly kept = new WeakMap<object, { value: T; until: number }>();

  constructor(private readonly load: (db: Executor) => Promise<T>, private readonly keepMs = 1_000) {}

  async get(db: Executor): Promise<T> {
    const key = db.getExecutor().adapter;
    const entry = this.kept.get(key);
    if (entry && entry.until > Date.now()) return entry.value;
    const value = await this.load(db);
    this.kept.set(key, { value, until: Date.now() + this.keepMs });
    return value;
  }

  forget(db: Executor): void {
    this.kept.delete(db.getExecutor().adapter);
  }
}
