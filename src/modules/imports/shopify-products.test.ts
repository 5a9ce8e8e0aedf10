import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsvWithHeader } from '../../lib/csv.js';
import { groupRowsByHandle, mapShopifyProduct, missingProductColumns, SHOPIFY_PRODUCT_COLUMNS, type ShopifyRow } from './shopify-products.js';

const fixture = new URL('../../../test/fixtures/shopify/products.csv', import.meta.url);

async function mapFile(source: AsyncIterable<string | Uint8Array>, currency = 'USD') {
  const products = [];
  const errors = [];
  for await (const group of groupRowsByHandle(readCsvWithHeader(source))) {
    const mapped = mapShopifyProduct(group.handle, group.rows, { currency });
    if (mapped.product) products.push(mapped.product);
    errors.push(...mapped.errors);
  }
  return { products, errors };
}

async function* text(csv: string) {
  yield csv;
}

/** A file of Shopify's columns holding the given rows, each a partial row. */
function file(...rows: Record<string, string>[]) {
  const columns = SHOPIFY_PRODUCT_COLUMNS;
  const cell = (v = '') => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return text([columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\n'));
}

const wallet = {
  Handle: 'wallet', Title: 'Wallet', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title',
  'Variant SKU': 'W-1', 'Variant Price': '10.00', 'Variant Inventory Tracker': 'shopify', 'Variant Inventory Qty': '3',
};

describe('the Shopify product export fixture', () => {
  it('has the columns of a Shopify export', async () => {
    const header = [];
    for await (const record of readCsvWithHeader(createReadStream(fixture))) {
      header.push(...Object.keys(record.values));
      break;
    }
    expect(header).toEqual([...SHOPIFY_PRODUCT_COLUMNS]);
    expect(missingProductColumns(header)).toEqual([]);
  });

  it('maps each Handle to one product with its variants, without an error', async () => {
    const { products, errors } = await mapFile(createReadStream(fixture));
    expect(errors).toEqual([]);
    expect(products.map((p) => [p.handle, p.row, p.skus.map((s) => s.row)])).toEqual([
      ['classic-linen-shirt', 2, [2, 3, 4, 5]],
      ['leather-card-wallet', 7, [7]],
      ['stoneware-mug', 8, [8, 9]],
      ['gift-card', 10, [10, 11]],
      ['affiche-ete-tokyo', 12, [12]],
    ]);
  });

  it('reads the product: its HTML body whole, tags, vendor, options, images in position order, and status', async () => {
    const { products } = await mapFile(createReadStream(fixture));
    const [shirt, wallet, mug, , poster] = products;
    expect(shirt!.product).toMatchObject({
      name: 'Classic Linen Shirt',
      permalink: 'classic-linen-shirt',
      vendor: 'Maison Lin',
      tags: ['linen', 'summer', 'Men', 'bestseller'],
      modifiers: ['Size', 'Color'],
      meta_title: 'Classic Linen Shirt | Maison Lin',
      is_active: true,
    });
    expect(shirt!.product.description).toContain('<li>Mother-of-pearl buttons, a "relaxed" fit</li>\n</ul>');
    expect(shirt!.product.images!.map((image) => image.url!.split('/').pop())).toEqual([
      'linen-shirt-white.jpg?v=1685012345', 'linen-shirt-navy.jpg?v=1685012345',
      'linen-shirt-detail.jpg?v=1685012345', 'linen-shirt-back.jpg?v=1685012345',
    ]);
    expect(wallet!.product).toMatchObject({ name: 'Leather Card Wallet, "Slim"', modifiers: [], tags: ['gift', 'leather'] });
    expect(mug!.product.modifiers).toEqual(['Size', 'Glaze', 'Material']);
    expect(poster!.product).toMatchObject({ name: 'Affiche « Été à Tokyo » 東京', is_active: false, tags: ['art', 'limited edition'] });
    expect(poster!.product.description).toBe('<p>Sérigraphie en 3 couleurs, 50×70 cm.</p>\r\n<p>Signée et numérotée.</p>');
  });

  it('reads the variants: prices in cents, stock, policies, weights from grams, option values and images', async () => {
    const { products } = await mapFile(createReadStream(fixture));
    const [shirt, wallet, mug, giftCard, poster] = products;
    expect(shirt!.skus[1]!.sku).toEqual({
      code: 'MLN-SHIRT-M-WHT', barcode: '3701234567028', price: 8900, compared_price: 11000,
      is_taxable: true, is_shipping_required: true, stock_policy: 'overall', in_stock: 0, is_backorderable: true,
      weight_unit: 'kg', weight: 0.235, modifiers: { Size: 'M', Color: 'White' },
      image: { url: 'https://cdn.shopify.com/s/files/1/0612/3456/7890/products/linen-shirt-white.jpg?v=1685012345' },
    });
    expect(shirt!.skus[2]!.sku).toMatchObject({ price: 9400, compared_price: null, in_stock: 6, is_backorderable: false, modifiers: { Size: 'S', Color: 'Navy' } });
    expect(wallet!.skus[0]!.sku).toMatchObject({ code: 'CUO-WALLET-SLIM', price: 4550, weight_unit: 'oz', weight: 2.399, in_stock: 120 });
    expect(wallet!.skus[0]!.sku.modifiers).toBeUndefined();
    expect(mug!.skus[1]!.sku).toMatchObject({ weight_unit: 'gr', weight: 520, modifiers: { Size: '450 ml', Glaze: 'Tenmoku', Material: 'Stoneware' } });
    expect(giftCard!.skus[0]!.sku).toMatchObject({ stock_policy: 'none', in_stock: null, is_shipping_required: false, is_taxable: false, price: 2500 });
    expect(giftCard!.skus[0]!.sku.code).toBeUndefined();
    expect(poster!.skus[0]!.sku).toMatchObject({ price: 6000, compared_price: 7550, weight_unit: 'lb', weight: 0.661 });
  });

  it('reads prices in the minor units of a currency without decimals', async () => {
    const { products, errors } = await mapFile(file({ ...wallet, 'Variant Price': '1500' }), 'JPY');
    expect(errors).toEqual([]);
    expect(products[0]!.skus[0]!.sku.price).toBe(1500);
    const refused = await mapFile(file({ ...wallet, 'Variant Price': '1500.50' }), 'JPY');
    expect(refused.errors).toEqual([{ row: 2, field: 'Variant Price', message: 'must have at most 0 decimals' }]);
  });
});

describe('mapShopifyProduct', () => {
  it('reports a bad variant by its row and column and refuses the whole product', async () => {
    const { products, errors } = await mapFile(file(
      { ...wallet, 'Option1 Name': 'Size', 'Option1 Value': 'S' },
      { Handle: 'wallet', 'Option1 Value': 'M', 'Variant Price': 'ten', 'Variant Inventory Qty': '2.5' },
      { Handle: 'wallet', 'Option1 Value': 'L', 'Variant Price': '12', 'Variant Taxable': 'maybe', 'Variant Weight Unit': 'stone' },
      { Handle: 'wallet', 'Option1 Value': 'S', 'Variant Price': '13' },
      { Handle: 'wallet', 'Option1 Value': 'XL', 'Variant Price': '14', 'Variant Barcode': 'x'.repeat(256) },
    ));
    expect(errors).toEqual([
      { row: 2, field: 'Handle', message: 'is not imported: row 3 of this product has errors' },
      { row: 3, field: 'Variant Price', message: 'must be an amount such as 19.99' },
      { row: 3, field: 'Variant Inventory Qty', message: 'must be a whole number' },
      { row: 4, field: 'Variant Taxable', message: 'must be TRUE or FALSE' },
      { row: 4, field: 'Variant Weight Unit', message: 'must be one of: g, kg, lb, oz' },
      { row: 5, field: 'Option1 Value', message: 'repeats the options of row 2' },
      { row: 6, field: 'Variant Barcode', message: 'must be at most 255 characters long' },
    ]);
    expect(products).toEqual([]);
  });

  it('fails every row of a product whose first row is bad, naming the fault on its row', async () => {
    const { products, errors } = await mapFile(file(
      { ...wallet, Title: '', Handle: 'Bad Handle', 'Image Src': 'ftp://example.com/a.jpg' },
      { Handle: 'Bad Handle', 'Image Src': 'https://example.com/b.jpg', 'Image Position': '2' },
    ));
    expect(products).toEqual([]);
    expect(errors).toEqual(expect.arrayContaining([
      { row: 2, field: 'Image Src', message: 'must be an http or https URL' },
      { row: 2, field: 'Title', message: 'is required' },
      { row: 2, field: 'Handle', message: 'must be lowercase letters and digits, in words joined by single hyphens (summer-hat-2)' },
      { row: 3, field: 'Handle', message: 'is not imported: row 2 of this product has errors' },
    ]));
  });

  it('reports a row without a Handle, and a variant missing an option value', async () => {
    const { products, errors } = await mapFile(file(
      { ...wallet, Handle: '' },
      { ...wallet, 'Option1 Name': 'Size', 'Option1 Value': 'S', 'Option2 Name': 'Color', 'Option2 Value': '' },
    ));
    expect(errors).toEqual([
      { row: 2, field: 'Handle', message: 'is required' },
      { row: 3, field: 'Option2 Value', message: 'is required: the product has the option Color' },
    ]);
    expect(products).toEqual([]);
  });

  it('counts stock sold past zero as none left, and takes no stock count when Shopify tracks none', () => {
    const row = (values: Record<string, string>): ShopifyRow => ({ row: 2, values: { ...wallet, ...values } });
    expect(mapShopifyProduct('wallet', [row({ 'Variant Inventory Qty': '-4' })], { currency: 'EUR' }).product!.skus[0]!.sku)
      .toMatchObject({ stock_policy: 'overall', in_stock: 0 });
    expect(mapShopifyProduct('wallet', [row({ 'Variant Inventory Tracker': '' })], { currency: 'EUR' }).product!.skus[0]!.sku)
      .toMatchObject({ stock_policy: 'none', in_stock: null });
  });

  it('names the required columns a file lacks', () => {
    expect(missingProductColumns(['Title', 'Price'])).toEqual(['Handle']);
  });
});
