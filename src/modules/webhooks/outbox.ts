import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import type { WebhookDeliveryRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';

/** Whether an endpoint subscribed to these kinds wants an event of `kind`. */
export function subscribes(events: string[], kind: string): boolean {
  return events.includes('*') || events.includes(kind);
}

// Every event asks for its endpoints; kept compiled (see compiledQuery).
const selectEnabled = compiledQuery((db) => db.selectFrom('webhooks').select(['id', 'events']).where('is_enabled', '=', 1));
const selectEnabledOne = compiledQuery((db, webhookId: string) => db
  .selectFrom('webhooks').select(['id', 'events']).where('is_enabled', '=', 1).where('id', '=', webhookId));

/** The enabled endpoints that subscribe to `kind` (only `webhookId`, when given). */
export async function subscribers(db: Executor, kind: string, webhookId?: string): Promise<string[]> {
  const endpoints = webhookId ? readEndpoints(await selectEnabledOne(db, webhookId)) : await enabledEndpoints(db);
  return subscribersAmong(endpoints, kind);
}

export interface Endpoint {
  id: string;
  events: string[];
}

function readEndpoints({ rows }: { rows: Array<{ id: string; events: string }> }): Endpoint[] {
  return rows.map((w) => ({ id: w.id, events: JSON.parse(w.events) as string[] }));
}

/** The enabled endpoints with their kinds: read once for several events of one transaction. */
export async function enabledEndpoints(db: Executor): Promise<Endpoint[]> {
  return readEndpoints(await selectEnabled(db));
}

/** The ids of the endpoints among `endpoints` that subscribe to `kind`. */
export function subscribersAmong(endpoints: Endpoint[], kind: string): string[] {
  return endpoints.filter((w) => subscribes(w.events, kind)).map((w) => w.id);
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

/** One delivery of the event is over (delivered or abandoned): it no longer counts in pending_webhooks. */
export async function settleOne(db: Executor, eventId: string, now: number): Promise<void> {
  await db
    .updateTable('events')
    .set((eb) => ({ pending_webhooks: eb('pending_webhooks', '-', 1), updated_at: now }))
    .where('id', '=', eventId)
    .where('pending_webhooks', '>', 0)
    .execute();
}

/**
 * Holds an endpoint's row until the transaction ends (a no-op update: PostgreSQL locks the row;
 * SQLite writes one at a time). Every transaction that writes an endpoint and its deliveries takes
 * the endpoint first, so two of them (deliveries of one endpoint settled at once, staff disabling or
 * deleting it meanwhile) wait for each other instead of each holding a row the other needs.
 */
export async function lockWebhook(db: Executor, webhookId: string): Promise<void> {
  await db.updateTable('webhooks').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', webhookId).execute();
}

/**
 * An endpoint stops receiving (disabled or deleted): what was still to be delivered to it is
 * abandoned and leaves its events' pending_webhooks. Enabling it again does not bring them back
 * (POST /v1/events/{id}/redeliver does).
 */
export async function abandonPending(db: Executor, webhookId: string, now: number): Promise<void> {
  const pending = await db.selectFrom('webhook_deliveries').select(['id', 'event_id']).where('webhook_id', '=', webhookId).where('status', '=', 'pending').execute();
  if (pending.length === 0) return;
  await db.updateTable('webhook_deliveries').set({ status: 'abandoned', locked_until: null, updated_at: now }).where('id', 'in', pending.map((p) => p.id)).execute();
  // Events in id order, as every such transaction takes them, so two never wait on each other.
  for (const eventId of pending.map((p) => p.event_id).sort()) await settleOne(db, eventId, now);
}
