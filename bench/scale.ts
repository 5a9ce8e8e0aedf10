/**
 * Orders and events at scale, to measure what grows with the store: `GET /v1/orders?q=` (the search
 * index) and `GET /v1/events?related_object=`. Writes straight to the database (chunked multi-row
 * INSERTs, one transaction per ORDER_CHUNK orders), not through the API:
 *
 * - customers, one per CUSTOMER_ORDERS orders on average, with names from fixed lists of
 *   LAST_NAMES.length last names and FIRST_NAMES.length first names: a last name matches about 0.05%
 *   of the orders, except COMMON_LAST_NAME, which matches about 1%;
 * - placed, paid orders numbered 1..N with the store's prefix and suffix, each bought by one of those
 *   customers, with 1–3 items (the database's skus when it has some, else a synthetic catalogue of
 *   SYNTHETIC_SKUS that exists only in the items), and their search terms (orders/order-search.ts);
 * - events of a few kinds whose related ids are spread over the orders and products, so one related
 *   id has a handful (events / (orders + products) on average). Their data is a small stub, not the
 *   full object the server records.
 *
 * Deterministic apart from the ids (newId, time-ordered as the server makes them): names, items and
 * prices come from a seeded PRNG, timestamps from a fixed base. The store must hold no orders yet.
 *
 *   npx tsx bench/scale.ts --orders 1000000 --events 5000000 [--seed N] [--fresh]
 *     [--database sqlite:bench/.data/scale.db | postgres://…]
 *
 * `--fresh` deletes the SQLite file first.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ensureStore } from '../src/bootstrap.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { recountOrderSearchTerms } from '../src/db/migrations/010-order-search-counts.js';
import type { CustomerRow, EventRow, OrderItemRow, OrderRow, OrderSearchTermRow } from '../src/db/types.js';
import { newId } from '../src/lib/ids.js';
import { orderSearchTerms } from '../src/modules/orders/order-search.js';
import { findStore } from '../src/modules/store/stores.repo.js';
import { BASE_TIME, BENCH_ADMIN_KEY, BENCH_CHANNEL_KEY, insertChunked, prng } from './dataset.js';

export interface ScaleOptions {
  orders: number;
  events: number;
  seed?: number;
  /** Progress lines go here (stdout by default). */
  log?: (line: string) => void;
}

export interface ScaleResult {
  orders: number;
  items: number;
  terms: number;
  customers: number;
  events: number;
  millis: { customers: number; orders: number; events: number; total: number };
  /** A few values to search for, for the measurement loops. */
  samples: {
    lastName: string;
    commonLastName: string;
    /** Numbers as stored (with the prefix and suffix). */
    numbers: string[];
    /** Related ids with events: an order's and, when the catalogue has products, a product's. */
    relatedIds: string[];
  };
}

/** Orders written per transaction. */
const ORDER_CHUNK = 10_000;
/** Events written per transaction. */
const EVENT_CHUNK = 50_000;
/** Orders per customer, on average. */
const CUSTOMER_ORDERS = 4;
/** The catalogue items come from when the database has no skus. */
const SYNTHETIC_SKUS = 5_000;
const SYNTHETIC_VENDORS = 40;
/** The share of orders whose buyer bears the common last name. */
const COMMON_SHARE = 0.01;

// 50 × 40 = 2,000 last names and 25 × 20 = 500 first names, all distinct, without whitespace (so
// each is one search term).
const LAST_HEADS = [
  'Ash', 'Black', 'Bright', 'Brook', 'Cald', 'Carr', 'Church', 'Cole', 'Crane', 'Dale', 'Dun', 'East', 'Fair', 'Fern', 'Ford',
  'Frost', 'Gold', 'Green', 'Hale', 'Hart', 'Hay', 'Hill', 'Holt', 'Kings', 'Lang', 'Lock', 'Marsh', 'Mill', 'Moor', 'North',
  'Oak', 'Pem', 'Queen', 'Red', 'Rock', 'Rose', 'Rus', 'Sand', 'Shaw', 'Silver', 'South', 'Stan', 'Stone', 'Strat', 'Thorn',
  'Up', 'Wake', 'West', 'White', 'Wood',
];
const LAST_TAILS = [
  'acre', 'bank', 'berg', 'bourne', 'bridge', 'brook', 'bury', 'by', 'castle', 'cliffe', 'combe', 'croft', 'dale', 'den', 'field',
  'ford', 'gate', 'grove', 'hall', 'ham', 'hurst', 'land', 'lea', 'ley', 'low', 'mere', 'more', 'ridge', 'row', 'shire', 'side',
  'stead', 'stock', 'stow', 'thwaite', 'ton', 'wald', 'well', 'wick', 'worth',
];
const FIRST_HEADS = ['Al', 'Bea', 'Car', 'Da', 'El', 'Fe', 'Gi', 'Ha', 'Is', 'Jo', 'Ka', 'Le', 'Ma', 'Ni', 'Ol', 'Pe', 'Ro', 'Sa', 'Ta', 'Ul', 'Vi', 'Wi', 'Xa', 'Yo', 'Ze'];
const FIRST_TAILS = ['bert', 'da', 'dric', 'lia', 'mon', 'na', 'nora', 'ra', 'rick', 'ron', 'sha', 'ssa', 'tan', 'tha', 'ny', 'vin', 'xia', 'lyn', 'mir', 'son'];

