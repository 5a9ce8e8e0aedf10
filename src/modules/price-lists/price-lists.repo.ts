import type { Executor } from '../../db/database.js';
import type { PriceListPriceRow, PriceListRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';

export function findPriceList(db: Executor, id: string): Promise<PriceListRow | undefined> {
  return db.selectFrom('price_lists').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of price lists, oldest first. */
export function listPriceLists(db: Executor, offset: number, limit: number): Promise<PriceListRow[]> {
  return db.selectFrom('price_lists').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countPriceLists(db: Executor): Promise<number> {
  const row = await db.selectFrom('price_lists').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function groupsOfLists(db: Executor, listIds: string[]): Promise<Map<string, string[]>> {
  if (listIds.length === 0) return new Map();
  const rows = await db.selectFrom('price_list_groups').selectAll().where('price_list_id', 'in', listIds).orderBy('customer_group_id').execute();
  return new Map([...groupBy(rows, 'price_list_id')].map(([listId, members]) => [listId, members.map((row) => row.customer_group_id)]));
}

export async function pricesOfLists(db: Executor, listIds: string[]): Promise<Map<string, PriceListPriceRow[]>> {
  if (listIds.length === 0) return new Map();
  const rows = await db.selectFrom('price_list_prices').selectAll().where('price_list_id', 'in', listIds).orderBy('sku_id').execute();
  return groupBy(rows.map((row) => ({ ...row, price: Number(row.price) })), 'price_list_id');
}

export async function insertPriceList(db: Executor, row: PriceListRow): Promise<void> {
  await db.insertInto('price_lists').values(row).execute();
}

export async function updatePriceList(db: Executor, id: string, changes: Partial<Omit<PriceListRow, 'id'>>): Promise<void> {
  await db.updateTable('price_lists').set(changes).where('id', '=', id).execute();
}

/** False when there is no such list; its groups and prices go with it (cascade). */
export async function deletePriceList(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('price_lists').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function setGroupsOfList(db: Executor, listId: string, groupIds: string[]): Promise<void> {
  await db.deleteFrom('price_list_groups').where('price_list_id', '=', listId).execute();
  if (groupIds.length === 0) return;
  await db.insertInto('price_list_groups').values(groupIds.map((customer_group_id) => ({ price_list_id: listId, customer_group_id }))).execute();
}

export async function setPricesOfList(db: Executor, listId: string, prices: Omit<PriceListPriceRow, 'price_list_id'>[]): Promise<void> {
  await db.deleteFrom('price_list_prices').where('price_list_id', '=', listId).execute();
  // In slices: a statement's bound parameters are limited (SQLite: 32766).
  for (let i = 0; i < prices.length; i += 500) {
    await db.insertInto('price_list_prices').values(prices.slice(i, i + 500).map((p) => ({ price_list_id: listId, ...p }))).execute();
  }
}

/** Which of these ids name skus. */
export async function existingSkuIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db.selectFrom('skus').select('id').where('id', 'in', unique.slice(i, i + 500)).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
