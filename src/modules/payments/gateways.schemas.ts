import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';

export const Gateway = Type.Object({
  id: Id('gtw'),
  object: Type.Literal('gateway'),
  name: Type.String(),
  display_name: Nullable(Type.String({ description: 'what the buyer sees; null shows name' })),
  source: Type.String({ description: 'unique slug of the gateway' }),
  driver: Type.String({ description: 'the connection type: manual, test or stripe' }),
  is_enabled: Type.Boolean({ description: 'offered to buyers' }),
  settings: Type.Object({}, {
    additionalProperties: true,
    description: "the driver's settings; a secret that is set shows as ******** (to admins; the storefront never sees secrets)",
  }),
  methods: Type.Array(Type.String(), { description: 'the payment methods the gateway offers with these settings' }),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Gateway' });

const name = Type.String({ minLength: 1, maxLength: 255 });
const displayName = Nullable(Type.String({ maxLength: 255 }));
const source = Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_-]+$', description: 'unique; lowercase letters, digits, _ and -' });
const settings = Type.Object({}, {
  additionalProperties: true,
  maxProperties: 50,
  description: "the driver's settings. On update they are merged over the stored ones (null removes one); a secret sent as ******** keeps its stored value",
});

export const GatewayCreate = Type.Object({
  name,
  display_name: Type.Optional(displayName),
  source,
  driver: Type.String({ maxLength: 64, description: 'manual, test or stripe' }),
  is_enabled: Type.Optional(Type.Boolean({ default: true })),
  settings: Type.Optional(settings),
});

/** Every member optional; one left out keeps its value. The driver cannot change. */
export const GatewayUpdate = Type.Object({
  name: Type.Optional(name),
  display_name: Type.Optional(displayName),
  source: Type.Optional(source),
  driver: Type.Optional(Type.String({ maxLength: 64, description: 'the current driver; it cannot change' })),
  is_enabled: Type.Optional(Type.Boolean()),
  settings: Type.Optional(settings),
});

export const GatewayListQuery = Type.Object(PageQuery);
export const GatewayEnvelope = DataEnvelope(Gateway);
export const GatewayList = ListEnvelope(Gateway);

export const GatewayDriverSetting = Type.Object({
  name: Type.String({ description: 'the key in a gateway\'s settings' }),
  kind: StringEnum(['text', 'choice', 'choices', 'secret'] as const, {
    description: 'text; choice: one of options; choices: a non-empty list of options; secret: write-only text, shown as ******** once set',
  }),
  options: Nullable(Type.Array(Type.String(), { description: 'the values a choice or choices takes; null for text and secrets' })),
  secret: Type.Boolean({ description: 'write-only: never shown, only replaced' }),
  description: Type.String(),
}, { title: 'GatewayDriverSetting' });

export const GatewayDriver = Type.Object({
  object: Type.Literal('gateway_driver'),
  name: Type.String({ description: 'the driver value of a gateway' }),
  description: Type.String(),
  methods: Type.Array(Type.String(), { description: 'the payment methods it offers with no settings' }),
  settings: Type.Array(GatewayDriverSetting, { description: 'every setting it takes, in the order a form asks for them' }),
  takes_webhooks: Type.Boolean({ description: "true when its provider's webhooks are settled at POST /v1/gateways/{id}/webhooks (stripe)" }),
}, { title: 'GatewayDriver' });

export const GatewayDriverListQuery = Type.Object(PageQuery);
export const GatewayDriverList = ListEnvelope(GatewayDriver);