function combine(heads: string[], tails: string[]): string[] {
  const names = heads.flatMap((head) => tails.map((tail) => head + tail));
  const distinct = new Set(names.map((name) => name.toLowerCase()));
  if (distinct.size !== names.length) throw new Error('name lists must combine into distinct names');
  return names;
}

export const LAST_NAMES = combine(LAST_HEADS, LAST_TAILS);
export const FIRST_NAMES = combine(FIRST_HEADS, FIRST_TAILS);
/** The last name of about 1% of the buyers: a search with many matches. */
export const COMMON_LAST_NAME = LAST_NAMES[0]!;

interface CatalogueSku {
  sku_id: string;
  product_id: string;
  permalink: string;
  name: string;
  code: string | null;
  vendor: string | null;
  price: number;
  weight: number;
}

/** Up to 10,000 skus of the database (with their product's permalink and vendor), else a synthetic catalogue. */
async function catalogue(handle: DatabaseHandle): Promise<{ skus: CatalogueSku[]; productIds: string[] }> {
  const rows = await handle.db
    .selectFrom('skus as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('vendors as v', 'v.id', 'p.vendor_id')
    .select(['s.id as sku_id', 'p.id as product_id', 'p.permalink', 'p.name', 's.code', 'v.name as vendor', 's.price', 's.weight_grams as weight'])
    .orderBy('s.id')
    .limit(10_000)
    .execute();
  if (rows.length > 0) return { skus: rows, productIds: [...new Set(rows.map((row) => row.product_id))] };
  const skus = Array.from({ length: SYNTHETIC_SKUS }, (_, i): CatalogueSku => ({
    sku_id: `sku_synthetic${String(i).padStart(14, '0')}`,
    product_id: `prd_synthetic${String(i).padStart(14, '0')}`,
    permalink: `scale-product-${i + 1}`,
    name: `Scale product ${i + 1}`,
    code: `SCALE-${String(i + 1).padStart(5, '0')}`,
    vendor: `Maker${(i % SYNTHETIC_VENDORS) + 1}`,
    price: 500 + ((i * 7919) % 200) * 50,
    weight: 100 + (i % 50) * 20,
  }));
  return { skus, productIds: [] };
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since);
}

/**
 * Writes `orders` placed orders (with items, buyers and search terms) and `events` events into a
 * migrated database whose store holds no orders yet; answers counts, timings and sample values.
 */
