/**
 * The benchmark catalogue: a fresh SQLite file under bench/.data/ (or an empty PostgreSQL database)
 * holding N products (default 10,000), each with one default sku (its options a size and a colour), a
 * vendor and two tags, and one hand-picked collection (kind `products`) holding every product in order. Rows are written with
 * chunked multi-row INSERTs in one transaction, not through the API, so 10,000 products take about a
 * second.
 *
 * It also holds what a checkout needs (the `checkout-flow` scenario): a shipping zone covering the US
 * with one weight rate for any weight, an enabled gateway of the `test` driver, and FLOW_SKUS skus
 * spread over the catalogue whose stock (tracked, a billion units) never runs out.
 *
 * It also picks the `listing-search` scenario's parameters from what it generated: a word of the
 * names (`kettle`, in about 1 name in 12) and the price range holding the middle half of those
 * products, so the search answers a full page of 20 from a few % of the catalogue.
 *
 * Everything but the ids is deterministic: names, prices, stock and weights come from a seeded PRNG
 * and timestamps from a fixed base. Ids come from newId (time-ordered ULIDs), as the server makes them.
 *
 *   npx tsx bench/dataset.ts [--products N] [--file PATH]     (writes PATH and PATH.json)
 */
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Insertable } from 'kysely';
import { ensureStore } from '../src/bootstrap.js';
import { openDatabase, type Tx } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type {
  CollectionProductRow, CollectionRow, Database, GatewayRow, ProductRow, ProductTagRow, ShippingRateRow, ShippingZoneRow,
  SkuRow, TagRow, VendorRow,
} from '../src/db/types.js';
import { newId } from '../src/lib/ids.js';
import { toGrams, type WeightUnit } from '../src/lib/weight.js';

export const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
export const DATA_DIR = join(BENCH_DIR, '.data');
export const DEFAULT_DB_FILE = join(DATA_DIR, 'bench.db');

/** Known keys, so the harness can call the server (DESIGN.md §1: STOREFRONT_ADMIN_KEY / _CHANNEL_KEY). */
export const BENCH_ADMIN_KEY = 'sk_bench_admin_key_0123456789abcdef';
export const BENCH_CHANNEL_KEY = 'ck_bench_channel_key_0123456789abcdef';

/** The permalink of the one collection, which holds every product. */
export const BENCH_COLLECTION_PERMALINK = 'all-products';

/** The `listing-search` scenario's query: `q`, `price[min]`, `price[max]`, and how many products match. */
export interface ListingSearch {
  q: string;
  priceMin: number;
  priceMax: number;
  matches: number;
}

export interface Dataset {
  /** The database's URL: `sqlite:PATH` or `postgres://…`. */
  url: string;
  products: number;
  adminKey: string;
  channelKey: string;
  collectionId: string;
  /** A default sku in the middle of the catalogue, for the single-sku scenario. */
  skuId: string;
  productId: string;
  /** Skus on sale whose stock never runs out, for the checkout flow (FLOW_SKUS of them, or fewer in a smaller catalogue). */
  flowSkuIds: string[];
  /** The enabled gateway of the `test` driver (source `test`). */
  gatewayId: string;
  /** The shipping zone covering the US and its one weight rate (0 g and up, 700 cents). */
  shippingZoneId: string;
  shippingRateId: string;
  search: ListingSearch;
  millis: number;
}

const VENDOR_COUNT = 20;
const TAG_COUNT = 50;
/** The default sku's options, drawn by the product's index (not the PRNG), so the rest stays as it was: the facets count them. */
const SIZES = ['S', 'M', 'L', 'XL'];
const COLORS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey', 'Navy'];
/** How many skus the checkout flow buys from (three per cart). */
export const FLOW_SKUS = 100;
/** The stock of the flow's skus: tracked (placement takes it), and far beyond what any run can buy. */
const FLOW_STOCK = 1_000_000_000;
/** 2025-01-01T00:00:00Z: timestamps are fixed so two runs write the same catalogue. */
export const BASE_TIME = 1_735_689_600;

const adjectives = ['Classic', 'Organic', 'Vintage', 'Compact', 'Deluxe', 'Rugged', 'Slim', 'Handmade', 'Everyday', 'Premium'];
const nouns = ['Mug', 'Backpack', 'Lamp', 'Notebook', 'Scarf', 'Kettle', 'Sneaker', 'Candle', 'Blanket', 'Bottle', 'Wallet', 'Chair'];
const units: WeightUnit[] = ['kg', 'gr', 'lb', 'oz'];

/** mulberry32: a small seeded PRNG, so the catalogue is the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Table = keyof Database;

/**
 * Multi-row INSERTs of at most `chunk` rows; the chunk keeps each statement under SQLite's bound-
 * parameter limit (32,766), and so under PostgreSQL's (65,535), whatever the column count.
 */
