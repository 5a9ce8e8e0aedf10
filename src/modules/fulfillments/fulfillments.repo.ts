import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { FulfillmentItemRow, FulfillmentRow, FulfillmentStatus } from '../../db/types.js';

export function findFulfillment(db: Executor, orderId: string, id: string): Promise<FulfillmentRow | undefined> {
  return db.selectFrom('fulfillments').selectAll().where('order_id', '=', orderId).where('id', '=', id).executeTakeFirst();
}

function fulfillmentsOf(db: Executor, orderId: string, metadata: Record<string, string> | undefined) {
  const query = db.selectFrom('fulfillments').where('order_id', '=', orderId);
  return metadata ? query.where(metadataMatches(db, 'fulfillments.metadata', metadata)) : query;
}

export function listFulfillments(db: Executor, orderId: string, metadata: Record<string, string> | undefined, offset: number, limit: number): Promise<FulfillmentRow[]> {
  return fulfillmentsOf(db, orderId, metadata).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countFulfillments(db: Executor, orderId: string, metadata?: Record<string, string>): Promise<number> {
  const row = await fulfillmentsOf(db, orderId, metadata).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findFulfillmentItems(db: Executor, fulfillmentIds: string[]): Promise<FulfillmentItemRow[]> {
  if (fulfillmentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('fulfillment_items').selectAll().where('fulfillment_id', 'in', fulfillmentIds).orderBy('order_item_id').execute();
}

export async function insertFulfillment(db: Executor, row: FulfillmentRow, items: FulfillmentItemRow[]): Promise<void> {
  await db.insertInto('fulfillments').values(row).execute();
  if (items.length > 0) await db.insertInto('fulfillment_items').values(items).execute();
}

export async function updateFulfillment(db: Executor, id: string, changes: Partial<FulfillmentRow>): Promise<void> {
  await db.updateTable('fulfillments').set(changes).where('id', '=', id).execute();
}

/** Moves a fulfillment's status only while it is still `from`; false when another request moved it first. */
export async function moveFulfillment(db: Executor, id: string, from: FulfillmentStatus, changes: Partial<FulfillmentRow>): Promise<boolean> {
  const result = await db.updateTable('fulfillments').set(changes).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Adds shipped units to an order item, only while they stay within its quantity: one conditional
 * UPDATE, so concurrent shipments of the same item can never together ship more than was ordered.
 */
export async function shipUnits(db: Executor, orderItemId: string, quantity: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('order_items')
    .set((eb) => ({ fulfilled: eb('fulfilled', '+', quantity), updated_at: now }))
    .where('id', '=', orderItemId)
    .where((eb) => eb(eb('fulfilled', '+', quantity), '<=', eb.ref('quantity')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives shipped units back to an order item (its fulfillment was canceled or failed). */
export async function unshipUnits(db: Executor, orderItemId: string, quantity: number, now: number): Promise<void> {
  await db
    .updateTable('order_items')
    .set((eb) => ({ fulfilled: eb('fulfilled', '-', quantity), updated_at: now }))
    .where('id', '=', orderItemId)
    .execute();
}
