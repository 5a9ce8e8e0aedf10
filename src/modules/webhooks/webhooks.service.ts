import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import type { Database, WebhookRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { eventView, type EventView } from '../events/events.service.js';
import { eventKinds } from '../events/record-event.js';
import { abandonPending, lockWebhook, queueDeliveries, subscribers } from './outbox.js';
import { urlRefusal } from './url-safety.js';
import type { Attempt, WebhookCreateInput, WebhookUpdateInput, WebhookView } from './webhooks.schemas.js';

/** A rotated-out secret keeps signing (beside the new one) this long, so receivers can switch over. */
const ROTATION_OVERLAP_SECONDS = 24 * 60 * 60;
const knownKinds = new Set<string>(eventKinds);

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function webhookView(row: WebhookRow, secret?: string): WebhookView {
  return {
    id: row.id,
    object: 'webhook',
    url: row.url,
    description: row.description,
    events: JSON.parse(row.events) as string[],
    is_enabled: row.is_enabled === 1,
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    ...(secret ? { secret } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function checkInput(input: WebhookUpdateInput, allowPrivate: boolean): Promise<void> {
  const errors = new FieldErrors();
  if (input.url !== undefined) {
    const refusal = await urlRefusal(input.url, allowPrivate);
    if (refusal) errors.add('url', 'invalid_value', refusal);
  }
  input.events?.forEach((kind, i) => {
    if (kind !== '*' && !knownKinds.has(kind)) errors.add(`events[${i}]`, 'invalid_value', 'is not an event kind (see docs/api.md) nor *');
  });
  errors.throwIfAny();
}

async function findWebhook(ctx: Ctx, id: string): Promise<WebhookRow> {
  const row = await ctx.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw Problem.notFound('webhook', id);
  return row;
}

/**
 * Registers an endpoint for the event kinds given (all with `["*"]`, the default). The answer carries
 * its signing secret (`whsec_…`), never shown again.
 * @throws Problem validation_failed: a URL that is not http(s) or reaches a private address, an unknown kind.
 */
export async function createWebhook(ctx: Ctx, input: WebhookCreateInput, allowPrivate: boolean): Promise<WebhookView> {
  await checkInput(input, allowPrivate);
  const now = ctx.now();
  const secret = newSecret();
  const row: WebhookRow = {
    id: newId('whk'),
    url: input.url,
    description: input.description ?? null,
    events: JSON.stringify([...new Set(input.events ?? ['*'])]),
    is_enabled: boolFlag(input.is_enabled ?? true),
    secret,
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.insertInto('webhooks').values(row).execute();
  return webhookView(row, secret);
}

/**
 * Changes an endpoint. Disabling it abandons what was still to be delivered to it; enabling it again
 * clears its failure record.
 */
export async function updateWebhook(ctx: Ctx, id: string, input: WebhookUpdateInput, allowPrivate: boolean): Promise<WebhookView> {
  const row = await findWebhook(ctx, id);
  await checkInput(input, allowPrivate);
  const changes: Partial<WebhookRow> = { updated_at: ctx.now() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.description !== undefined) changes.description = input.description;
  if (input.events !== undefined) changes.events = JSON.stringify([...new Set(input.events)]);
  if (input.is_enabled !== undefined) changes.is_enabled = boolFlag(input.is_enabled);
  if (input.is_enabled === true) Object.assign(changes, { failing_since: null, disabled_reason: null });
  await ctx.db.transaction().execute(async (tx) => {
    await tx.updateTable('webhooks').set(changes).where('id', '=', id).execute();
    if (input.is_enabled === false && row.is_enabled === 1) await abandonPending(tx, id, ctx.now());
  });
  return webhookView({ ...row, ...changes });
}

/** A new signing secret (in this answer only); the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(ctx: Ctx, id: string): Promise<WebhookView> {
  const row = await findWebhook(ctx, id);
  const now = ctx.now();
  const changes: Partial<WebhookRow> = {
    secret: newSecret(),
    previous_secret: row.secret,
    previous_secret_expires_at: now + ROTATION_OVERLAP_SECONDS,
    updated_at: now,
  };
  await ctx.db.updateTable('webhooks').set(changes).where('id', '=', id).execute();
  return webhookView({ ...row, ...changes }, changes.secret);
}

/** Deletes an endpoint; what was still to be delivered to it is dropped (and leaves pending_webhooks). */
export async function deleteWebhook(ctx: Ctx, id: string): Promise<void> {
  await findWebhook(ctx, id);
  await ctx.db.transaction().execute(async (tx) => {
    await lockWebhook(tx, id);
    await abandonPending(tx, id, ctx.now());
    await tx.deleteFrom('webhooks').where('id', '=', id).execute();
  });
}

export async function getWebhook(ctx: Ctx, id: string): Promise<WebhookView> {
  return webhookView(await findWebhook(ctx, id));
}

/** Endpoints in creation order; `failing` keeps those failing since their last success (or given up on), or the others. */
export async function listWebhooks(ctx: Ctx, filter: { failing?: boolean }, page: PageRequest, url: string): Promise<Page<WebhookView>> {
  const listed = () => {
    const query = ctx.db.selectFrom('webhooks');
    if (filter.failing === undefined) return query;
    // Delivery sets failing_since at the first failure after a success, and disabled_reason when it gives up.
    const failing = (eb: ExpressionBuilder<Database, 'webhooks'>) => eb.or([eb('failing_since', 'is not', null), eb('disabled_reason', 'is not', null)]);
    return query.where((eb) => (filter.failing ? failing(eb) : eb.not(failing(eb))));
  };
  const [rows, count] = await Promise.all([
    listed().selectAll().orderBy('id').offset(offsetOf(page)).limit(page.perPage).execute(),
    listed().select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return toPage(rows.map((row) => webhookView(row)), page, Number(count.count), url);
}

/** The delivery attempts to an endpoint, newest first. */
export async function listAttempts(ctx: Ctx, id: string, page: PageRequest, url: string): Promise<Page<Static<typeof Attempt>>> {
  await findWebhook(ctx, id);
  const where = ctx.db.selectFrom('webhook_attempts').where('webhook_id', '=', id);
  const [rows, count] = await Promise.all([
    where.selectAll().orderBy('id', 'desc').offset(offsetOf(page)).limit(page.perPage).execute(),
    where.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const data = rows.map((row) => ({
    id: row.id,
    object: 'webhook_attempt' as const,
    delivery_id: row.delivery_id,
    event_id: row.event_id,
    attempt: row.attempt,
    succeeded: row.succeeded === 1,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
  }));
  return toPage(data, page, Number(count.count), url);
}

/**
 * Sends an event again: a new delivery to every enabled endpoint subscribed to its kind (or only
 * `webhookId`), counted in its pending_webhooks.
 * @throws Problem not_found (event or webhook); validation_failed when no enabled endpoint wants it.
 */
export async function redeliverEvent(ctx: Ctx, eventId: string, webhookId: string | undefined): Promise<EventView> {
  return ctx.db.transaction().execute(async (tx) => {
    const event = await tx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
    if (!event) throw Problem.notFound('event', eventId);
    if (webhookId && !(await tx.selectFrom('webhooks').select('id').where('id', '=', webhookId).executeTakeFirst())) {
      throw Problem.notFound('webhook', webhookId);
    }
    // A test event is its endpoint's alone, whatever it subscribes to.
    const endpoints = event.kind === TEST_EVENT_KIND ? await testedEndpoint(tx, event.related_id, webhookId) : await subscribers(tx, event.kind, webhookId);
    if (endpoints.length === 0) {
      throw Problem.invalid([{ field: 'webhook_id', code: 'no_endpoint', message: 'no enabled endpoint subscribes to this event' }]);
    }
    await queueDeliveries(tx, eventId, endpoints);
    await tx.updateTable('events').set((eb) => ({ pending_webhooks: eb('pending_webhooks', '+', endpoints.length), updated_at: ctx.now() })).where('id', '=', eventId).execute();
    return eventView((await tx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirstOrThrow()));
  });
}

/** The kind of the event a test sends: no change of the store makes it, and no endpoint subscribes to it. */
export const TEST_EVENT_KIND = 'webhook.test';

/** The endpoint a test event was sent to, while it is enabled (and is the one asked for, if any). */
async function testedEndpoint(db: Executor, webhookId: string | null, asked: string | undefined): Promise<string[]> {
  if (webhookId === null || (asked !== undefined && asked !== webhookId)) return [];
  const row = await db.selectFrom('webhooks').select('id').where('id', '=', webhookId).where('is_enabled', '=', 1).executeTakeFirst();
  return row ? [row.id] : [];
}

/**
 * Sends a test event to one endpoint: an event of kind `webhook.test` whose `data.object` is the
 * endpoint (without its secret), queued for that endpoint alone, whatever kinds it subscribes to, and
 * delivered by the worker like any other (signed, retried, in the delivery log).
 * @throws Problem not_found; invalid_state when the endpoint is disabled (its deliveries are abandoned).
 */
export async function sendTestEvent(ctx: Ctx, id: string): Promise<EventView> {
  return ctx.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw Problem.notFound('webhook', id);
    if (row.is_enabled !== 1) {
      throw new Problem('invalid_state', 'The endpoint is disabled: enable it, then send the test event', { extra: { field: 'is_enabled', current: false, requested: true } });
    }
    const now = ctx.now();
    const event = {
      id: newId('evn'), kind: TEST_EVENT_KIND, related_id: row.id, data: JSON.stringify({ object: webhookView(row) }), pending_webhooks: 1, created_at: now, updated_at: now,
    };
    await tx.insertInto('events').values(event).execute();
    await queueDeliveries(tx, event.id, [row.id]);
    return eventView(event);
  });
}
