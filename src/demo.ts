import type { DatabaseHandle } from './db/database.js';
import { unixNow } from './lib/clock.js';
import type { Ctx } from './lib/context.js';
import { createCategory } from './modules/catalog/categories.service.js';
import { createCollection } from './modules/catalog/collections.service.js';
import { createProduct } from './modules/catalog/products.service.js';
import { createSku, deleteSku, updateSku } from './modules/catalog/skus.service.js';
import { createGateway } from './modules/payments/gateways.service.js';
import { createShippingZone } from './modules/shipping/shipping-zones.service.js';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface DemoProduct {
  name: string;
  vendor: string;
  tags: string[];
  category: 'apparel' | 'coffee' | 'home';
  price: number;
  weight: number;
  stock: number;
  /** Sizes or grinds: one sku each, instead of the default sku. */
  variants?: { modifier: string; values: string[] };
}

const products: DemoProduct[] = [
  { name: 'Classic T-Shirt', vendor: 'Northwind', tags: ['cotton', 'summer'], category: 'apparel', price: 1900, weight: 0.2, stock: 40, variants: { modifier: 'size', values: ['S', 'M', 'L'] } },
  { name: 'Hooded Sweatshirt', vendor: 'Northwind', tags: ['cotton', 'winter'], category: 'apparel', price: 4900, weight: 0.6, stock: 15, variants: { modifier: 'size', values: ['M', 'L'] } },
  { name: 'Canvas Tote Bag', vendor: 'Harbor Goods', tags: ['cotton'], category: 'apparel', price: 1500, weight: 0.3, stock: 60 },
  { name: 'House Blend Coffee 250 g', vendor: 'Ridge Roasters', tags: ['coffee'], category: 'coffee', price: 1200, weight: 0.25, stock: 100, variants: { modifier: 'grind', values: ['Whole bean', 'Espresso'] } },
  { name: 'Single Origin Ethiopia 250 g', vendor: 'Ridge Roasters', tags: ['coffee', 'limited'], category: 'coffee', price: 1650, weight: 0.25, stock: 12 },
  { name: 'Ceramic Pour-Over', vendor: 'Harbor Goods', tags: ['brewing'], category: 'home', price: 3200, weight: 0.5, stock: 8 },
  { name: 'Enamel Mug', vendor: 'Harbor Goods', tags: ['brewing', 'summer'], category: 'home', price: 1400, weight: 0.35, stock: 25 },
  { name: 'Linen Napkins (set of 4)', vendor: 'Harbor Goods', tags: ['linen'], category: 'home', price: 2400, weight: 0.4, stock: 0 },
];

/** Where the demo store ships, and how it is paid: what a checkout needs to run end to end. */
async function seedSelling(ctx: Ctx): Promise<void> {
  await createShippingZone(ctx, {
    name: 'United States',
    countries: ['US'],
    rates: [
      { name: 'Standard', kind: 'weight', from: 0, to: 5000, price: 700 },
      { name: 'Heavy parcel', kind: 'weight', from: 5000, to: null, price: 1500 },
      { name: 'Free shipping over $100', kind: 'price', from: 10000, to: null, price: 0 },
    ],
  });
  await createShippingZone(ctx, {
    name: 'International',
    countries: ['CA', 'MX', 'GB', 'DE', 'FR', 'ES', 'IT', 'CL', 'AR', 'BR', 'AU', 'JP'],
    rates: [{ name: 'International', kind: 'weight', from: 0, to: null, price: 2500 }],
  });
  await createGateway(ctx, { name: 'Bank transfer or cash', source: 'manual', driver: 'manual' });
  await createGateway(ctx, { name: 'Test card', display_name: 'Card (test mode)', source: 'test', driver: 'test' });
}

/**
 * A small store for a new database: categories, products with skus and stock, a hand-picked
 * collection and a smart one, shipping zones with rates, and the manual and test gateways. Written
 * through the services, so it has its events like any change.
 */
export async function seedDemo(database: DatabaseHandle): Promise<void> {
  const ctx: Ctx = { db: database.db, dbKind: database.kind, actor: { kind: 'system' }, now: unixNow, log: quiet };
  await seedSelling(ctx);
  const categories = {
    apparel: (await createCategory(ctx, { title: 'Apparel', order: 1 })).id,
    coffee: (await createCategory(ctx, { title: 'Coffee', order: 2 })).id,
    home: (await createCategory(ctx, { title: 'Home', order: 3 })).id,
  };
  const featured = await createCollection(ctx, { title: 'Featured', kind: 'products', sorting_rule: 'manual' });
  await createCollection(ctx, {
    title: 'Coffee corner',
    kind: 'smart',
    sorting_rule: 'price-asc',
    disjunctive: true,
    rules: [{ field: 'tag', condition: 'equals', value: 'coffee' }, { field: 'tag', condition: 'equals', value: 'brewing' }],
  });

  for (const [i, item] of products.entries()) {
    const product = await createProduct(ctx, {
      name: item.name,
      vendor: item.vendor,
      tags: item.tags,
      modifiers: item.variants ? [item.variants.modifier] : [],
      category_ids: [categories[item.category]],
      collection_ids: i % 2 === 0 ? [featured.id] : [],
      price: item.price,
      description: `<p>${item.name} from ${item.vendor}.</p>`,
    });
    const stock = { stock_policy: 'overall' as const, in_stock: item.stock, weight: item.weight, weight_unit: 'kg' as const };
    if (!item.variants) {
      await updateSku(ctx, product.sku_id!, stock);
      continue;
    }
    for (const [position, value] of item.variants.values.entries()) {
      await createSku(ctx, { product_id: product.id, modifiers: { [item.variants.modifier]: value }, price: item.price, position, ...stock });
    }
    // The variants replace the default sku the product was made with.
    await deleteSku(ctx, product.sku_id!);
  }
}
