import type { Executor } from '../../db/database.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { StoreRow } from '../../db/types.js';

/** The store row, kept for a second: every cart and checkout step reads its settings. */
const store = new KeptSetting((db) => db.selectFrom('stores').selectAll().orderBy('id').limit(1).executeTakeFirst());

/** The one store this server holds. */
export function findStore(db: Executor): Promise<Readonly<StoreRow> | undefined> {
  return store.get(db);
}

export async function insertStore(db: Executor, row: StoreRow): Promise<void> {
  await db.insertInto('stores').values(row).execute();
  store.forget(db);
}

export async function updateStore(db: Executor, id: string, changes: Partial<StoreRow>): Promise<void> {
  await db.updateTable('stores').set(changes).where('id', '=', id).execute();
  store.forget(db);
}
