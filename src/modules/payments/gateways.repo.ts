import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { GatewayRow } from '../../db/types.js';

export interface GatewayFilter {
  /** Only the gateways offered to buyers. */
  enabledOnly: boolean;
}

/** The gateway row (settings as stored: secrets included), or undefined. */
export async function findGateway(db: Executor, id: string): Promise<GatewayRow | undefined> {
  return (await selectGateway(db, id)).rows[0];
}

// Every payment reads its gateway; kept compiled (see compiledQuery).
const selectGateway = compiledQuery((db, id: string) => db.selectFrom('gateways').selectAll().where('id', '=', id));

/** Gateways in creation order (by id). */
export function listGateways(db: Executor, filter: GatewayFilter, offset: number, limit: number): Promise<GatewayRow[]> {
  let query = db.selectFrom('gateways').selectAll();
  if (filter.enabledOnly) query = query.where('is_enabled', '=', 1);
  return query.orderBy('id').offset(offset).limit(limit).execute();
}

export async function countGateways(db: Executor, filter: GatewayFilter): Promise<number> {
  let query = db.selectFrom('gateways').select((eb) => eb.fn.countAll<number>().as('count'));
  if (filter.enabledOnly) query = query.where('is_enabled', '=', 1);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** True when another gateway than `exceptId` has this source. */
export async function isSourceTaken(db: Executor, source: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('gateways').select('id').where('source', '=', source);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertGateway(db: Executor, row: GatewayRow): Promise<void> {
  await db.insertInto('gateways').values(row).execute();
}

export async function updateGateway(db: Executor, id: string, changes: Partial<Omit<GatewayRow, 'id'>>): Promise<void> {
  await db.updateTable('gateways').set(changes).where('id', '=', id).execute();
}

export async function deleteGateway(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('gateways').where('id', '=', id).execute();
}

/** The enabled gateways, oldest first, kept for a second: every checkout step shows them. */
const enabled = new KeptSetting((db) => db.selectFrom('gateways').selectAll().where('is_enabled', '=', 1).orderBy('id').execute());

export function enabledGateways(db: Executor): Promise<GatewayRow[]> {
  return enabled.get(db);
}

/** Call after committing a change to gateways. */
export function forgetEnabledGateways(db: Executor): void {
  enabled.forget(db);
}
