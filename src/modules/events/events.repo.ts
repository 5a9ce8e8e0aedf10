import type { Executor } from '../../db/database.js';
import type { EventRow } from '../../db/types.js';

export interface EventFilter {
  ids?: string[];
  kind?: string;
  relatedId?: string;
}

function filtered(db: Executor, filter: EventFilter) {
  let query = db.selectFrom('events');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.relatedId) query = query.where('related_id', '=', filter.relatedId);
  return query;
}

/** Newest first. */
export function listEvents(db: Executor, filter: EventFilter, offset: number, limit: number): Promise<EventRow[]> {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countEvents(db: Executor, filter: EventFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findEvent(db: Executor, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}
