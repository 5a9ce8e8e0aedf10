import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';

export const Webhook = Type.Object({
  id: Id('whk'),
  object: Type.Literal('webhook'),
  url: Type.String(),
  description: Nullable(Type.String()),
  events: Type.Array(Type.String(), { description: 'event kinds, or ["*"] for all' }),
  is_enabled: Type.Boolean(),
  disabled_reason: Nullable(Type.String({ description: 'why delivery stopped by itself' })),
  failing_since: Nullable(Type.Integer({ description: 'Unix seconds of the first failure since the last success' })),
  secret: Type.Optional(Type.String({ description: 'whsec_…: only in the answers that create or rotate it' })),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Webhook' });
export type WebhookView = Static<typeof Webhook>;

const events = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 });

export const WebhookCreate = Type.Object({
  url: Type.String({ maxLength: 2048 }),
  events: Type.Optional(events),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  is_enabled: Type.Optional(Type.Boolean()),
});
export const WebhookUpdate = Type.Object({
  url: Type.Optional(Type.String({ maxLength: 2048 })),
  events: Type.Optional(events),
  description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  is_enabled: Type.Optional(Type.Boolean({ description: 'enabling again clears failing_since and disabled_reason' })),
});
export type WebhookCreateInput = Static<typeof WebhookCreate>;
export type WebhookUpdateInput = Static<typeof WebhookUpdate>;

export const Attempt = Type.Object({
  id: Id('att'),
  object: Type.Literal('webhook_attempt'),
  delivery_id: Type.String(),
  event_id: Type.String(),
  attempt: Type.Integer({ description: '1 for the first try' }),
  succeeded: Type.Boolean(),
  status_code: Nullable(Type.Integer()),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  next_attempt_at: Nullable(Type.Integer({ description: 'Unix milliseconds of the next try; null when none will be' })),
  created_at: Timestamp,
}, { title: 'Delivery' });

export const RedeliverBody = Type.Object({
  webhook_id: Type.Optional(Type.String({ maxLength: 64, description: 'only this endpoint (default: every subscribed one)' })),
});

export const WebhookListQuery = Type.Object({
  ...PageQuery,
  failing: Type.Optional(Type.Boolean({ description: 'true: endpoints failing since their last success, or disabled for it; false: the others' })),
});
export const AttemptListQuery = Type.Object(PageQuery);
export const WebhookEnvelope = DataEnvelope(Webhook);
export const WebhookList = ListEnvelope(Webhook);
export const AttemptList = ListEnvelope(Attempt);
