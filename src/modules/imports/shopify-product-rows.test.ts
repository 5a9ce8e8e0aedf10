import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCsvRecord, readCsvWithHeader } from '../../lib/csv.js';
import { formatAmount, shopifyProductRows, type ExportableProduct } from './shopify-product-rows.js';
import { groupRowsByHandle, mapShopifyProduct, SHOPIFY_PRODUCT_COLUMNS, type ImportedProduct } from './shopify-products.js';

const fixture = new URL('../../../test/fixtures/shopify/products.csv', import.meta.url);

async function importFile(source: AsyncIterable<string | Uint8Array>): Promise<ImportedProduct[]> {
  const products = [];
  for await (const group of groupRowsByHandle(readCsvWithHeader(source))) {
    const mapped = mapShopifyProduct(group.handle, group.rows, { currency: 'USD' });
    expect(mapped.errors).toEqual([]);
    products.push(mapped.product!);
  }
  return products;
}

/** An imported product as the API keeps it, its fields left out taking the API's defaults. */
function asStored(imported: ImportedProduct): ExportableProduct {
  const { product } = imported;
  return {
    permalink: product.permalink!, name: product.name, description: product.description ?? null, vendor: product.vendor ?? null,
    tags: product.tags ?? [], modifiers: product.modifiers, images: (product.images ?? []).map((image) => image.url!),
    meta_title: product.meta_title ?? null, meta_description: product.meta_description ?? null, is_active: product.is_active ?? true,
    skus: imported.skus.map(({ sku }) => ({
      code: sku.code ?? null, barcode: sku.barcode ?? null, price: sku.price ?? 0, compared_price: sku.compared_price ?? null,
      options: sku.modifiers ?? {}, image_url: sku.image?.url ?? null, is_taxable: sku.is_taxable ?? true,
      is_shipping_required: sku.is_shipping_required ?? true, is_gift_card: sku.is_gift_card ?? false, stock_policy: sku.stock_policy ?? 'none',
      is_backorderable: sku.is_backorderable ?? false, in_stock: sku.in_stock ?? null, weight_unit: sku.weight_unit ?? 'kg', weight: sku.weight ?? null,
    })),
  };
}

async function* text(csv: string) {
  yield csv;
}

describe('shopifyProductRows', () => {
  it('writes the fixture\'s products back as rows that import as the same products', async () => {
    const imported = await importFile(createReadStream(fixture));
    const csv = formatCsvRecord([...SHOPIFY_PRODUCT_COLUMNS])
      + imported.flatMap((product) => shopifyProductRows(asStored(product), 'USD')).map((row) => formatCsvRecord(SHOPIFY_PRODUCT_COLUMNS.map((c) => row[c]))).join('');
    const again = await importFile(text(csv));
    const withoutRows = (products: ImportedProduct[]) => products.map(({ handle, product, skus }) => ({ handle, product, skus: skus.map(({ sku }) => sku) }));
    expect(withoutRows(again)).toEqual(withoutRows(imported));
  });

  it('lays a product out as Shopify does: option names on the first row, images one a row, then rows of images alone', async () => {
    const [shirt, wallet] = await importFile(createReadStream(fixture));
    const rows = shopifyProductRows(asStored(shirt!), 'USD');
    expect(rows.map((row) => [row.Handle, row.Title, row['Option1 Name'], row['Option1 Value'], row['Option2 Value'], row['Image Position']])).toEqual([
      ['classic-linen-shirt', 'Classic Linen Shirt', 'Size', 'S', 'White', '1'],
      ['classic-linen-shirt', '', '', 'M', 'White', '2'],
      ['classic-linen-shirt', '', '', 'S', 'Navy', '3'],
      ['classic-linen-shirt', '', '', 'M', 'Navy', '4'],
    ]);
    expect(rows[0]).toMatchObject({ 'Variant Price': '89.00', 'Variant Compare At Price': '110.00', 'Variant Grams': '220', 'Variant Weight Unit': 'kg', Published: 'TRUE', Status: 'active' });
    const walletRows = shopifyProductRows(asStored(wallet!), 'USD');
    expect(walletRows[0]).toMatchObject({ 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant Grams': '68', 'Variant Weight Unit': 'oz' });
    const imagesOnly = shopifyProductRows({ ...asStored(wallet!), images: ['https://example.com/a.jpg', 'https://example.com/b.jpg'] }, 'USD');
    expect(imagesOnly.map((row) => [row['Variant SKU'], row['Image Src'], row['Image Position']])).toEqual([
      ['CUO-WALLET-SLIM', 'https://example.com/a.jpg', '1'],
      ['', 'https://example.com/b.jpg', '2'],
    ]);
  });

  it('writes amounts in the currency\'s decimals', () => {
    expect(formatAmount(8900, 'USD')).toBe('89.00');
    expect(formatAmount(5, 'EUR')).toBe('0.05');
    expect(formatAmount(1500, 'JPY')).toBe('1500');
  });

  it('writes a backordered sku\'s negative stock guarded against formulas, and reads it back as a number', async () => {
    const [shirt] = await importFile(createReadStream(fixture));
    const stored = asStored(shirt!);
    stored.skus[0] = { ...stored.skus[0]!, stock_policy: 'overall', in_stock: -3 };
    const csv = formatCsvRecord([...SHOPIFY_PRODUCT_COLUMNS]) + shopifyProductRows(stored, 'USD').map((row) => formatCsvRecord(SHOPIFY_PRODUCT_COLUMNS.map((c) => row[c]))).join('');
    expect(csv).toContain(",'-3,");
    const [again] = await importFile(text(csv));
    // The importer keeps no negative stock: what it reads is the number, clamped as any negative one.
    expect(again!.skus[0]!.sku.in_stock).toBe(0);
  });
});
