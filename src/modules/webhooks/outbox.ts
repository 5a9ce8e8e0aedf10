import type { Executor } from '../../db/database.js';
import type { WebhookDeliveryRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';

/** Whether an endpoint subscribed to these kinds wants an event of `kind`. */
export function subscribes(events: string[], kind: string): boolean {
  return events.includes('*') || events.includes(kind);
}

/** The enabled endpoints that subscribe to `kind` (only `webhookId`, when given). */
export async function subscribers(db: Executor, kind: string, webhookId?: string): Promise<string[]> {
  let query = db.selectFrom('webhooks').select(['id', 'events']).where('is_enabled', '=', 1);
  if (webhookId) query = query.where('id', '=', webhookId);
  return (await query.execute()).filter((w) => subscribes(JSON.parse(w.events) as string[], kind)).map((w) => w.id);
}

/**
 * Queues an event for endpoints: one delivery row each, due now. Called in the event's transaction,
 * so the event and its deliveries are committed together (an outbox: nothing is lost if the process
 * dies after the commit).
 */
export async function queueDeliveries(db: Executor, eventId: string, webhookIds: string[]): Promise<void> {
  if (webhookIds.length === 0) return;
  const now = Date.now();
  const rows: WebhookDeliveryRow[] = webhookIds.map((webhookId) => ({
    id: newId('dlv'),
    event_id: eventId,
    webhook_id: webhookId,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    created_at: Math.floor(now / 1000),
    updated_at: Math.floor(now / 1000),
  }));
  await db.insertInto('webhook_deliveries').values(rows).execute();
}
