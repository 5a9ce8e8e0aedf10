import { fromGrams, type WeightUnit } from '../../lib/weight.js';
import { isHttpUrl } from '../catalog/images.js';
import { ProductCreate, type ProductCreateInput } from '../catalog/products.schemas.js';
import { SkuUpdate, type SkuFields } from '../catalog/skus.schemas.js';
import { currencyDecimals } from '../markets/money.js';
import { bodyChecker } from './schema-check.js';

/**
 * The columns of Shopify's product CSV export, in its order: an export writes them all, an import
 * reads those it understands and passes over the others (Google Shopping, per-market prices, cost).
 */
export const SHOPIFY_PRODUCT_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker', 'Variant Inventory Qty', 'Variant Inventory Policy',
  'Variant Fulfillment Service', 'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping',
  'Variant Taxable', 'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title',
  'SEO Description', 'Google Shopping / Google Product Category', 'Google Shopping / Gender',
  'Google Shopping / Age Group', 'Google Shopping / MPN', 'Google Shopping / Condition',
  'Google Shopping / Custom Product', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code', 'Cost per item',
  'Price / International', 'Compare At Price / International', 'Status',
] as const;

/** The columns without which a file is no product export: the whole file is refused. */
const REQUIRED_COLUMNS = ['Handle', 'Title'] as const;

/** The required columns a header lacks. */
export function missingProductColumns(columns: readonly string[]): string[] {
  return REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
}

/** One record of the file, its cells by column. */
export interface ShopifyRow {
  row: number;
  values: Record<string, string>;
}

/** A fault of one row, named by the file's column so a merchant finds it in their spreadsheet. */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface ImportedSku {
  row: number;
  sku: SkuFields;
}

/**
 * A product as the API would be asked to make or update it, found by its Handle (its permalink),
 * and its skus, found by code, else by their option values. A product without options has one sku:
 * the default one.
 */
export interface ImportedProduct {
  handle: string;
  row: number;
  product: ProductCreateInput & { modifiers: string[] };
  skus: ImportedSku[];
}

/** At most this many rows per Handle: 100 skus and their images, and a file cannot make one group hold it all. */
export const MAX_ROWS_PER_HANDLE = 500;
const MAX_SKUS = 100;
const OPTION_COLUMNS = [1, 2, 3] as const;

/**
 * Gathers consecutive rows of one Handle, as Shopify writes them. A row without a Handle is an error
 * of its own; the same Handle further on is another group (and updates what the first made).
 */
export async function* groupRowsByHandle(rows: AsyncIterable<ShopifyRow>): AsyncGenerator<{ handle: string; rows: ShopifyRow[] }> {
  let group: { handle: string; rows: ShopifyRow[] } | undefined;
  for await (const row of rows) {
    const handle = (row.values.Handle ?? '').trim();
    if (group && handle === group.handle) {
      group.rows.push(row);
      continue;
    }
    if (group) yield group;
    group = { handle, rows: [row] };
  }
  if (group) yield group;
}

const checkProduct = bodyChecker(ProductCreate);
const checkSku = bodyChecker(SkuUpdate);

/** Where each product field comes from in the file. */
const productColumns: Record<string, string> = {
  name: 'Title', permalink: 'Handle', description: 'Body (HTML)', vendor: 'Vendor', tags: 'Tags',
  images: 'Image Src', meta_title: 'SEO Title', meta_description: 'SEO Description', modifiers: 'Option1 Name',
};
const skuColumns: Record<string, string> = {
  code: 'Variant SKU', barcode: 'Variant Barcode', price: 'Variant Price', compared_price: 'Variant Compare At Price',
  in_stock: 'Variant Inventory Qty', weight: 'Variant Grams', weight_unit: 'Variant Weight Unit', image: 'Variant Image',
  is_taxable: 'Variant Taxable', is_shipping_required: 'Variant Requires Shipping',
  stock_policy: 'Variant Inventory Tracker', is_backorderable: 'Variant Inventory Policy', modifiers: 'Option1 Value',
};

/** `images[2][url]` → `images`: the column of a field is that of its first name. */
const topName = (field: string) => field.split('[')[0]!;

const weightUnitsByShopifyName: Record<string, WeightUnit> = { g: 'gr', kg: 'kg', lb: 'lb', oz: 'oz' };

/** The reading of one row's cells into typed values, each fault recorded under its column. */
class RowReader {
  constructor(readonly row: ShopifyRow, readonly errors: RowError[]) {}

  text(column: string): string {
    return (this.row.values[column] ?? '').trim();
  }

  fail(column: string, message: string): undefined {
    this.errors.push({ row: this.row.row, field: column, message });
    return undefined;
  }

