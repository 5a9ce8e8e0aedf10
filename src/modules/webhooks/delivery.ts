import { Webhook } from 'standardwebhooks';
import { claimDue } from '../../db/claim-due.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { WebhookDeliveryRow, WebhookRow } from '../../db/types.js';
import { unixNow } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { eventView } from '../events/events.service.js';
import { abandonPending, lockWebhook, settleOne } from './outbox.js';
import { giveUpAfterMs, retryDelayMs } from './retry-schedule.js';
import { postOnce } from './post-once.js';
import { checkedLookup, formRefusal, type Resolve } from './url-safety.js';

export interface DeliveryOptions {
  /** Scales the retry schedule (STOREFRONT_WEBHOOK_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** Lets webhooks reach private and loopback addresses (STOREFRONT_WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** How receivers' names are resolved: the system's resolver unless a test gives its own. */
  resolve?: Resolve;
  /** How long a receiver has to answer. */
  timeoutMs: number;
  /** Deliveries claimed at once. */
  batchSize: number;
}

interface Outcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** A worker holds what it claimed this long; a worker that died lets go of it after that. */
const LOCK_MS = 60_000;

/** The `webhook-signature` header: signed with the secret, and with the previous one while it is still valid. */
function signature(webhook: WebhookRow, eventId: string, sentAt: Date, body: string): string {
  const signatures = [new Webhook(webhook.secret).sign(eventId, sentAt, body)];
  if (webhook.previous_secret && (webhook.previous_secret_expires_at ?? 0) > unixNow()) {
    signatures.push(new Webhook(webhook.previous_secret).sign(eventId, sentAt, body));
  }
  return signatures.join(' ');
}

/**
 * One POST to the receiver: redirects are not followed, the answer's body is not read. Unless private
 * addresses are allowed, the connection resolves the name through `checkedLookup`, so it reaches only
 * addresses judged public in that same resolution.
 */
async function send(webhook: WebhookRow, eventId: string, kind: string, body: string, options: DeliveryOptions): Promise<Outcome> {
  const started = Date.now();
  const refusal = formRefusal(webhook.url, options.allowPrivate);
  if (refusal) return { ok: false, statusCode: null, error: `url ${refusal}`, durationMs: 0 };
  const sentAt = new Date();
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const status = await postOnce(webhook.url, body, {
      signal,
      lookup: options.allowPrivate ? undefined : checkedLookup(options.resolve),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Storefront-Webhooks/1',
        'webhook-id': eventId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature(webhook, eventId, sentAt, body),
        'storefront-event-kind': kind,
      },
    });
    const ok = status >= 200 && status < 300;
    return { ok, statusCode: status, error: ok ? null : `answered ${status}`, durationMs: Date.now() - started };
  } catch (error) {
    const reason = signal.aborted ? `no answer within ${options.timeoutMs} ms` : error instanceof Error ? error.message : String(error);
    return { ok: false, statusCode: null, error: reason.slice(0, 500), durationMs: Date.now() - started };
  }
}

/**
 * Saves what an attempt gave: success, a retry at the next time of the schedule, or abandonment
 * once the delivery is older than the schedule's horizon. A success or an abandonment takes the
 * delivery off its event's pending_webhooks; an endpoint failing for the whole horizon is disabled.
 */
async function settle(handle: DatabaseHandle, delivery: WebhookDeliveryRow, webhook: WebhookRow, outcome: Outcome, options: DeliveryOptions): Promise<void> {
  const nowMs = Date.now();
  const now = Math.floor(nowMs / 1000);
  const attempt = delivery.attempts + 1;
  const horizon = giveUpAfterMs(options.retryBaseMs);
  const abandoned = !outcome.ok && nowMs - delivery.created_at * 1000 >= horizon;
  const nextAttemptAt = outcome.ok || abandoned ? null : nowMs + retryDelayMs(attempt, options.retryBaseMs);
  await handle.db.transaction().execute(async (tx) => {
    // The endpoint first, when it may be written (lockWebhook says why).
    if (!outcome.ok || webhook.failing_since !== null) await lockWebhook(tx, webhook.id);
    const updated = await tx
      .updateTable('webhook_deliveries')
      .set({
        status: outcome.ok ? 'succeeded' : abandoned ? 'abandoned' : 'pending',
        attempts: attempt,
        next_attempt_at: nextAttemptAt ?? nowMs,
        locked_until: null,
        updated_at: now,
      })
      .where('id', '=', delivery.id)
      .executeTakeFirst();
    // Its endpoint was deleted (or its event pruned) while the request was under way: nothing is left to record.
    if (Number(updated.numUpdatedRows) === 0) return;
    await tx
      .insertInto('webhook_attempts')
      .values({
        id: newId('att'),
        delivery_id: delivery.id,
        webhook_id: webhook.id,
        event_id: delivery.event_id,
        attempt,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        error: outcome.error,
        succeeded: outcome.ok ? 1 : 0,
        next_attempt_at: nextAttemptAt,
        created_at: now,
      })
      .execute();
    if (outcome.ok || abandoned) {
      await settleOne(tx, delivery.event_id, now);
    }
    if (outcome.ok) {
      if (webhook.failing_since !== null) await tx.updateTable('webhooks').set({ failing_since: null }).where('id', '=', webhook.id).execute();
    } else if (webhook.failing_since === null) {
      await tx.updateTable('webhooks').set({ failing_since: now }).where('id', '=', webhook.id).where('failing_since', 'is', null).execute();
    } else if (nowMs - webhook.failing_since * 1000 >= horizon) {
      await tx
        .updateTable('webhooks')
        .set({ is_enabled: 0, disabled_reason: `every delivery failed for ${Math.round(horizon / 3_600_000)} hours`, updated_at: now })
        .where('id', '=', webhook.id)
        .execute();
      await abandonPending(tx, webhook.id, now);
    }
  });
}

/** An endpoint that was deleted or disabled gets nothing more: its pending deliveries are abandoned. */
async function abandon(handle: DatabaseHandle, delivery: WebhookDeliveryRow): Promise<void> {
  const now = unixNow();
  await handle.db.transaction().execute(async (tx) => {
    await tx.updateTable('webhook_deliveries').set({ status: 'abandoned', locked_until: null, updated_at: now }).where('id', '=', delivery.id).execute();
    await settleOne(tx, delivery.event_id, now);
  });
}

/**
 * Delivers one batch of due deliveries (Standard Webhooks: `webhook-id` is the event id, the same on
 * every retry; the body is the event as `GET /v1/events/{id}` shows it). Returns how many it handled.
 */
export async function deliverDue(handle: DatabaseHandle, options: DeliveryOptions): Promise<number> {
  const claimed = await claimDue(handle, 'webhook_deliveries', options.batchSize, LOCK_MS);
  await Promise.all(
    claimed.map(async (delivery) => {
      const [webhook, event] = await Promise.all([
        handle.db.selectFrom('webhooks').selectAll().where('id', '=', delivery.webhook_id).executeTakeFirst(),
        handle.db.selectFrom('events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst(),
      ]);
      if (!webhook || webhook.is_enabled !== 1 || !event) return abandon(handle, delivery);
      const outcome = await send(webhook, event.id, event.kind, JSON.stringify(eventView(event)), options);
      await settle(handle, delivery, webhook, outcome, options);
    }),
  );
  return claimed.length;
}
