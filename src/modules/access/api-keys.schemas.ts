import { Type } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, NonBlank, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { ROLES } from './roles.js';

export const RoleName = StringEnum(ROLES, {
  description: 'owner: everything; admin: everything but users and API keys; catalog: read all, write the catalogue, discounts, files and content; '
    + 'fulfillment: read orders and customers, ship, receive returns, comment; read_only: read all (docs/api.md "Staff users")',
});

export const ApiKey = Type.Object({
  id: Id('key'),
  object: Type.Literal('api_key'),
  name: Nullable(Type.String()),
  read_only: Type.Boolean(),
  role: RoleName,
  last_four: Type.String({ description: 'the last four characters of the token' }),
  last_used_at: Nullable(Type.Integer()),
  is_current: Type.Boolean({ description: 'true for the key this request is made with' }),
  created_at: Timestamp,
  token: Type.Optional(Type.String({ description: 'the secret, present only in the answer that creates the key' })),
}, { title: 'ApiKey' });

export const ApiKeyCreate = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 255 })),
  read_only: Type.Optional(Type.Boolean({ default: false, description: 'a read-only key (rk_…) may only read: the same as role read_only' })),
  role: Type.Optional(RoleName),
});

export const ChannelKey = Type.Object({
  id: Id('key'),
  object: Type.Literal('channel_key'),
  channel_id: Type.String(),
  last_four: Type.String(),
  last_used_at: Nullable(Type.Integer()),
  created_at: Timestamp,
  token: Type.Optional(Type.String({ description: 'the secret (ck_…), present only in the answer that creates the key' })),
}, { title: 'ChannelKey' });

export const Channel = Type.Object({
  id: Id('chn'),
  object: Type.Literal('channel'),
  name: Type.String(),
  keys: Type.Array(ChannelKey),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Channel' });

export const ChannelCreate = Type.Object({ name: NonBlank(255) });
export const ChannelUpdate = ChannelCreate;
export const ChannelKeyParams = Type.Object({ id: Type.String({ maxLength: 64 }), keyId: Type.String({ maxLength: 64 }) });

export const ListQuery = Type.Object(PageQuery);
export const ApiKeyEnvelope = DataEnvelope(ApiKey);
export const ApiKeyList = ListEnvelope(ApiKey);
export const ChannelEnvelope = DataEnvelope(Channel);
export const ChannelList = ListEnvelope(Channel);
export const ChannelKeyEnvelope = DataEnvelope(ChannelKey);
