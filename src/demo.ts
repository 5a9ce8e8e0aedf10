import type { DatabaseHandle, Db, Tx } from './db/database.js';
import { unixNow } from './lib/clock.js';
import type { Ctx } from './lib/context.js';
import { createCategory } from './modules/catalog/categories.service.js';
import { createCollection } from './modules/catalog/collections.service.js';
import { createProduct } from './modules/catalog/products.service.js';
import { createSku, deleteSku, updateSku } from './modules/catalog/skus.service.js';
import { createGateway } from './modules/payments/gateways.service.js';
import { createShippingZone } from './modules/shipping/shipping-zones.service.js';
import { findStore } from './modules/store/stores.repo.js';
import { updateStore } from './modules/store/stores.service.js';

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

const zones = [
  {
    name: 'United States',
    countries: ['US'],
    rates: [
      { name: 'Standard', kind: 'weight' as const, from: 0, to: 5000, price: 700 },
      { name: 'Heavy parcel', kind: 'weight' as const, from: 5000, to: null, price: 1500 },
      { name: 'Free shipping over $100', kind: 'price' as const, from: 10000, to: null, price: 0 },
    ],
  },
  {
    name: 'International',
    countries: ['CA', 'MX', 'GB', 'DE', 'FR', 'ES', 'IT', 'CL', 'AR', 'BR', 'AU', 'JP'],
    rates: [{ name: 'International', kind: 'weight' as const, from: 0, to: null, price: 2500 }],
  },
];

/** How the demo store is paid: a gateway's source is unique in a store. */
const gateways = [
  { name: 'Bank transfer or cash', source: 'manual', driver: 'manual' },
  { name: 'Test card', display_name: 'Card (test mode)', source: 'test', driver: 'test' },
];

/**
 * The demo store's email, the `From` of its mails: in `.test`, a top-level domain reserved never to be
 * delegated (RFC 2606), so a mail sent from or replied to it reaches no one by mistake.
 */
export const DEMO_STORE_EMAIL = 'shop@demo.storefront.test';

const categoryTitles = { apparel: 'Apparel', coffee: 'Coffee', home: 'Home' } as const;

/** What the store has already, of the names (gateways: the sources) the demo gives its things. */
async function findPresent(tx: Tx) {
  const names = async (rows: Promise<{ name: string }[]>) => new Set((await rows).map((row) => row.name));
  return {
    zones: await names(tx.selectFrom('shipping_zones').select('name').where('name', 'in', zones.map((zone) => zone.name)).execute()),
    gatewaySources: await names(tx.selectFrom('gateways').select('source as name').where('source', 'in', gateways.map((gateway) => gateway.source)).execute()),
    products: await names(tx.selectFrom('products').select('name').where('name', 'in', products.map((product) => product.name)).execute()),
    categories: new Map((await tx.selectFrom('categories').select(['title', 'id'])
      .where('parent_id', 'is', null).where('title', 'in', Object.values(categoryTitles)).execute()).map((row) => [row.title, row.id])),
    collections: new Map((await tx.selectFrom('collections').select(['title', 'id', 'kind'])
      .where('title', 'in', ['Featured', 'Coffee corner']).execute()).map((row) => [row.title, row])),
  };
}

/**
 * `tx`, as the database of services that open a transaction of their own: theirs runs inside it, so
 * the demo is written whole or not at all.
 */
function joining(tx: Tx): Db {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'transaction') return () => ({ execute: <T>(run: (inner: Tx) => Promise<T>) => run(target) });
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The kinds of things the demo adds, as a person counts them. */
const kinds = {
  zones: ['shipping zone', 'shipping zones'],
  gateways: ['payment gateway', 'payment gateways'],
  categories: ['category', 'categories'],
  collections: ['collection', 'collections'],
  products: ['product', 'products'],
} as const;

/** What a demo seed added, by kind, and how many of the demo's things the store had already. */
export interface DemoSeed {
  added: Record<keyof typeof kinds, number>;
  kept: number;
  /** The email the store was given (DEMO_STORE_EMAIL), or null when it had one already. */
  storeEmail: string | null;
}

