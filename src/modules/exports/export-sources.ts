import type { Executor } from '../../db/database.js';
import type { WeightUnit } from '../../lib/weight.js';
import { customerViews } from '../customers/customers.view.js';
import { productViews } from '../catalog/products.view.js';
import { shopifyProductRows } from '../imports/shopify-product-rows.js';
import { SHOPIFY_CUSTOMER_COLUMNS } from '../imports/shopify-customers.js';
import { SHOPIFY_PRODUCT_COLUMNS } from '../imports/shopify-products.js';
import { convertBack } from '../markets/money.js';
import { storeCurrency } from '../markets/market-prices.js';
import { orderViews } from '../orders/orders.view.js';
import type { CustomerSpend } from './shopify-customer-rows.js';
import { shopifyCustomerRow } from './shopify-customer-rows.js';
import { SHOPIFY_ORDER_COLUMNS, shopifyOrderRows } from './shopify-order-rows.js';
import type { ExportKind } from './exports.schemas.js';

/** One page of the records an export writes: their CSV rows (cells in the columns' order) and the last id. */
export interface ExportPage {
  records: number;
  lastId: string;
  rows: string[][];
}

/** What an export writes: its columns, how many records, and the records in pages by id. */
export interface ExportSource {
  columns: readonly string[];
  count(db: Executor): Promise<number>;
  /** The records after `afterId` (from the first when null), at most `limit`, in id order; null at the end. */
  page(db: Executor, afterId: string | null, limit: number): Promise<ExportPage | null>;
}

function cellsOf<C extends string>(columns: readonly C[], row: Record<C, string>): string[] {
  return columns.map((column) => row[column]);
}

async function countOf(db: Executor, table: 'products' | 'customers' | 'orders', placedOnly = false): Promise<number> {
  let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (placedOnly) query = query.where('placed_at' as never, 'is not', null);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Every product, its variants and images on rows of its own, in Shopify's product columns. */
const products: ExportSource = {
  columns: SHOPIFY_PRODUCT_COLUMNS,
  count: (db) => countOf(db, 'products'),
  async page(db, afterId, limit) {
    let query = db.selectFrom('products').selectAll().orderBy('id').limit(limit);
    if (afterId !== null) query = query.where('id', '>', afterId);
    const found = await query.execute();
    if (found.length === 0) return null;
    const views = await productViews(db, found);
    const rows = views.flatMap((view) => shopifyProductRows({
      permalink: view.permalink, name: view.name, description: view.description, vendor: view.vendor?.name ?? null,
      tags: view.tags.map((tag) => tag.title), modifiers: view.modifiers, images: view.images.map((image) => image.url),
      meta_title: view.meta_title, meta_description: view.meta_description, is_active: view.is_active,
      skus: view.skus.map((sku) => ({ ...sku, weight_unit: sku.weight_unit as WeightUnit })),
    }, view.currency));
    return { records: found.length, lastId: found.at(-1)!.id, rows: rows.map((row) => cellsOf(SHOPIFY_PRODUCT_COLUMNS, row)) };
  },
};

/**
 * What each customer's placed, uncanceled orders come to in the store's currency: an order in a
 * market's currency counts at the rate it kept (one sold at fixed prices alone has none: left out of the sum).
 */
async function spendOf(db: Executor, customerIds: string[], currency: string): Promise<Map<string, CustomerSpend>> {
  const groups = await db
    .selectFrom('orders')
    .select((eb) => ['customer_id', 'currency', 'exchange_rate', eb.fn.countAll<number | string>().as('orders'), eb.fn.sum<number | string>('total_price').as('spent')])
    .where('customer_id', 'in', customerIds)
    .where('placed_at', 'is not', null)
    .where('canceled_at', 'is', null)
    .groupBy(['customer_id', 'currency', 'exchange_rate'])
    .execute();
  const spend = new Map<string, CustomerSpend>();
  for (const group of groups) {
    const total = spend.get(group.customer_id!) ?? { orders: 0, spent: 0 };
    total.orders += Number(group.orders);
    const spent = Number(group.spent);
    if (group.currency === currency) total.spent += spent;
    else if (group.exchange_rate !== null) total.spent += convertBack(spent, group.currency, currency, group.exchange_rate);
    spend.set(group.customer_id!, total);
  }
  return spend;
}

/** Every customer, guests too, with its default address, in Shopify's customer columns. */
const customers: ExportSource = {
  columns: SHOPIFY_CUSTOMER_COLUMNS,
  count: (db) => countOf(db, 'customers'),
  async page(db, afterId, limit) {
    let query = db.selectFrom('customers').selectAll().orderBy('id').limit(limit);
    if (afterId !== null) query = query.where('id', '>', afterId);
    const found = await query.execute();
    if (found.length === 0) return null;
    const currency = await storeCurrency(db);
    const [views, spend] = await Promise.all([customerViews(db, found), spendOf(db, found.map((row) => row.id), currency)]);
    const rows = views.map((view) => cellsOf(SHOPIFY_CUSTOMER_COLUMNS, shopifyCustomerRow(view, spend.get(view.id) ?? { orders: 0, spent: 0 }, currency)));
    return { records: found.length, lastId: found.at(-1)!.id, rows };
  },
};

/** Every placed order (checkouts never placed are no orders yet), a row per line item. */
const orders: ExportSource = {
  columns: SHOPIFY_ORDER_COLUMNS,
  count: (db) => countOf(db, 'orders', true),
  async page(db, afterId, limit) {
    let query = db.selectFrom('orders').selectAll().where('placed_at', 'is not', null).orderBy('id').limit(limit);
    if (afterId !== null) query = query.where('id', '>', afterId);
    const found = await query.execute();
    if (found.length === 0) return null;
    const rows = (await orderViews(db, found)).flatMap(shopifyOrderRows).map((row) => cellsOf(SHOPIFY_ORDER_COLUMNS, row));
    return { records: found.length, lastId: found.at(-1)!.id, rows };
  },
};

export const exportSources: Record<ExportKind, ExportSource> = { products, customers, orders };
