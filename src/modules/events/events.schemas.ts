import { Type } from 'typebox';
import { CommaList, DataEnvelope, Id, ListEnvelope, PageQuery, Timestamp } from '../../http/common-schemas.js';

export const Event = Type.Object(
  {
    id: Id('evn'),
    object: Type.Literal('event'),
    kind: Type.String({ description: 'collection.created, product.updated, sku.deleted, …' }),
    data: Type.Object(
      { object: Type.Object({}, { additionalProperties: true, description: 'the related resource as it was' }) },
      { description: 'the related resource after the change (before it, for a deletion)' },
    ),
    pending_webhooks: Type.Integer(),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { title: 'Event' },
);

export const EventListQuery = Type.Object({
  ...PageQuery,
  id: Type.Optional(CommaList),
  kind: Type.Optional(Type.String({ maxLength: 100 })),
  related_object: Type.Optional(Type.String({ maxLength: 64, description: 'id of the related product, sku, collection, customer or order' })),
});

export const EventEnvelope = DataEnvelope(Event);
export const EventList = ListEnvelope(Event);
