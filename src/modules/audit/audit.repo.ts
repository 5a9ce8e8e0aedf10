import type { Executor } from '../../db/database.js';
import type { AuditEntryRow } from '../../db/types.js';

export interface AuditFilter {
  actorId?: string;
  objectId?: string;
  action?: string;
}

export async function insertAuditEntry(db: Executor, row: AuditEntryRow): Promise<void> {
  await db.insertInto('audit_entries').values(row).execute();
}

function filtered(db: Executor, filter: AuditFilter) {
  let query = db.selectFrom('audit_entries');
  if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.objectId !== undefined) query = query.where('object_id', '=', filter.objectId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  return query;
}

/** Newest first: ids sort by creation. */
export function listAuditEntries(db: Executor, filter: AuditFilter, offset: number, limit: number): Promise<AuditEntryRow[]> {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countAuditEntries(db: Executor, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes up to `limit` entries written before `cutoff`; returns how many went. */
export async function deleteAuditEntriesBefore(db: Executor, cutoff: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_entries')
    .where('id', 'in', (eb) => eb.selectFrom('audit_entries').select('id').where('created_at', '<', cutoff).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
