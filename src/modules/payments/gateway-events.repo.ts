import type { Executor } from '../../db/database.js';
import type { GatewayEventRow } from '../../db/types.js';

/** True when this event of the gateway was settled already. */
export async function isEventKept(db: Executor, gatewayId: string, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('gateway_events').select('event_id').where('gateway_id', '=', gatewayId).where('event_id', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

/** Keeps a settled event; a copy settled at the same time by another delivery is kept once. */
export async function keepEvent(db: Executor, row: GatewayEventRow): Promise<void> {
  await db.insertInto('gateway_events').values(row).onConflict((oc) => oc.columns(['gateway_id', 'event_id']).doNothing()).execute();
}
