import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { OrderItem } from '../orders/orders.schemas.js';

export const Fulfillment = Type.Object({
  id: Id('ful'),
  object: Type.Literal('fulfillment'),
  kind: StringEnum(['parcial', 'full'] as const, { description: 'parcial while something is left to ship after it' }),
  status: StringEnum(['succeeded', 'canceled', 'pending', 'failed'] as const),
  items: Type.Array(
    Type.Object({
      ...OrderItem.properties,
      fulfilled_quantity: Type.Integer({ description: 'units of the item in this shipment' }),
      fulfilled_weight: Type.Integer({ description: 'their weight in grams' }),
    }, { title: 'FulfillmentItem' }),
  ),
  items_count: Type.Integer({ description: 'units in this shipment' }),
  tracking_code: Nullable(Type.String()),
  carrier: Nullable(Type.String()),
  is_customer_notified: Type.Boolean(),
  order_id: Type.String(),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Fulfillment' });
export type FulfillmentView = Static<typeof Fulfillment>;

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const FulfillmentCreate = Type.Object({
  tracking_code: text(255),
  carrier: text(255),
  is_customer_notified: Type.Optional(Type.Boolean()),
  status: Type.Optional(StringEnum(['succeeded', 'pending'] as const, { description: 'succeeded (default), or pending' })),
  items: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String({ maxLength: 64, description: 'an order item' }),
        quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e9, description: 'default: all of it left to ship' })),
      }),
      { minItems: 1, maxItems: 500 },
    ),
  ),
  ...metadataInput,
});
export type FulfillmentCreateInput = Static<typeof FulfillmentCreate>;

export const FulfillmentUpdate = Type.Object({
  tracking_code: text(255),
  carrier: text(255),
  is_customer_notified: Type.Optional(Type.Boolean()),
  status: Type.Optional(StringEnum(['succeeded', 'failed'] as const, { description: 'a pending shipment succeeded or failed' })),
  ...metadataInput,
});
export type FulfillmentUpdateInput = Static<typeof FulfillmentUpdate>;

export const FulfillmentParams = Type.Object({ id: Type.String({ maxLength: 64 }), fulfillmentId: Type.String({ maxLength: 64 }) });
export const FulfillmentListQuery = Type.Object({ ...PageQuery, ...metadataQuery });
export const FulfillmentEnvelope = DataEnvelope(Fulfillment);
export const FulfillmentList = ListEnvelope(Fulfillment);
