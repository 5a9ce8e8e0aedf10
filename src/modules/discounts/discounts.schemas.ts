import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';

const kinds = ['percentage', 'fixed_amount', 'free_shipping'] as const;
const scopes = ['all', 'collections', 'products', 'skus'] as const;

const appliesToMembers = {
  kind: StringEnum(scopes, { description: 'all items, or those of the collections, products or skus named in ids' }),
  ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 250, description: 'collection, product or sku ids (empty for all)' }),
};
const AppliesTo = Type.Object(appliesToMembers, { title: 'DiscountAppliesTo' });
/** What a write sends: `{kind: "all"}` alone is the whole store, as every client first writes it. */
const AppliesToWrite = Type.Object({
  kind: appliesToMembers.kind,
  ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: 250, description: 'collection, product or sku ids: at least one unless kind is all; left out or empty for all',
  })),
});

export const Discount = Type.Object({
  id: Id('dsc'),
  object: Type.Literal('discount'),
  code: Nullable(Type.String({ description: 'what the buyer enters (compared without case); null for an automatic discount' })),
  title: Type.String(),
  kind: StringEnum(kinds),
  value: Type.Integer({ description: 'basis points for percentage (1000 is 10 %), cents for fixed_amount, 0 for free_shipping' }),
  applies_to: AppliesTo,
  minimum_subtotal: Nullable(Type.Integer({ description: 'cents the eligible items must come to (before discounts)' })),
  starts_at: Nullable(Timestamp),
  ends_at: Nullable(Timestamp),
  usage_limit: Nullable(Type.Integer({ description: 'orders that may use it in all' })),
  usage_limit_per_customer: Nullable(Type.Integer({ description: 'orders one customer (by account or email) may use it in' })),
  is_active: Type.Boolean(),
  times_used: Type.Integer({ description: 'placed orders that used it' }),
  ...metadataFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Discount' });
export type DiscountView = Static<typeof Discount>;

const code = Nullable(Type.String({ minLength: 1, maxLength: 64, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$', description: 'letters, digits, - and _; unique without case; null for an automatic discount' }));
const optionalCount = Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })));
const optionalTime = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 32_503_680_000 })));

const writeMembers = {
  code: Type.Optional(code),
  title: Type.String({ minLength: 1, maxLength: 255 }),
  kind: StringEnum(kinds),
  value: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12, description: 'required for percentage (1 to 10000 basis points) and fixed_amount (cents); left out for free_shipping' })),
  applies_to: Type.Optional(AppliesToWrite),
  minimum_subtotal: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
  starts_at: optionalTime,
  ends_at: optionalTime,
  usage_limit: optionalCount,
  usage_limit_per_customer: optionalCount,
  is_active: Type.Optional(Type.Boolean()),
  ...metadataInput,
};

export const DiscountCreate = Type.Object(writeMembers);
export type DiscountCreateInput = Static<typeof DiscountCreate>;

/** Members left out keep their value. */
export const DiscountUpdate = Type.Partial(Type.Object(writeMembers));
export type DiscountUpdateInput = Static<typeof DiscountUpdate>;

export const DiscountListQuery = Type.Object({
  ...PageQuery,
  q: Type.Optional(Type.String({ maxLength: 200, description: 'words found in the code or the title' })),
  is_active: Type.Optional(Type.Boolean()),
  kind: Type.Optional(StringEnum(kinds)),
  automatic: Type.Optional(Type.Boolean({ description: 'true: only automatic discounts (no code); false: only codes' })),
  ...metadataQuery,
});
export type DiscountListFilter = Omit<Static<typeof DiscountListQuery>, 'page' | 'per_page'>;

export const DiscountEnvelope = DataEnvelope(Discount);
export const DiscountList = ListEnvelope(Discount);

/** The members carts and checkouts take: the codes the buyer entered (one applies per order). */
export const DiscountCodesWrite = Type.Array(Type.String({ maxLength: 64 }), {
  maxItems: 5,
  description: 'discount codes entered by the buyer (compared without case); one applies per order, [] removes it',
});

/** A discount applied to a cart, checkout or order. */
export const AppliedDiscount = Type.Object({
  code: Nullable(Type.String({ description: 'null for an automatic discount' })),
  discount_id: Type.String(),
  kind: StringEnum(kinds),
  amount: Type.Integer({ description: 'cents taken off: from the items, or from shipping for free_shipping' }),
}, { title: 'AppliedDiscount' });