export async function generateOrders(handle: DatabaseHandle, options: ScaleOptions): Promise<ScaleResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const { db } = handle;
  const started = performance.now();
  if (!Number.isInteger(options.orders) || options.orders < 1) throw new Error(`orders must be a positive integer, got ${options.orders}`);
  if (!Number.isInteger(options.events) || options.events < 0) throw new Error(`events must be a non-negative integer, got ${options.events}`);
  const store = await findStore(db);
  const channel = await db.selectFrom('channels').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (!store || !channel) throw new Error('the database has no store: migrate it and create the store first');
  const existing = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  if (Number(existing.count) > 0) throw new Error(`the store already holds ${existing.count} orders: generate into an empty one`);
  if (handle.kind === 'sqlite') {
    // For this connection only: a page cache large enough for the index, so inserting terms in
    // term order does not reread pages from disk. Nothing is made less durable.
    await sql`pragma cache_size = -2000000`.execute(db);
  }

  const random = prng(options.seed ?? 20250601);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const { skus, productIds } = await catalogue(handle);
  const prefix = store.order_prefix ?? '';
  const suffix = store.order_suffix ?? '';

  // Buyers: CUSTOMER_ORDERS orders each on average.
  let mark = performance.now();
  const customerCount = Math.max(1, Math.ceil(options.orders / CUSTOMER_ORDERS));
  const customers: Array<Pick<CustomerRow, 'id' | 'first_name' | 'last_name'>> = [];
  for (let start = 0; start < customerCount; start += ORDER_CHUNK * CUSTOMER_ORDERS) {
    const rows: CustomerRow[] = [];
    for (let i = start; i < Math.min(customerCount, start + ORDER_CHUNK * CUSTOMER_ORDERS); i++) {
      const lastName = random() < COMMON_SHARE ? COMMON_LAST_NAME : LAST_NAMES[int(1, LAST_NAMES.length - 1)]!;
      const firstName = FIRST_NAMES[int(0, FIRST_NAMES.length - 1)]!;
      const email = `buyer${i + 1}@scale.example.com`;
      rows.push({
        id: newId('cus'), email, email_key: email, first_name: firstName, last_name: lastName, is_newsletterable: 0, is_active: 1,
        metadata: '{}', private_metadata: '{}', is_verified: 0, notes: null, tags: '[]', password_hash: null, locale: null, created_at: BASE_TIME, updated_at: BASE_TIME,
      });
    }
    await db.transaction().execute((tx) => insertChunked(tx, 'customers', rows));
    customers.push(...rows.map(({ id, first_name, last_name }) => ({ id, first_name, last_name })));
  }
  const customersMillis = elapsed(mark);
  log(`customers: ${customerCount} in ${customersMillis} ms`);

  // Orders, their items and their search terms, ORDER_CHUNK per transaction.
  mark = performance.now();
  const orderIds: string[] = [];
  let items = 0;
  let terms = 0;
  for (let start = 0; start < options.orders; start += ORDER_CHUNK) {
    const orderRows: OrderRow[] = [];
    const itemRows: OrderItemRow[] = [];
    const termRows: OrderSearchTermRow[] = [];
    for (let k = start; k < Math.min(options.orders, start + ORDER_CHUNK); k++) {
      const at = BASE_TIME + k;
      const id = newId('ord');
      const buyer = customers[int(0, customers.length - 1)]!;
      const byCard = random() < 0.8;
      const lines: OrderItemRow[] = [];
      const count = int(1, 3);
      for (let line = 0; line < count; line++) {
        const sku = skus[int(0, skus.length - 1)]!;
        const quantity = int(1, 2);
        lines.push({
          id: newId('itm'), order_id: id, product_id: sku.product_id, sku_id: sku.sku_id, permalink: sku.permalink, name: sku.name,
          product_name: sku.name, sku_name: sku.name, vendor: sku.vendor, code: sku.code, image: null, price: sku.price,
          compared_price: null, quantity, discount: null, is_taxable: 1, tax_rate: 0, subtotal: sku.price * quantity, taxes: 0,
          total: sku.price * quantity, fulfilled: 0, is_shipping_required: 1, is_gift_card: 0, weight: sku.weight, stock_id: null, created_at: at, updated_at: at,
        });
      }
      const itemsPrice = lines.reduce((sum, item) => sum + item.total, 0);
      const shipping = 700;
      const order: OrderRow = {
        id, number: `${prefix}${k + 1}${suffix}`, number_sequence: k + 1, status: 'placed', financial_status: 'paid', fulfillment_status: 'unfulfilled',
        channel_id: channel.id, cart_id: null, customer_id: buyer.id, email: null, customer_first_name: buyer.first_name,
        customer_last_name: buyer.last_name, is_shipping_required: 1, shipping_address: null, billing_address: null, same_address: 1,
        shipping_rate_id: null, shipping_lines: null, shipping_rate: shipping, gateway_id: null, gateway: byCard ? 'test' : 'manual',
        payment_method: byCard ? 'card' : 'transfer', discount_codes: null, gift_cards: '[]', is_gift: 0, gift_message: null, source_name: 'storefront',
        customer_note: null, order_note: null, cancel_reason: null, browser_ip: null, user_agent: null, landing_site: null,
        referring_site: null, total_products: lines.length, total_discount: 0, total_items: lines.reduce((sum, item) => sum + item.quantity, 0),
        total_items_price: itemsPrice, subtotal_price: itemsPrice, total_taxes: 0, total_price: itemsPrice + shipping, currency: 'USD', market_id: null, exchange_rate: null, locale: null,
        total_weight: lines.reduce((sum, item) => sum + item.weight * item.quantity, 0), is_test: 1, canceler_id: null,
        metadata: '{}', private_metadata: '{}', payment_claimed_at: null, reserved_at: null, checkout_expires_at: at + 72 * 3600, placed_at: at, archived_at: null, canceled_at: null, created_at: at, updated_at: at,
      };
      orderRows.push(order);
      itemRows.push(...lines);
      for (const term of orderSearchTerms(order, lines, store)) termRows.push({ term, order_id: id });
      orderIds.push(id);
    }
    // In index order: each insert lands next to the one before it.
    termRows.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.order_id < b.order_id ? -1 : 1));
    await db.transaction().execute(async (tx) => {
      await insertChunked(tx, 'orders', orderRows);
      await insertChunked(tx, 'order_items', itemRows);
      await insertChunked(tx, 'order_search_terms', termRows);
    });
    items += itemRows.length;
    terms += termRows.length;
    const done = start + orderRows.length;
    if (done % 100_000 === 0 || done === options.orders) log(`orders: ${done} (${items} items, ${terms} terms) in ${elapsed(mark)} ms`);
  }
  // The index was written in bulk: its counts per term, as the server keeps them, in one pass.
  await recountOrderSearchTerms(db);
  // Orders placed through the API from here on continue the numbering.
  await db.insertInto('counters').values({ name: 'order_number', value: options.orders })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: options.orders })).execute();
  const ordersMillis = elapsed(mark);

  // Events, related to orders and products alike.
  mark = performance.now();
  const kinds = ['order.placed', 'order.paid', 'order.updated', 'order.fulfilled', 'product.updated', 'sku.updated'];
  const related = [...orderIds, ...productIds];
  for (let start = 0; start < options.events; start += EVENT_CHUNK) {
    const rows: EventRow[] = [];
    for (let i = start; i < Math.min(options.events, start + EVENT_CHUNK); i++) {
      const relatedId = related[int(0, related.length - 1)]!;
      const isOrder = relatedId.startsWith('ord_');
      const kind = isOrder ? kinds[int(0, 3)]! : kinds[int(4, 5)]!;
      const at = BASE_TIME + Math.floor(i / 5);
      rows.push({
        id: newId('evn'), kind, related_id: relatedId,
        data: JSON.stringify({ object: { id: relatedId, object: isOrder ? 'order' : 'product' } }),
        pending_webhooks: 0, created_at: at, updated_at: at,
      });
    }
    await db.transaction().execute((tx) => insertChunked(tx, 'events', rows));
    const done = start + rows.length;
    if (done % 1_000_000 === 0 || done === options.events) log(`events: ${done} in ${elapsed(mark)} ms`);
  }
  const eventsMillis = elapsed(mark);
  if (handle.kind === 'postgres') {
    // What autovacuum would do a while after a bulk load: planner statistics for the new rows, and
    // the visibility map that lets index-only scans skip the heap. Measure after it, not before.
    mark = performance.now();
    await sql`vacuum analyze`.execute(db);
    log(`vacuum analyze in ${elapsed(mark)} ms`);
  }

  const middle = Math.floor(options.orders / 2);
  return {
    orders: options.orders,
    items,
    terms,
    customers: customerCount,
    events: options.events,
    millis: { customers: customersMillis, orders: ordersMillis, events: eventsMillis, total: elapsed(started) },
    samples: {
      lastName: customers[Math.floor(customers.length / 2)]!.last_name!,
      commonLastName: COMMON_LAST_NAME,
      numbers: [1, middle + 1, options.orders].map((n) => `${prefix}${n}${suffix}`),
      relatedIds: [orderIds[middle]!, ...productIds.slice(0, 1)],
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '10000' },
      events: { type: 'string', default: '0' },
      seed: { type: 'string' },
      database: { type: 'string', default: 'sqlite:bench/.data/scale.db' },
      fresh: { type: 'boolean', default: false },
    },
  });
  const url = values.database;
  if (values.fresh && url.startsWith('sqlite:') && url !== 'sqlite::memory:') {
    const file = resolve(url.slice('sqlite:'.length));
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
  }
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    await ensureStore(handle.db, { adminKey: BENCH_ADMIN_KEY, channelKey: BENCH_CHANNEL_KEY });
    const result = await generateOrders(handle, {
      orders: Number(values.orders),
      events: Number(values.events),
      seed: values.seed === undefined ? undefined : Number(values.seed),
    });
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
