import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, NonBlank, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { localeQuery, translationFields, translationsInput } from '../translations/translations.schemas.js';
import { PERMALINK_PATTERN } from './permalinks.js';
import { Product } from './products.schemas.js';
import { listingQuery } from './skus.schemas.js';
import { ruleConditions, ruleFields } from './smart-rules.js';
import { FacetedListEnvelope } from './facets.schemas.js';

export const sortingRules = ['manual', 'name-asc', 'name-desc', 'price-asc', 'price-desc', 'created-asc', 'created-desc'] as const;
export type SortingRule = (typeof sortingRules)[number];

export const CollectionRule = Type.Object({
  id: Id('rul'),
  object: Type.Literal('collection_rule'),
  field: Type.String(),
  condition: Type.String(),
  value: Type.String(),
}, { title: 'CollectionRule' });

export const Collection = Type.Object({
  id: Id('col'),
  object: Type.Literal('collection'),
  permalink: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String({ description: 'HTML' })),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  kind: StringEnum(['products', 'smart'] as const),
  sorting_rule: StringEnum(sortingRules),
  is_visible: Type.Boolean(),
  visible_at: Nullable(Timestamp),
  disjunctive: Type.Boolean({ description: 'smart collections: any rule (true) or every rule (false)' }),
  rules: Type.Array(CollectionRule),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Collection' });

const RuleInput = Type.Object({
  field: StringEnum(ruleFields),
  condition: StringEnum(ruleConditions),
  value: Type.String({ minLength: 1, maxLength: 255 }),
});

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const CollectionWrite = Type.Object({
  title: NonBlank(255),
  kind: StringEnum(['products', 'smart'] as const),
  permalink: Type.Optional(Type.String({ pattern: PERMALINK_PATTERN, maxLength: 120 })),
  description: text(100_000),
  meta_title: text(255),
  meta_description: text(1000),
  image_url: text(2048),
  sorting_rule: Type.Optional(StringEnum(sortingRules)),
  is_visible: Type.Optional(Type.Boolean()),
  // The upper bound (9999-12-31) keeps the value inside PostgreSQL's bigint; past it the insert fails (500).
  visible_at: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 253_402_300_799, description: 'Unix seconds' }))),
  rules: Type.Optional(Type.Array(RuleInput, { maxItems: 50, description: 'smart collections only; replaces the rules' })),
  disjunctive: Type.Optional(Type.Boolean()),
  ...metadataInput,
  ...translationsInput,
});
export type CollectionWriteInput = Static<typeof CollectionWrite>;

/** Rules not saved yet: what a smart collection with them would hold. */
export const CollectionPreview = Type.Object({
  rules: Type.Array(RuleInput, { maxItems: 50 }),
  disjunctive: Type.Optional(Type.Boolean({ description: 'any rule (true) or every rule (false, the default)' })),
  sorting_rule: Type.Optional(StringEnum(sortingRules, { description: 'default manual: creation order' })),
});
export type CollectionPreviewInput = Static<typeof CollectionPreview>;
export const CollectionPreviewQuery = Type.Object(PageQuery);

export const CollectionListQuery = Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 200 })), ...metadataQuery, ...localeQuery });
export const CollectionProductsQuery = Type.Object(listingQuery);

export const Membership = Type.Object({
  object: Type.Literal('collection_product'),
  collection_id: Type.String(),
  product_id: Type.String(),
  position: Type.Integer(),
}, { title: 'CollectionProduct' });
export const MembershipCreate = Type.Object({
  product_id: Type.String({ maxLength: 64 }),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9, description: 'default: after the last product' })),
});
export const MembershipOrder = Type.Object({
  product_ids: Type.Array(Type.String({ maxLength: 64 }), {
    minItems: 1,
    maxItems: 1000,
    description: 'products of the collection, to come first in this order; the others follow as they were',
  }),
});
export const MembershipParams = Type.Object({ id: Type.String({ maxLength: 64 }), productId: Type.String({ maxLength: 64 }) });

export const CollectionEnvelope = DataEnvelope(Collection);
export const CollectionList = ListEnvelope(Collection);
export const CollectionProductList = FacetedListEnvelope(Product);
export const MembershipEnvelope = DataEnvelope(Membership);
export const MembershipListEnvelope = DataEnvelope(Type.Array(Membership));
