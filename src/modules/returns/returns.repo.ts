import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { ReturnItemRow, ReturnRow } from '../../db/types.js';
import { holdingStatuses, type ReturnStatus } from './return-states.js';

/** A return with the units it holds. */
export interface ReturnWithItems {
  row: ReturnRow;
  items: ReturnItemRow[];
}

export function findReturn(db: Executor, orderId: string, id: string): Promise<ReturnRow | undefined> {
  return db.selectFrom('returns').selectAll().where('order_id', '=', orderId).where('id', '=', id).executeTakeFirst();
}

// Every order answer reads this (a placed order's payment among them): it is kept compiled (see compiledQuery).
const selectReturnsOfOrders = compiledQuery((db, orderIds: string[]) => db
  .selectFrom('returns as r')
  .leftJoin('return_items as i', 'i.return_id', 'r.id')
  .selectAll('r')
  .select(['i.order_item_id', 'i.quantity', 'i.reason', 'i.amount'])
  .where('r.order_id', 'in', orderIds)
  .orderBy('r.order_id')
  .orderBy('r.id')
  .orderBy('i.order_item_id'));

/**
 * The returns of these orders (oldest first) with their items, in one query whatever the number of
 * orders: the order list shows a page of orders with their returns.
 */
export async function findReturnsOfOrders(db: Executor, orderIds: string[]): Promise<ReturnWithItems[]> {
  if (orderIds.length === 0) return [];
  const returns = new Map<string, ReturnWithItems>();
  for (const { order_item_id, quantity, reason, amount, ...row } of (await selectReturnsOfOrders(db, orderIds)).rows) {
    const held = returns.get(row.id) ?? { row, items: [] };
    returns.set(row.id, held);
    if (order_item_id !== null) held.items.push({ return_id: row.id, order_item_id, quantity: quantity!, reason: reason!, amount: amount! });
  }
  return [...returns.values()];
}

function returnsOf(db: Executor, orderId: string, metadata: Record<string, string> | undefined) {
  const query = db.selectFrom('returns').where('order_id', '=', orderId);
  return metadata ? query.where(metadataMatches(db, 'returns.metadata', metadata)) : query;
}

export function listReturns(db: Executor, orderId: string, metadata: Record<string, string> | undefined, offset: number, limit: number): Promise<ReturnRow[]> {
  return returnsOf(db, orderId, metadata).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countReturns(db: Executor, orderId: string, metadata?: Record<string, string>): Promise<number> {
  const row = await returnsOf(db, orderId, metadata).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findReturnItems(db: Executor, returnIds: string[]): Promise<ReturnItemRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('return_items').selectAll().where('return_id', 'in', returnIds).orderBy('return_id').orderBy('order_item_id').execute();
}

/** What the returns that still hold their units (all but canceled ones) hold of each of an order's items. */
export async function findHeldUnits(db: Executor, orderId: string): Promise<Map<string, { quantity: number; amount: number }>> {
  const rows = await db
    .selectFrom('return_items as i')
    .innerJoin('returns as r', 'r.id', 'i.return_id')
    .select(['i.order_item_id', (eb) => eb.fn.sum<number | string>('i.quantity').as('quantity'), (eb) => eb.fn.sum<number | string>('i.amount').as('amount')])
    .where('r.order_id', '=', orderId)
    .where('r.status', 'in', holdingStatuses)
    .groupBy('i.order_item_id')
    .execute();
  // PostgreSQL sums a bigint column into a numeric, which pg hands over as a string.
  return new Map(rows.map((row) => [row.order_item_id, { quantity: Number(row.quantity), amount: Number(row.amount) }]));
}

/** Whether any return of the order holds its units (all but canceled ones). */
export async function hasHeldReturns(db: Executor, orderId: string): Promise<boolean> {
  const row = await db.selectFrom('returns').select('id').where('order_id', '=', orderId).where('status', 'in', holdingStatuses).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertReturn(db: Executor, row: ReturnRow, items: ReturnItemRow[]): Promise<void> {
  await db.insertInto('returns').values(row).execute();
  await db.insertInto('return_items').values(items).execute();
}

/** Moves a return's status only while it is still `from`; false when another request moved it first. */
export async function moveReturn(db: Executor, id: string, from: ReturnStatus, changes: Partial<ReturnRow>): Promise<boolean> {
  const result = await db.updateTable('returns').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