export async function insertChunked<T extends Table>(tx: Tx, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const chunk = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely cannot follow a generic table name through `values`; the rows are typed by the caller.
    await tx.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
  }
}

function pad(n: number): string {
  return String(n).padStart(5, '0');
}

/** The permalink of the product at `index` (from 0) of the catalogue: how a harness finds a product by position. */
export function productPermalink(index: number): string {
  return `product-${pad(index + 1)}`;
}

/** The word `listing-search` looks for: one of the nouns, so about 1 product name in 12 holds it. */
const SEARCH_WORD = 'Kettle';

/** The search's price range: the middle half of the prices of the products the word finds. */
function listingSearch(products: ProductRow[], skus: SkuRow[]): ListingSearch {
  const q = SEARCH_WORD.toLowerCase();
  const prices = products.flatMap((product, i) => (product.name.toLowerCase().includes(q) ? [skus[i]!.price] : [])).sort((a, b) => a - b);
  if (prices.length === 0) return { q, priceMin: 0, priceMax: 0, matches: 0 };
  const priceMin = prices[Math.floor(prices.length / 4)]!;
  const priceMax = prices[Math.floor((prices.length * 3) / 4)]!;
  return { q, priceMin, priceMax, matches: prices.filter((price) => price >= priceMin && price <= priceMax).length };
}

/**
 * Fills a database from scratch: a SQLite file (`file`, or `url` = `sqlite:PATH`), deleted first, or
 * an empty PostgreSQL database (`url` = `postgres://…`, which the caller creates). Deterministic
 * apart from the ids.
 */