/** One line for the person who ran the seed. */
export function describeSeed(seed: DemoSeed): string {
  const added = Object.entries(seed.added).filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kinds[kind as keyof typeof kinds][count === 1 ? 0 : 1]}`);
  const email = seed.storeEmail ? ` The store had no email: its mails now come from ${seed.storeEmail}.` : '';
  if (added.length === 0) return `The store already has the demo catalogue; nothing was added.${email}`;
  if (seed.kept === 0) return `The demo catalogue was added: ${added.join(', ')}.${email}`;
  return `The store had part of the demo catalogue (${seed.kept} of its things, kept as they were); added the rest: ${added.join(', ')}.${email}`;
}

/**
 * A small store for a new database: categories, products with skus and stock, a hand-picked
 * collection and a smart one, shipping zones with rates, the manual and test gateways, and the
 * store's email (DEMO_STORE_EMAIL) when it has none, so its mails have a sender of its own. Written
 * through the services, so it has its events like any change, and in one transaction. What the store
 * has already (a zone, product, category or collection of the same name, a gateway of the same
 * source) is kept as it is and not added again, so seeding twice adds nothing.
 */
export async function seedDemo(database: DatabaseHandle): Promise<DemoSeed> {
  return database.db.transaction().execute(async (tx) => {
    const ctx: Ctx = { db: joining(tx), dbKind: database.kind, actor: { kind: 'system' }, now: unixNow, log: quiet };
    const present = await findPresent(tx);
    const seed: DemoSeed = { added: { zones: 0, gateways: 0, categories: 0, collections: 0, products: 0 }, kept: 0, storeEmail: null };
    /** Counts one of the demo's things as added or kept; true when it is to be made. */
    const isMissing = (what: keyof DemoSeed['added'], found: boolean): boolean => {
      if (found) seed.kept += 1;
      else seed.added[what] += 1;
      return !found;
    };

    for (const zone of zones) {
      if (isMissing('zones', present.zones.has(zone.name))) await createShippingZone(ctx, zone);
    }
    for (const gateway of gateways) {
      if (isMissing('gateways', present.gatewaySources.has(gateway.source))) await createGateway(ctx, gateway);
    }
    const categories: Record<string, string> = {};
    for (const [order, [key, title]] of Object.entries(categoryTitles).entries()) {
      const found = present.categories.get(title);
      categories[key] = isMissing('categories', found !== undefined) ? (await createCategory(ctx, { title, order: order + 1 })).id : found!;
    }
    let featured = present.collections.get('Featured');
    if (isMissing('collections', featured !== undefined)) featured = await createCollection(ctx, { title: 'Featured', kind: 'products', sorting_rule: 'manual' });
    if (isMissing('collections', present.collections.has('Coffee corner'))) {
      await createCollection(ctx, {
        title: 'Coffee corner',
        kind: 'smart',
        sorting_rule: 'price-asc',
        disjunctive: true,
        rules: [{ field: 'tag', condition: 'equals', value: 'coffee' }, { field: 'tag', condition: 'equals', value: 'brewing' }],
      });
    }

    for (const [i, item] of products.entries()) {
      // A smart collection of the store's own named Featured takes no hand-picked products.
      const collectionIds = i % 2 === 0 && featured!.kind === 'products' ? [featured!.id] : [];
      if (isMissing('products', present.products.has(item.name))) await seedProduct(ctx, item, categories[item.category]!, collectionIds);
    }
    // Without an email the mails would come from no-reply@localhost; an email staff set is theirs.
    const store = await findStore(tx);
    if (store && store.email === null) {
      await updateStore(ctx, { email: DEMO_STORE_EMAIL });
      seed.storeEmail = DEMO_STORE_EMAIL;
    }
    return seed;
  });
}

async function seedProduct(ctx: Ctx, item: DemoProduct, categoryId: string, collectionIds: string[]): Promise<void> {
  const product = await createProduct(ctx, {
    name: item.name,
    vendor: item.vendor,
    tags: item.tags,
    modifiers: item.variants ? [item.variants.modifier] : [],
    category_ids: [categoryId],
    collection_ids: collectionIds,
    price: item.price,
    description: `<p>${item.name} from ${item.vendor}.</p>`,
  });
  const stock = { stock_policy: 'overall' as const, in_stock: item.stock, weight: item.weight, weight_unit: 'kg' as const };
  if (!item.variants) {
    await updateSku(ctx, product.sku_id!, stock);
    return;
  }
  for (const [position, value] of item.variants.values.entries()) {
    await createSku(ctx, { product_id: product.id, modifiers: { [item.variants.modifier]: value }, price: item.price, position, ...stock });
  }
  // The variants replace the default sku the product was made with.
  await deleteSku(ctx, product.sku_id!);
}
