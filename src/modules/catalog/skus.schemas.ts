import { Type } from 'typebox';
import { CommaList, DataEnvelope, Id, ListEnvelope, metadataFields, metadataInput, metadataQuery, Nullable, PageQuery, StringEnum, Timestamp } from '../../http/common-schemas.js';
import { weightUnits } from '../../lib/weight.js';
import { localeQuery, translationFields, translationsInput } from '../translations/translations.schemas.js';
import { sortByValues } from './catalog-filters.js';
import { FACETS_PATTERN, FacetedListEnvelope } from './facets.schemas.js';
import { ImageRef } from './images.js';
import { marketQuery } from '../markets/markets.schemas.js';
import { MarketPrice, SkuPrice, SkuPricesInput } from '../markets/sku-prices.schemas.js';

export const Sku = Type.Object({
  id: Id('sku'),
  object: Type.Literal('sku'),
  permalink: Type.String(),
  name: Type.String({ description: 'the product name and the option values' }),
  code: Nullable(Type.String()),
  barcode: Nullable(Type.String({ description: 'ISBN, UPC, GTIN …' })),
  price: Type.Integer({ description: 'sale price in cents' }),
  compared_price: Nullable(Type.Integer({ description: 'higher price for comparison, in cents' })),
  currency: Type.String({ description: "ISO 4217: the store's, or the market's the sku is read in" }),
  prices: Type.Array(SkuPrice, { description: 'fixed prices in other currencies ([] when none)' }),
  market_prices: Type.Optional(Type.Array(MarketPrice, { description: 'staff only: the price in each market the sku is sold in' })),
  modifiers: Type.Array(Type.String(), { description: 'option values, in the order of the product modifiers' }),
  options: Type.Record(Type.String(), Type.String(), { description: 'modifier name → value' }),
  image_url: Nullable(Type.String()),
  is_listable: Type.Boolean(),
  is_taxable: Type.Boolean(),
  is_shipping_required: Type.Boolean(),
  is_gift_card: Type.Boolean({ description: 'selling it issues a gift card of the price paid per unit when the order is paid, mailed to the buyer' }),
  stock_policy: StringEnum(['none', 'overall'] as const),
  is_backorderable: Type.Boolean(),
  in_stock: Nullable(Type.Integer()),
  is_notify: Nullable(Type.Boolean()),
  low_threshold: Nullable(Type.Integer()),
  weight_unit: Type.String(),
  weight_source: Type.Integer({ description: 'the weight in grams' }),
  weight: Nullable(Type.Number({ description: 'in weight_unit' })),
  position: Type.Integer(),
  product_id: Type.String(),
  ...metadataFields,
  ...translationFields,
  created_at: Timestamp,
  updated_at: Timestamp,
}, { title: 'Sku' });

const skuFields = {
  code: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  barcode: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  price: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e12, description: 'cents' })),
  compared_price: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
  prices: Type.Optional(SkuPricesInput),
  modifiers: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ minLength: 1, maxLength: 255 }), {
    description: 'modifier name → value; the names must be modifiers of the product',
  })),
  image: Type.Optional(Nullable(ImageRef)),
  is_listable: Type.Optional(Type.Boolean()),
  is_taxable: Type.Optional(Type.Boolean()),
  is_shipping_required: Type.Optional(Type.Boolean()),
  is_gift_card: Type.Optional(Type.Boolean({ description: 'default false; true also sets is_shipping_required and is_taxable false unless the same write sends them' })),
  stock_policy: Type.Optional(StringEnum(['none', 'overall'] as const)),
  is_backorderable: Type.Optional(Type.Boolean()),
  in_stock: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
  is_notify: Type.Optional(Nullable(Type.Boolean())),
  low_threshold: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1e12 }))),
  weight_unit: Type.Optional(StringEnum(weightUnits)),
  weight: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e9 }))),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
  ...metadataInput,
  ...translationsInput,
};

