import { Type } from 'typebox';
import { Id, ListEnvelope, Nullable, PageQuery, StaffRef, Timestamp } from '../../http/common-schemas.js';

export const AuditEntry = Type.Object(
  {
    id: Id('aud'),
    object: Type.Literal('audit_entry'),
    actor: StaffRef,
    action: Type.String({ description: 'the action the route declares: order.cancel, product.update, …' }),
    method: Type.String({ description: 'POST, PUT or DELETE' }),
    path: Type.String({ description: 'the URL path, without its query string' }),
    object_id: Nullable(Type.String({ description: 'the record written: the one a 201 created, else the most specific id of the path' })),
    status: Type.Integer({ description: 'the HTTP status answered; refused writes (403, 404, 409, 422…) are logged too' }),
    ip: Nullable(Type.String({ description: "the client's address; null when the client hung up on a refused write before it could be read" })),
    created_at: Timestamp,
  },
  { title: 'AuditEntry' },
);

export const AuditLogQuery = Type.Object({
  ...PageQuery,
  actor_id: Type.Optional(Type.String({ maxLength: 64, description: 'the user (usr_) or API key (key_)' })),
  object_id: Type.Optional(Type.String({ maxLength: 255 })),
  action: Type.Optional(Type.String({ maxLength: 100, description: 'exactly, e.g. product.update' })),
});

export const AuditLog = ListEnvelope(AuditEntry);
