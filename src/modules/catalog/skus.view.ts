import type { SkuRow } from '../../db/types.js';
import { metadataView, type MetadataView } from '../../lib/metadata.js';
import type { MarketPriceView, SkuPricing } from '../markets/sku-prices.js';
import { translationsView, type TranslationsView } from '../translations/translations.js';

export interface SkuView extends MetadataView, TranslationsView {
  id: string;
  object: 'sku';
  permalink: string;
  name: string;
  code: string | null;
  barcode: string | null;
  price: number;
  compared_price: number | null;
  /** The currency of `price` and `compared_price`: the store's, or the market's the sku is read in. */
  currency: string;
  prices: SkuPricing['prices'];
  /** Staff only: the sku's price in each market it is sold in. */
  market_prices?: MarketPriceView[];
  modifiers: string[];
  options: Record<string, string>;
  image_url: string | null;
  is_listable: boolean;
  is_taxable: boolean;
  is_shipping_required: boolean;
  is_gift_card: boolean;
  stock_policy: 'none' | 'overall';
  is_backorderable: boolean;
  in_stock: number | null;
  is_notify: boolean | null;
  low_threshold: number | null;
  weight_unit: string;
  weight_source: number;
  weight: number | null;
  position: number;
  product_id: string;
  created_at: number;
  updated_at: number;
}

/** What a sku's view needs of its product. */
export interface SkuOwner {
  name: string;
  modifiers: string[];
}

export function parseOptions(row: Pick<SkuRow, 'modifiers'>): Record<string, string> {
  return JSON.parse(row.modifiers) as Record<string, string>;
}

/** Option values in the order the product lists its modifiers. */
export function modifierValues(options: Record<string, string>, owner: SkuOwner): string[] {
  return owner.modifiers.filter((name) => name in options).map((name) => options[name]!);
}

/** `T-shirt - Red / L`: a sku's name is its product's name and its option values. */
export function skuName(owner: SkuOwner, options: Record<string, string>): string {
  const values = modifierValues(options, owner);
  return values.length > 0 ? `${owner.name} - ${values.join(' / ')}` : owner.name;
}

export function skuView(row: SkuRow, owner: SkuOwner, pricing: SkuPricing): SkuView {
  const options = parseOptions(row);
  return {
    id: row.id,
    object: 'sku',
    permalink: row.permalink,
    name: skuName(owner, options),
    code: row.code,
    barcode: row.barcode,
    price: row.price,
    compared_price: row.compared_price,
    currency: pricing.currency,
    prices: pricing.prices,
    modifiers: modifierValues(options, owner),
    options,
    image_url: row.image_url,
    is_listable: row.is_listable === 1,
    is_taxable: row.is_taxable === 1,
    is_shipping_required: row.is_shipping_required === 1,
    is_gift_card: row.is_gift_card === 1,
    stock_policy: row.stock_policy,
    is_backorderable: row.is_backorderable === 1,
    in_stock: row.in_stock,
    is_notify: row.is_notify === null ? null : row.is_notify === 1,
    low_threshold: row.low_threshold,
    weight_unit: row.weight_unit,
    weight_source: row.weight_grams,
    weight: row.weight,
    position: row.position,
    product_id: row.product_id,
    ...metadataView(row),
    ...translationsView(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
