import { toGrams, type WeightUnit } from '../../lib/weight.js';
import { currencyDecimals } from '../markets/money.js';
import { SHOPIFY_PRODUCT_COLUMNS } from './shopify-products.js';

/** What an export writes of a sku: the fields of the API's sku that Shopify's columns hold. */
export interface ExportableSku {
  code: string | null;
  barcode: string | null;
  price: number;
  compared_price: number | null;
  options: Record<string, string>;
  image_url: string | null;
  is_taxable: boolean;
  is_shipping_required: boolean;
  is_gift_card: boolean;
  stock_policy: 'none' | 'overall';
  is_backorderable: boolean;
  in_stock: number | null;
  weight_unit: WeightUnit;
  weight: number | null;
}

/** What an export writes of a product: the API's product with its vendor's name, tag titles and image URLs. */
export interface ExportableProduct {
  permalink: string;
  name: string;
  description: string | null;
  vendor: string | null;
  tags: string[];
  modifiers: string[];
  images: string[];
  meta_title: string | null;
  meta_description: string | null;
  is_active: boolean;
  skus: ExportableSku[];
}

export type ShopifyProductRow = Record<(typeof SHOPIFY_PRODUCT_COLUMNS)[number], string>;

const shopifyWeightUnit: Record<WeightUnit, string> = { gr: 'g', kg: 'kg', lb: 'lb', oz: 'oz' };

/** Minor units as Shopify writes an amount: `8900` → `89.00` in a currency of two decimals. */
export function formatAmount(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return String(minor);
  const text = String(minor).padStart(decimals + 1, '0');
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

const bool = (value: boolean) => (value ? 'TRUE' : 'FALSE');

function emptyRow(handle: string): ShopifyProductRow {
  const row = Object.fromEntries(SHOPIFY_PRODUCT_COLUMNS.map((column) => [column, ''])) as ShopifyProductRow;
  row.Handle = handle;
  return row;
}

/**
 * A product as the rows of Shopify's product export: the first holds the product and its first
 * variant, each further variant a row of its own (its option values, not their names), and the
 * images one a row in order, on the variant rows first and then on rows of their own. A product
 * without options has Shopify's `Title` / `Default Title` option.
 */
export function shopifyProductRows(product: ExportableProduct, currency: string): ShopifyProductRow[] {
  const rows: ShopifyProductRow[] = [];
  // Shopify has three options: a product of more keeps the others out of the file.
  const options = product.modifiers.length > 0 ? product.modifiers.slice(0, 3) : ['Title'];
  product.skus.forEach((sku, index) => {
    const row = emptyRow(product.permalink);
    options.forEach((name, n) => {
      const column = `Option${(n + 1) as 1 | 2 | 3}` as const;
      if (index === 0) row[`${column} Name`] = name;
      row[`${column} Value`] = product.modifiers.length > 0 ? sku.options[name] ?? '' : 'Default Title';
    });
    row['Variant SKU'] = sku.code ?? '';
    row['Variant Grams'] = String(toGrams(sku.weight, sku.weight_unit));
    row['Variant Inventory Tracker'] = sku.stock_policy === 'overall' ? 'shopify' : '';
    row['Variant Inventory Qty'] = String(sku.in_stock ?? 0);
    row['Variant Inventory Policy'] = sku.is_backorderable ? 'continue' : 'deny';
    row['Variant Fulfillment Service'] = 'manual';
    row['Variant Price'] = formatAmount(sku.price, currency);
    row['Variant Compare At Price'] = sku.compared_price === null ? '' : formatAmount(sku.compared_price, currency);
    row['Variant Requires Shipping'] = bool(sku.is_shipping_required);
    row['Variant Taxable'] = bool(sku.is_taxable);
    row['Variant Barcode'] = sku.barcode ?? '';
    row['Variant Image'] = sku.image_url ?? '';
    row['Variant Weight Unit'] = shopifyWeightUnit[sku.weight_unit];
    rows.push(row);
  });
  if (rows.length === 0) rows.push(emptyRow(product.permalink));
  product.images.forEach((url, index) => {
    if (index >= rows.length) rows.push(emptyRow(product.permalink));
    rows[index]!['Image Src'] = url;
    rows[index]!['Image Position'] = String(index + 1);
  });
  const first = rows[0]!;
  first.Title = product.name;
  first['Body (HTML)'] = product.description ?? '';
  first.Vendor = product.vendor ?? '';
  first.Tags = product.tags.join(', ');
  first.Published = bool(product.is_active);
  first['Gift Card'] = bool(product.skus.some((sku) => sku.is_gift_card));
  first['SEO Title'] = product.meta_title ?? '';
  first['SEO Description'] = product.meta_description ?? '';
  first.Status = product.is_active ? 'active' : 'draft';
  return rows;
}