  /** TRUE or FALSE as Shopify writes them; undefined when empty. */
  boolean(column: string): boolean | undefined {
    const text = this.text(column).toLowerCase();
    if (text === '') return undefined;
    if (text === 'true') return true;
    if (text === 'false') return false;
    return this.fail(column, 'must be TRUE or FALSE');
  }

  /** A whole number; undefined when empty. A negative one may carry the apostrophe exports put before it (`'-3`). */
  integer(column: string): number | undefined {
    const text = this.text(column).replace(/^'(?=-\d)/, '');
    if (text === '') return undefined;
    if (!/^-?\d{1,15}$/.test(text)) return this.fail(column, 'must be a whole number');
    return Number(text);
  }

  /** A decimal amount (`89.00`) in the currency's minor units; undefined when empty. */
  money(column: string, decimals: number): number | undefined {
    const text = this.text(column);
    if (text === '') return undefined;
    const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
    if (!match) return this.fail(column, 'must be an amount such as 19.99');
    const fraction = (match[2] ?? '').replace(/0+$/, '');
    if (fraction.length > decimals) return this.fail(column, `must have at most ${decimals} decimals`);
    return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  }
}

/** The option names of a product: Shopify's `Title` / `Default Title` is a product without options. */
function optionNames(first: RowReader): string[] {
  const names = OPTION_COLUMNS.map((n) => first.text(`Option${n} Name`));
  const used = names.slice(0, names.findIndex((name) => name === '') === -1 ? 3 : names.findIndex((name) => name === ''));
  if (used.length === 1 && used[0] === 'Title' && first.text('Option1 Value') === 'Default Title') return [];
  return used;
}

/** Whether a row describes a variant (and not only one more image of the product). */
function isVariantRow(reader: RowReader): boolean {
  return ['Option1 Value', 'Variant SKU', 'Variant Price', 'Variant Grams', 'Variant Inventory Qty'].some((c) => reader.text(c) !== '');
}

function readSku(reader: RowReader, options: string[], decimals: number, isGiftCard: boolean): SkuFields | undefined {
  const before = reader.errors.length;
  const sku: SkuFields = isGiftCard ? { is_gift_card: true } : {};
  const code = reader.text('Variant SKU');
  if (code !== '') sku.code = code;
  const barcode = reader.text('Variant Barcode');
  if (barcode !== '') sku.barcode = barcode;
  const price = reader.money('Variant Price', decimals);
  if (price !== undefined) sku.price = price;
  if (reader.text('Variant Compare At Price') !== '') sku.compared_price = reader.money('Variant Compare At Price', decimals) ?? null;
  else sku.compared_price = null;
  const taxable = reader.boolean('Variant Taxable');
  if (taxable !== undefined) sku.is_taxable = taxable;
  const shipping = reader.boolean('Variant Requires Shipping');
  if (shipping !== undefined) sku.is_shipping_required = shipping;
  // Shopify counts stock when a tracker is named; a count below zero (sold past stock) means none left here.
  const tracked = reader.text('Variant Inventory Tracker') !== '';
  sku.stock_policy = tracked ? 'overall' : 'none';
  const stock = reader.integer('Variant Inventory Qty');
  sku.in_stock = tracked ? Math.max(0, stock ?? 0) : null;
  const policy = reader.text('Variant Inventory Policy').toLowerCase();
  if (policy === 'continue' || policy === 'deny') sku.is_backorderable = policy === 'continue';
  else if (policy !== '') reader.fail('Variant Inventory Policy', 'must be deny or continue');
  const unitName = reader.text('Variant Weight Unit').toLowerCase();
  const unit = unitName === '' ? 'kg' : weightUnitsByShopifyName[unitName];
  if (!unit) reader.fail('Variant Weight Unit', 'must be one of: g, kg, lb, oz');
  const grams = reader.integer('Variant Grams');
  if (unit) {
    sku.weight_unit = unit;
    // Shopify writes the weight in grams whatever the unit shown; negative grams reach the schema's bound.
    if (grams !== undefined) sku.weight = grams < 0 ? grams : fromGrams(grams, unit);
  }
  const image = reader.text('Variant Image');
  if (image !== '') sku.image = { url: image };
  if (options.length > 0) {
    sku.modifiers = {};
    options.forEach((name, index) => {
      const value = reader.text(`Option${index + 1} Value`);
      if (value === '') reader.fail(`Option${index + 1} Value`, `is required: the product has the option ${name}`);
      else sku.modifiers![name] = value;
    });
  }
  if (reader.errors.length > before) return undefined;
  for (const error of checkSku(sku)) reader.fail(columnOfSkuField(error.field, options), error.message);
  return reader.errors.length > before ? undefined : sku;
}

/** The file's column of a field of a sku's request, as a 422 names it. */
export function columnOfSkuField(field: string, options: string[]): string {
  const option = /^modifiers\[(.+)\]$/.exec(field);
  if (option) return `Option${options.indexOf(option[1]!) + 1} Value`;
  return skuColumns[topName(field)] ?? field;
}

/**
 * Maps the rows of one Handle to the product and skus the API would be asked for, checking each
 * with the schema of its request. Any fault (of its first row, an image, or one variant) refuses the
 * whole product: a merchant fixes the row and imports the file again, rather than finding a product
 * short of a size. Errors name the row and the file's column.
 */
export function mapShopifyProduct(handle: string, rows: ShopifyRow[], options: { currency: string }): { product?: ImportedProduct; errors: RowError[] } {
  const errors: RowError[] = [];
  const first = new RowReader(rows[0]!, errors);
  if (handle === '') {
    for (const row of rows) errors.push({ row: row.row, field: 'Handle', message: 'is required' });
    return { errors };
  }
  if (rows.length > MAX_ROWS_PER_HANDLE) {
    first.fail('Handle', `has ${rows.length} rows: a product may have at most ${MAX_ROWS_PER_HANDLE}`);
    return { errors };
  }
  const decimals = currencyDecimals(options.currency);
  const names = optionNames(first);

  // Images in the order of their position; a row without one keeps its place among the rows.
  const images = rows
    .map((row, index) => ({ reader: new RowReader(row, errors), index }))
    .filter(({ reader }) => reader.text('Image Src') !== '')
    .map(({ reader, index }) => ({ reader, position: reader.integer('Image Position') ?? index + 1 }))
    .sort((a, b) => a.position - b.position);
  for (const { reader } of images) {
    if (!isHttpUrl(reader.text('Image Src'))) reader.fail('Image Src', 'must be an http or https URL');
  }

  const status = first.text('Status').toLowerCase();
  if (status !== '' && !['active', 'draft', 'archived'].includes(status)) first.fail('Status', 'must be one of: active, draft, archived');
  const published = first.boolean('Published');
  const product: ImportedProduct['product'] = {
    name: first.text('Title'),
    permalink: handle,
    description: first.text('Body (HTML)') || null,
    vendor: first.text('Vendor') || null,
    tags: [...new Set(first.text('Tags').split(',').map((tag) => tag.trim()).filter((tag) => tag !== ''))],
    modifiers: names,
    images: [...new Set(images.map(({ reader }) => reader.text('Image Src')))].map((url) => ({ url })),
    meta_title: first.text('SEO Title') || null,
    meta_description: first.text('SEO Description') || null,
    // Draft and archived products, and those not published to the online store, are not sold.
    is_active: (status === '' || status === 'active') && published !== false,
  };
  if (first.text('Title') === '') first.fail('Title', 'is required');
  for (const error of checkProduct(product)) {
    if (topName(error.field) === 'images') {
      const index = Number(/^images\[(\d+)\]/.exec(error.field)?.[1] ?? 0);
      (images[index]?.reader ?? first).fail('Image Src', error.message);
    } else {
      first.fail(productColumns[topName(error.field)] ?? error.field, error.message);
    }
  }
  if (errors.length > 0) return { errors: withRefusedRows(rows, errors) };

  const skus: ImportedSku[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const reader = new RowReader(row, errors);
    if (!isVariantRow(reader)) continue;
    const sku = readSku(reader, names, decimals, first.boolean('Gift Card') === true);
    if (!sku) continue;
    const key = JSON.stringify(names.map((name) => sku.modifiers?.[name]));
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      reader.fail(names.length > 0 ? 'Option1 Value' : 'Handle', names.length > 0
        ? `repeats the options of row ${earlier}`
        : `is a second variant of a product without options (row ${earlier})`);
      continue;
    }
    if (skus.length === MAX_SKUS) {
      reader.fail('Handle', `is a variant past the ${MAX_SKUS} a product may have`);
      continue;
    }
    seen.set(key, row.row);
    skus.push({ row: row.row, sku });
  }
  if (errors.length > 0) return { errors: withRefusedRows(rows, errors) };
  return { product: { handle, row: rows[0]!.row, product, skus }, errors };
}

/**
 * A product is imported whole or not at all: the faults found, and for each other row of the
 * product a fault saying it is not imported and which row to fix.
 */
export function withRefusedRows(rows: readonly ShopifyRow[], errors: RowError[]): RowError[] {
  const failed = new Set(errors.map((error) => error.row));
  const first = Math.min(...failed);
  const refused = rows.filter((row) => !failed.has(row.row))
    .map((row) => ({ row: row.row, field: 'Handle', message: `is not imported: row ${first} of this product has errors` }));
  return [...errors, ...refused].sort((a, b) => a.row - b.row);
}

/** The file's column of a field of the product's request, as a 422 names it. */
export function columnOfProductField(field: string): string {
  if (topName(field) === 'images') return 'Image Src';
  return productColumns[topName(field)] ?? field;
}
