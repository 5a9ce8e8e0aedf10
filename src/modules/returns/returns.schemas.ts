import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';

export const returnReasons = ['damaged', 'wrong_item', 'not_as_described', 'changed_mind', 'other'] as const;
export const returnStatuses = ['requested', 'received', 'refunded', 'canceled'] as const;

export const ReturnItem = Type.Object({
  id: Id('itm'),
  name: Type.String({ description: "the order item's name" }),
  sku_id: Type.String(),
  quantity: Type.Integer({ description: 'units returned' }),
  reason: StringEnum(returnReasons),
  amount: Type.Integer({ description: "these units' share of what was paid for the item (its discount and taxes included)" }),
}, { title: 'ReturnItem' });

export const Return = Type.Object({
  id: Id('ret'),
  object: Type.Literal('return'),
  order_id: Type.String(),
  status: StringEnum(returnStatuses),
  items: Type.Array(ReturnItem),
  note: Nullable(Type.String()),
  restock: Type.Boolean({ description: 'receiving the items puts them back in stock' }),
  amount: Type.Integer({ description: "the items' paid share: what the refund moves unless told otherwise" }),
  refunded_amount: Nullable(Type.Integer({ description: 'null until refunded' })),
  transaction_id: Nullable(Type.String({ description: 'the refund transaction, once refunded' })),
  received_at: Nullable(Timestamp),
  refunded_at: Nullable(Timestamp),
  canceled_at: Nullable(Timestamp),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Return' });
export type ReturnView = Static<typeof Return>;

export const ReturnCreate = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String({ maxLength: 64, description: 'an order item' }),
      quantity: Type.Integer({ minimum: 1, maximum: 1e9, description: 'units returned: at most those shipped and not held by other returns' }),
      reason: StringEnum(returnReasons),
    }),
    { minItems: 1, maxItems: 500 },
  ),
  note: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
  restock: Type.Optional(Type.Boolean({ default: true, description: 'put the items back in stock when received (default true)' })),
  ...metadataInput,
});
export type ReturnCreateInput = Static<typeof ReturnCreate>;

export const ReturnRefund = Type.Object({
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e12, description: "cents; default: the return's amount, at most what is left to refund" })),
});

export const ReturnParams = Type.Object({ id: Type.String({ maxLength: 64 }), returnId: Type.String({ maxLength: 64 }) });
export const ReturnListQuery = Type.Object({ ...PageQuery, ...metadataQuery });
export const ReturnEnvelope = DataEnvelope(Return);
export const ReturnList = ListEnvelope(Return);
