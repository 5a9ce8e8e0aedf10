import type { Executor } from '../../db/database.js';
import type { StoreRow } from '../../db/types.js';

/** The one store this server holds. */
export function findStore(db: Executor): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().orderBy('id').limit(1).executeTakeFirst();
}

export async function insertStore(db: Executor, row: StoreRow): Promise<void> {
  await db.insertInto('stores').values(row).execute();
}

export async function updateStore(db: Executor, id: string, changes: Partial<StoreRow>): Promise<void> {
  await db.updateTable('stores').set(changes).where('id', '=', id).execute();
}
