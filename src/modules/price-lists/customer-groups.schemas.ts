import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, NonBlank, PageQuery, Timestamp } from '../../http/common-schemas.js';

export const CustomerGroup = Type.Object({
  id: Id('cgr'),
  object: Type.Literal('customer_group'),
  name: Type.String(),
  customer_count: Type.Integer({ description: 'customers in the group' }),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'CustomerGroup' });
export type CustomerGroupView = Static<typeof CustomerGroup>;

export const CustomerGroupWrite = Type.Object({ name: NonBlank(255) });
export type CustomerGroupWriteInput = Static<typeof CustomerGroupWrite>;

export const CustomerGroupListQuery = Type.Object(PageQuery);
export const CustomerGroupEnvelope = DataEnvelope(CustomerGroup);
export const CustomerGroupList = ListEnvelope(CustomerGroup);

/** What customers and price lists send to name groups. */
export const GroupIds = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'customer group ids (cgr_…)' });
