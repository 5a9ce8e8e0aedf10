import type { Executor } from '../../db/database.js';
import type { CustomerGroupRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';

export function findGroup(db: Executor, id: string): Promise<CustomerGroupRow | undefined> {
  return db.selectFrom('customer_groups').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of groups, oldest first. */
export function listGroups(db: Executor, offset: number, limit: number): Promise<CustomerGroupRow[]> {
  return db.selectFrom('customer_groups').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countGroups(db: Executor): Promise<number> {
  const row = await db.selectFrom('customer_groups').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many customers each of these groups holds, by group id. */
export async function memberCounts(db: Executor, groupIds: string[]): Promise<Map<string, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db.selectFrom('customer_group_members')
    .select(['customer_group_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('customer_group_id', 'in', groupIds).groupBy('customer_group_id').execute();
  return new Map(rows.map((row) => [row.customer_group_id, Number(row.count)]));
}

export async function insertGroup(db: Executor, row: CustomerGroupRow): Promise<void> {
  await db.insertInto('customer_groups').values(row).execute();
}

export async function updateGroup(db: Executor, id: string, changes: Partial<Omit<CustomerGroupRow, 'id'>>): Promise<void> {
  await db.updateTable('customer_groups').set(changes).where('id', '=', id).execute();
}

/** False when there is no such group; its memberships and its place on price lists go with it (cascade). */
export async function deleteGroup(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('customer_groups').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Which of these ids name groups. */
export async function existingGroupIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('customer_groups').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The groups of each of these customers, by customer id. */
export async function groupIdsOfCustomers(db: Executor, customerIds: string[]): Promise<Map<string, string[]>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db.selectFrom('customer_group_members').select(['customer_id', 'customer_group_id'])
    .where('customer_id', 'in', customerIds).orderBy('customer_group_id').execute();
  return new Map([...groupBy(rows, 'customer_id')].map(([customerId, members]) => [customerId, members.map((row) => row.customer_group_id)]));
}

/** Puts a customer in exactly these groups. */
export async function setGroupsOfCustomer(db: Executor, customerId: string, groupIds: string[]): Promise<void> {
  await db.deleteFrom('customer_group_members').where('customer_id', '=', customerId).execute();
  if (groupIds.length === 0) return;
  await db.insertInto('customer_group_members')
    .values(groupIds.map((customer_group_id) => ({ customer_group_id, customer_id: customerId }))).execute();
}