export const SkuCreate = Type.Object({ product_id: Type.String({ maxLength: 64 }), ...skuFields });
export const SkuUpdate = Type.Object(skuFields);
export type SkuFields = import('typebox').Static<typeof SkuUpdate>;

/** The listing parameters shared by skus and the products of a collection. */
export const listingQuery = {
  ...PageQuery,
  ...marketQuery,
  active: Type.Optional(Type.Boolean()),
  published: Type.Optional(Type.Boolean()),
  listable: Type.Optional(Type.Boolean()),
  // Bounded so a huge bound is a 400, not a PostgreSQL bigint overflow.
  price: Type.Optional(Type.Object({
    min: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'cents, inclusive' })),
    max: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'cents, inclusive' })),
  })),
  // A product has at most 10 modifiers, so more names match nothing; bounded so a query naming
  // hundreds is a 400, not one condition per name nested past SQLite's expression depth (a 500).
  // One value or a list of them: a generated client writes `options[color]=red` or, for either of
  // two, `options[color]=red,blue` (a deepObject member holds no list, so the document shows only
  // the string: openapi-requests.ts); `options[color][]=red&options[color][]=blue` is taken too.
  // Names and values are bounded as the catalogue bounds them (a modifier name is at most 100
  // characters, a value 255), and the whole so that the longest query fits in the request head the
  // server reads (MAX_HEADER_BYTES, app.ts): 10 names of 20 values at their longest are some 75 KB.
  // `propertyNames` says it where the document and the validator read it (a Record's key schema
  // reaches neither).
  options: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Union([
    Type.String({ maxLength: 255 }),
    Type.Array(Type.String({ maxLength: 255 }), { maxItems: 20 }),
  ]), {
    maxProperties: 10,
    propertyNames: { maxLength: 100 },
    description: 'options[color]=red: skus whose option equals the value; options[color]=red,blue: one of the values; at most 10 names of up to 100 characters, each with up to 20 values',
  })),
  ...metadataQuery,
  // Names and titles may hold commas: as with options, the whole value matches too (optionValues).
  vendor: Type.Optional(Type.String({ maxLength: 2000, description: 'vendor=Acme,Globex: products of one of the vendors named' })),
  tags: Type.Optional(Type.String({ maxLength: 2000, description: 'tags=Sale,Eco: products with one of the tags titled' })),
  facets: Type.Optional(Type.String({
    pattern: FACETS_PATTERN,
    description: 'facets=vendor,tags,options,price: meta.facets counts each value under the other filters, leaving out the facet\'s own',
  })),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  sort_by: Type.Optional(StringEnum(sortByValues)),
  ...localeQuery,
};

const lowStock = Type.Boolean({ description: 'true: skus counting stock whose in_stock is at or below their low_threshold; false: the others' });

/** The orders of a sku listing: the catalogue's, and the inventory's low stock first. */
export const skuSortByValues = [...sortByValues, 'low-stock-first'] as const;

const skuListingQuery = {
  ...listingQuery,
  sort_by: Type.Optional(StringEnum(skuSortByValues, {
    description: 'low-stock-first: the skus at or below their low_threshold first, then by in_stock (lowest first; stock not counted last), then creation',
  })),
  permalink: Type.Optional(CommaList),
  low_stock: Type.Optional(lowStock),
  stock_policy: Type.Optional(StringEnum(['none', 'overall'] as const, { description: 'overall: the skus that count their stock; none: the others' })),
};

export const SkuListQuery = Type.Object({
  ...skuListingQuery,
  id: Type.Optional(CommaList),
});

/**
 * The skus of one product (`/v1/products/{id}/skus`): the same filters but `id`, which names the
 * product there; a query `id` beside it made generated clients declare one argument twice
 * (`GET /v1/skus?id=` lists skus by id).
 */
export const ProductSkuListQuery = Type.Object(skuListingQuery);

export const SkuEnvelope = DataEnvelope(Sku);
export const SkuList = FacetedListEnvelope(Sku);

/** The query of a read of one product or sku: its locale and its market. */
export const CatalogReadQuery = Type.Object({ ...localeQuery, ...marketQuery });
