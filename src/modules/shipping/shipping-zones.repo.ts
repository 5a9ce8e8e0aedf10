import type { Executor } from '../../db/database.js';
import type { ShippingRateRow, ShippingZoneRow } from '../../db/types.js';

export function findZone(db: Executor, id: string): Promise<ShippingZoneRow | undefined> {
  return db.selectFrom('shipping_zones').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of zones in creation order (by id). */
export function listZones(db: Executor, offset: number, limit: number): Promise<ShippingZoneRow[]> {
  return db.selectFrom('shipping_zones').selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

/** Every zone in creation order. */
export function listAllZones(db: Executor): Promise<ShippingZoneRow[]> {
  return db.selectFrom('shipping_zones').selectAll().orderBy('id').execute();
}

export async function countZones(db: Executor): Promise<number> {
  const row = await db.selectFrom('shipping_zones').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The `countries` column (a JSON array) of every zone. */
export async function listZoneCountries(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('shipping_zones').select('countries').execute();
  return rows.map((r) => r.countries);
}

/** The rates of the given zones (of every zone when `zoneIds` is left out), by zone, then position. */
export function listRates(db: Executor, zoneIds?: string[]): Promise<ShippingRateRow[]> {
  if (zoneIds?.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('shipping_rates').selectAll();
  if (zoneIds) query = query.where('zone_id', 'in', zoneIds);
  return query.orderBy('zone_id').orderBy('position').execute();
}

export async function insertZone(db: Executor, row: ShippingZoneRow): Promise<void> {
  await db.insertInto('shipping_zones').values(row).execute();
}

/** Changes a zone; false when there is no such zone. On PostgreSQL the row stays locked until the transaction ends. */
export async function updateZone(db: Executor, id: string, changes: Partial<Omit<ShippingZoneRow, 'id'>>): Promise<boolean> {
  const result = await db.updateTable('shipping_zones').set(changes).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a zone and, by the foreign key's cascade, its rates; false when there is no such zone. */
export async function deleteZone(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('shipping_zones').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertRates(db: Executor, rows: ShippingRateRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('shipping_rates').values(rows).execute();
}

export async function updateRate(db: Executor, id: string, changes: Partial<Omit<ShippingRateRow, 'id' | 'zone_id'>>): Promise<void> {
  await db.updateTable('shipping_rates').set(changes).where('id', '=', id).execute();
}

/** Deletes the rates of a zone other than `keepIds`. */
export async function deleteRatesExcept(db: Executor, zoneId: string, keepIds: string[]): Promise<void> {
  let query = db.deleteFrom('shipping_rates').where('zone_id', '=', zoneId);
  if (keepIds.length > 0) query = query.where('id', 'not in', keepIds);
  await query.execute();
}
