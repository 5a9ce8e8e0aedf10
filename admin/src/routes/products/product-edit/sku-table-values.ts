import type { Product, Sku, SkuChanges } from '../../../api/products';
import { toMajor, toMinor } from '../../../lib/format';

/** A sku's row as staff edit it in the product's skus table: money in major units, blank for none. */
export interface SkuRowValues {
  image: string;
  price: number | string;
  compared_price: number | string;
  in_stock: number | string;
  code: string;
  barcode: string;
  weight: number | string;
}

/** The columns that can be set for every sku at once, as the bulk control names them. */
export const bulkColumns = [
  { value: 'price', label: 'Price' },
  { value: 'compared_price', label: 'Compared price' },
  { value: 'in_stock', label: 'Stock' },
  { value: 'weight', label: 'Weight' },
] as const;
export type BulkColumn = (typeof bulkColumns)[number]['value'];

/** The value of the image picker for a sku: its image's file id, or its address when it has no file. */
export function imageChoiceOf(product: Product, sku: Sku): string {
  if (sku.image_url === null) return '';
  const image = product.images.find((candidate) => candidate.url === sku.image_url);
  return image ? (image.file_id ?? image.url) : '';
}

export function rowValuesOf(product: Product, sku: Sku, currency: string): SkuRowValues {
  return {
    image: imageChoiceOf(product, sku),
    price: toMajor(sku.price, currency),
    compared_price: sku.compared_price === null ? '' : toMajor(sku.compared_price, currency),
    in_stock: sku.in_stock ?? '',
    code: sku.code ?? '',
    barcode: sku.barcode ?? '',
    weight: sku.weight ?? '',
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));

/** What a row's edits change on its sku, field by field: only what differs from `before` is sent. */
export function changesOf(before: SkuRowValues, after: SkuRowValues, sku: Sku, currency: string): SkuChanges {
  const changes: SkuChanges = {};
  if (after.price !== before.price) changes.price = after.price === '' ? 0 : toMinor(Number(after.price), currency);
  if (after.compared_price !== before.compared_price) changes.compared_price = after.compared_price === '' ? null : toMinor(Number(after.compared_price), currency);
  // Stock typed for an untracked sku starts tracking it: that is what typing a count means.
  if (after.in_stock !== before.in_stock) {
    changes.in_stock = numberOrNull(after.in_stock) ?? (sku.stock_policy === 'overall' ? 0 : null);
    if (sku.stock_policy === 'none' && after.in_stock !== '') changes.stock_policy = 'overall';
  }
  if (after.code !== before.code) changes.code = blankToNull(after.code);
  if (after.barcode !== before.barcode) changes.barcode = blankToNull(after.barcode);
  if (after.weight !== before.weight) changes.weight = numberOrNull(after.weight);
  if (after.image !== before.image) changes.image = after.image === '' ? null : after.image.startsWith('fil_') ? { id: after.image } : { url: after.image };
  return changes;
}
