import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, NonBlank, Nullable, PageQuery, Timestamp } from '../../http/common-schemas.js';
import { GroupIds } from './customer-groups.schemas.js';

const ListPrice = Type.Object({
  sku_id: Type.String(),
  currency: Nullable(Type.String({ description: "ISO 4217; null: the store's currency" })),
  price: Type.Integer({ description: 'minor units' }),
}, { title: 'PriceListPrice' });

export const PriceList = Type.Object({
  id: Id('prl'),
  object: Type.Literal('price_list'),
  name: Type.String(),
  customer_group_ids: Type.Array(Type.String()),
  prices: Type.Array(ListPrice),
  starts_at: Nullable(Timestamp),
  ends_at: Nullable(Timestamp),
  is_active: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'PriceList' });
export type PriceListView = Static<typeof PriceList>;

const optionalTime = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 32_503_680_000 })));
const ListPriceWrite = Type.Object({
  sku_id: Type.String({ maxLength: 64 }),
  currency: Type.Optional(Nullable(Type.String({
    maxLength: 8, description: "ISO 4217 (case-insensitive): the store's currency or a market's; left out or null: the store's",
  }))),
  price: Type.Integer({ minimum: 0, maximum: 1e12, description: 'minor units' }),
});

const writeMembers = {
  name: NonBlank(255),
  customer_group_ids: Type.Optional(GroupIds),
  prices: Type.Optional(Type.Array(ListPriceWrite, { maxItems: 5000, description: 'one per sku and currency; replaces the list\'s prices' })),
  starts_at: optionalTime,
  ends_at: optionalTime,
  is_active: Type.Optional(Type.Boolean()),
};

export const PriceListCreate = Type.Object(writeMembers);
export type PriceListCreateInput = Static<typeof PriceListCreate>;
/** Members left out keep their value; lists given replace the current ones. */
export const PriceListUpdate = Type.Partial(Type.Object(writeMembers));
export type PriceListUpdateInput = Static<typeof PriceListUpdate>;

export const PriceListListQuery = Type.Object(PageQuery);
export const PriceListEnvelope = DataEnvelope(PriceList);
export const PriceListList = ListEnvelope(PriceList);
