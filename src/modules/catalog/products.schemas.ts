import { Type, type Static } from 'typebox';
import { DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, NonBlank, Nullable, Timestamp } from '../../http/common-schemas.js';
import { translationFields, translationsInput } from '../translations/translations.schemas.js';
import { ImageRef } from './images.js';
import { PERMALINK_PATTERN } from './permalinks.js';
import { listingQuery, Sku } from './skus.schemas.js';
import { SkuPricesInput } from '../markets/sku-prices.schemas.js';
import { FacetedListEnvelope } from './facets.schemas.js';

export const Vendor = Type.Object({
  id: Id('vnd'),
  object: Type.Literal('vendor'),
  permalink: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Vendor' });

export const Tag = Type.Object({
  id: Id('tag'),
  object: Type.Literal('tag'),
  permalink: Type.String(),
  title: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Tag' });

export const Image = Type.Object({
  object: Type.Literal('image'),
  url: Type.String(),
  file_id: Nullable(Type.String()),
  position: Type.Integer(),
}, { title: 'Image' });

export const Product = Type.Object({
  id: Id('prd'),
  object: Type.Literal('product'),
  permalink: Type.String(),
  name: Type.String(),
  excerpt: Nullable(Type.String()),
  description: Nullable(Type.String()),
  modifiers: Type.Array(Type.String(), { description: 'names of the product modifiers (size, color …)' }),
  meta_title: Nullable(Type.String()),
  meta_description: Nullable(Type.String()),
  meta_keywords: Nullable(Type.String()),
  vendor: Nullable(Vendor),
  tags: Type.Array(Tag),
  sku_id: Nullable(Type.String({ description: 'id of the default sku' })),
  skus: Type.Array(Sku),
  images: Type.Array(Image),
  available_at: Nullable(Timestamp),
  price: Type.Integer({ description: 'price of the default sku, in cents' }),
  compared_price: Nullable(Type.Integer()),
  currency: Type.String({ description: "ISO 4217: the store's, or the market's the product is read in" }),
  image_url: Nullable(Type.String()),
  hidden_on: Type.Array(Type.String(), { description: 'ids of the sales channels (chn_…) whose storefront does not show the product; always empty for a storefront' }),
  is_active: Type.Boolean(),
  category_ids: Type.Array(Type.String()),
  collection_ids: Type.Array(Type.String(), { description: 'collections of kind products it belongs to' }),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Product' });

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
const idList = Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }));

const productFields = {
  permalink: Type.Optional(Type.String({ pattern: PERMALINK_PATTERN, maxLength: 120 })),
  excerpt: text(1000),
  description: text(100_000),
  meta_title: text(255),
  meta_description: text(1000),
  meta_keywords: text(1000),
  vendor: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255, description: 'vendor name; found or created' }))),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, description: 'tag titles; found or created' })),
  modifiers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10, description: 'modifier names' })),
  images: Type.Optional(Type.Array(ImageRef, { maxItems: 50 })),
  category_ids: idList,
  collection_ids: idList,
  hidden_on: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: 100, description: 'ids of the sales channels (chn_…) whose storefront does not show the product; always empty for a storefront',
  })),
  options: Type.Optional(Type.Record(
    Type.String({ minLength: 1, maxLength: 100 }),
    Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 100 }),
    {
      maxProperties: 10,
      description: 'the variant matrix, `{"size": ["S", "M"], "color": ["Red", "Blue"]}`: a sku for every combination '
        + 'the product lacks (at most 100), the option names added to its modifiers; no sku is deleted',
    },
  )),
  ...metadataInput,
  ...translationsInput,
  is_active: Type.Optional(Type.Boolean()),
  available_at: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 253_402_300_799, description: 'Unix seconds; null = published now' }))),
};

export const ProductCreate = Type.Object({
  name: NonBlank(255),
  ...productFields,
  price: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12, description: 'price of the default sku, in cents' })),
  compared_price: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
  prices: Type.Optional(SkuPricesInput),
});
export const ProductUpdate = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })), ...productFields });
export type ProductCreateInput = Static<typeof ProductCreate>;
export type ProductUpdateInput = Static<typeof ProductUpdate>;

export const ProductListQuery = Type.Object({
  ...listingQuery,
  category_id: Type.Optional(Type.String({ maxLength: 64, description: 'products of this category or of any category below it; an unknown id lists none' })),
});
export const ProductEnvelope = DataEnvelope(Product);
export const ProductList = FacetedListEnvelope(Product);