export async function generateDataset(options: { products?: number; file?: string; url?: string } = {}): Promise<Dataset> {
  const started = performance.now();
  const count = options.products ?? 10_000;
  if (!Number.isInteger(count) || count < 4) throw new Error(`--products must be an integer of at least 4 (a cart of the checkout flow holds 3 skus), got ${count}`);
  const url = options.url ?? `sqlite:${resolve(options.file ?? DEFAULT_DB_FILE)}`;
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  }

  const database = openDatabase(url);
  try {
    await migrateToLatest(database.db);
    const held = await database.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(held.n) > 0) throw new Error(`${url.replace(/\/\/[^@]*@/, '//')} already holds products; the catalogue needs an empty database`);
    await ensureStore(database.db, { adminKey: BENCH_ADMIN_KEY, channelKey: BENCH_CHANNEL_KEY });
    const random = prng(20250101);
    const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

    const vendors: VendorRow[] = Array.from({ length: VENDOR_COUNT }, (_, i) => ({
      id: newId('vnd'),
      permalink: `vendor-${i + 1}`,
      name: `Vendor ${i + 1}`,
      description: i % 2 === 0 ? `Supplier number ${i + 1} of the benchmark catalogue.` : null,
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    }));
    const tags: TagRow[] = Array.from({ length: TAG_COUNT }, (_, i) => ({
      id: newId('tag'),
      permalink: `tag-${i + 1}`,
      title: `Tag ${String(i + 1).padStart(2, '0')}`,
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    }));
    const collection: CollectionRow = {
      id: newId('col'),
      permalink: BENCH_COLLECTION_PERMALINK,
      title: 'All products',
      description: `Every one of the ${count} benchmark products, in catalogue order.`,
      meta_title: null,
      meta_description: null,
      image_url: null,
      kind: 'products',
      sorting_rule: 'manual',
      is_visible: 1,
      visible_at: null,
      disjunctive: 0,
      created_at: BASE_TIME,
      metadata: '{}', private_metadata: '{}', translations: '{}', updated_at: BASE_TIME,
    };

    const products: ProductRow[] = [];
    const skus: SkuRow[] = [];
    const productTags: ProductTagRow[] = [];
    const members: CollectionProductRow[] = [];
    for (let i = 0; i < count; i++) {
      const at = BASE_TIME + i;
      const productId = newId('prd');
      const skuId = newId('sku');
      const name = `${adjectives[int(0, adjectives.length - 1)]} ${nouns[int(0, nouns.length - 1)]} ${pad(i + 1)}`;
      const permalink = productPermalink(i);
      products.push({
        id: productId,
        permalink,
        name,
        excerpt: `A ${name.toLowerCase()} for the benchmark.`,
        description: `${name} is product ${i + 1} of ${count}. It exists to give the listing a realistic body: a sentence or two of text, a vendor, tags and a sku with stock and weight.`,
        meta_title: null,
        meta_description: null,
        meta_keywords: null,
        vendor_id: vendors[i % VENDOR_COUNT]!.id,
        modifiers: '[]',
        images: '[]',
        hidden_on: '[]',
        is_active: 1,
        available_at: null,
        default_sku_id: skuId,
        created_at: at,
        metadata: '{}', private_metadata: '{}', translations: '{}', translated_words: '', updated_at: at,
      });
      const price = int(100, 2000) * 5;
      const unit = units[i % units.length]!;
      const weight = Math.round(random() * 5000) / 100;
      skus.push({
        id: skuId,
        product_id: productId,
        permalink,
        code: `BENCH-${pad(i + 1)}`,
        barcode: null,
        price,
        compared_price: i % 3 === 0 ? price + int(1, 40) * 50 : null,
        modifiers: '{}',
        image_url: null,
        image_file_id: null,
        is_listable: 1,
        is_taxable: 1,
        is_shipping_required: 1,
        is_gift_card: 0,
        stock_policy: 'overall',
        is_backorderable: i % 7 === 0 ? 1 : 0,
        in_stock: int(0, 500),
        is_notify: null,
        low_threshold: i % 5 === 0 ? 5 : null,
        weight_unit: unit,
        weight,
        weight_grams: toGrams(weight, unit),
        position: 0,
        created_at: at,
        metadata: '{}', private_metadata: '{}', translations: '{}', updated_at: at,
      });
      const first = i % TAG_COUNT;
      const second = (first + 1 + int(0, TAG_COUNT - 2)) % TAG_COUNT;
      productTags.push({ product_id: productId, tag_id: tags[first]!.id }, { product_id: productId, tag_id: tags[second]!.id });
      members.push({ collection_id: collection.id, product_id: productId, position: i, created_at: at });
    }

    // The flow's skus: spread over the catalogue, away from the first listing page and from the
    // middle sku the single-sku scenarios read, so the bodies of the read scenarios stay as they were.
    // Set after the PRNG has drawn everything, so the rest of the catalogue is unchanged too.
    const middle = Math.floor(count / 2);
    const flowIndexes = new Set<number>();
    const wanted = Math.min(FLOW_SKUS, count - 1);
    for (let k = 0; flowIndexes.size < wanted && k < count; k++) {
      const at = Math.floor(((k + 0.5) * count) / wanted) % count;
      if (at !== middle) flowIndexes.add(at);
    }
    for (let i = 0; flowIndexes.size < wanted; i++) if (i !== middle) flowIndexes.add(i);
    const flowSkus = [...flowIndexes].sort((a, b) => a - b).map((i) => skus[i]!);
    for (const sku of flowSkus) {
      sku.stock_policy = 'overall';
      sku.in_stock = FLOW_STOCK;
      sku.is_backorderable = 0;
      sku.low_threshold = null;
      sku.is_notify = null;
    }

    // What a checkout needs: a zone covering the US with one rate for every weight, and a gateway.
    const zone: ShippingZoneRow = {
      id: newId('shz'),
      name: 'United States',
      countries: '["US"]',
      states: '[]',
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    };
    const rate: ShippingRateRow = {
      id: newId('shr'),
      zone_id: zone.id,
      name: 'Standard',
      kind: 'weight',
      from: 0,
      to: null,
      price: 700,
      position: 0,
      translations: '{}',
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    };
    const gateway: GatewayRow = {
      id: newId('gtw'),
      name: 'Test gateway',
      display_name: null,
      source: 'test',
      driver: 'test',
      is_enabled: 1,
      settings: '{}',
      created_at: BASE_TIME,
      updated_at: BASE_TIME,
    };

    await database.db.transaction().execute(async (tx) => {
      await insertChunked(tx, 'vendors', vendors);
      await insertChunked(tx, 'tags', tags);
      await insertChunked(tx, 'collections', [collection]);
      await insertChunked(tx, 'products', products);
      await insertChunked(tx, 'skus', skus);
      await insertChunked(tx, 'sku_options', skus.flatMap((sku, i) => [
        { sku_id: sku.id, name: 'Size', value: SIZES[i % SIZES.length]! },
        { sku_id: sku.id, name: 'Color', value: COLORS[i % COLORS.length]! },
      ]));
      await insertChunked(tx, 'product_tags', productTags);
      await insertChunked(tx, 'collection_products', members);
      await insertChunked(tx, 'shipping_zones', [zone]);
      await insertChunked(tx, 'shipping_rates', [rate]);
      await insertChunked(tx, 'gateways', [gateway]);
    });

    const dataset: Dataset = {
      url,
      products: count,
      adminKey: BENCH_ADMIN_KEY,
      channelKey: BENCH_CHANNEL_KEY,
      collectionId: collection.id,
      skuId: skus[middle]!.id,
      productId: products[middle]!.id,
      flowSkuIds: flowSkus.map((sku) => sku.id),
      gatewayId: gateway.id,
      shippingZoneId: zone.id,
      shippingRateId: rate.id,
      search: listingSearch(products, skus),
      millis: Math.round(performance.now() - started),
    };
    return dataset;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { products: { type: 'string' }, file: { type: 'string' } } });
  const file = resolve(values.file ?? DEFAULT_DB_FILE);
  const dataset = await generateDataset({
    products: values.products === undefined ? undefined : Number(values.products),
    file,
  });
  writeFileSync(`${file}.json`, `${JSON.stringify(dataset, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(dataset, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
