import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/** Every time zone's offset is a whole number of quarter hours, so a quarter hour lies within one local day. */
export const SLOT_SECONDS = 900;

/** The currency sums are in, and the rate their orders kept (store currency → theirs): reports convert them back. */
export interface InCurrency {
  currency: string;
  exchange_rate: string | null;
}

export interface SalesSlot extends InCurrency {
  slot: number;
  total: number;
  count: number;
}

/**
 * Sales of the orders placed in [from, to), canceled orders left out, summed per quarter hour and
 * currency and rate: one range of the index `orders_placed_at`.
 */
export async function salesBySlot(db: Executor, from: number, to: number): Promise<SalesSlot[]> {
  const slot = sql<number>`placed_at / ${sql.lit(SLOT_SECONDS)}`;
  const rows = await db
    .selectFrom('orders')
    .select([slot.as('slot'), 'currency', 'exchange_rate', sql<number>`sum(total_price)`.as('total'), sql<number>`count(*)`.as('count')])
    .where('placed_at', '>=', from)
    .where('placed_at', '<', to)
    .where('status', '<>', 'canceled')
    .groupBy([slot, 'currency', 'exchange_rate'])
    .execute();
  // PostgreSQL answers bigint sums and counts as strings.
  return rows.map((row) => ({ ...row, slot: Number(row.slot), total: Number(row.total), count: Number(row.count) }));
}

/**
 * Refunds that moved money in [from, to), summed per quarter hour of when they were made and per
 * currency and rate: those of orders that were placed and not canceled (the orders whose sales are counted).
 */
export async function refundsBySlot(db: Executor, from: number, to: number): Promise<Array<InCurrency & { slot: number; total: number }>> {
  const slot = sql<number>`transactions.created_at / ${sql.lit(SLOT_SECONDS)}`;
  const rows = await refundsIn(db, from, to)
    .select([slot.as('slot'), 'transactions.currency', 'orders.exchange_rate', sql<number>`sum(transactions.amount)`.as('total')])
    .groupBy([slot, 'transactions.currency', 'orders.exchange_rate'])
    .execute();
  return rows.map((row) => ({ ...row, slot: Number(row.slot), total: Number(row.total) }));
}

function refundsIn(db: Executor, from: number, to: number) {
  return db
    .selectFrom('transactions')
    .innerJoin('orders', 'orders.id', 'transactions.order_id')
    .where('transactions.kind', '=', 'refund')
    .where('transactions.created_at', '>=', from)
    .where('transactions.created_at', '<', to)
    .where('transactions.status', '=', 'succeeded')
    .where('orders.placed_at', 'is not', null)
    .where('orders.status', '<>', 'canceled');
}

export interface Refund extends InCurrency {
  id: string;
  order_id: string;
  customer_id: string | null;
  amount: number;
  /** The order's total, of which a refund that names no items takes its share from each item. */
  order_total: number;
}

/** Each refund counted by refundsBySlot in [from, to), with its order's customer and total. */
export async function findRefunds(db: Executor, from: number, to: number): Promise<Refund[]> {
  const rows = await refundsIn(db, from, to)
    .select(['transactions.id', 'transactions.order_id', 'orders.customer_id', 'transactions.amount', 'orders.total_price as order_total', 'transactions.currency', 'orders.exchange_rate'])
    .execute();
  return rows.map((row) => ({ ...row, amount: Number(row.amount), order_total: Number(row.order_total) }));
}

export interface RefundedItem {
  order_id: string;
  product_id: string;
  /** The item's weight in the refund: what it cost, or the returned units' share of it for a return's refund. */
  weight: number;
  /** The refund transaction of the return that holds the item; null for the order's items themselves. */
  transaction_id: string | null;
}

/**
 * What refunds are shared among: the items of the orders, and, for the refunds that refunded a
 * return, the returned units.
 */
export async function findRefundedItems(db: Executor, orderIds: string[], transactionIds: string[]): Promise<RefundedItem[]> {
  if (orderIds.length === 0) return [];
  const items = await db.selectFrom('order_items').select(['order_id', 'product_id', 'total as weight']).where('order_id', 'in', orderIds).execute();
  const returned = await db
    .selectFrom('returns')
    .innerJoin('return_items', 'return_items.return_id', 'returns.id')
    .innerJoin('order_items', 'order_items.id', 'return_items.order_item_id')
    .select(['returns.order_id', 'order_items.product_id', 'return_items.amount as weight', 'returns.transaction_id'])
    .where('returns.transaction_id', 'in', transactionIds)
    .execute();
  return [...items.map((item) => ({ ...item, weight: Number(item.weight), transaction_id: null })), ...returned.map((item) => ({ ...item, weight: Number(item.weight) }))];
}

/** Units and money of each product in the orders placed in [from, to), as sold (before refunds), per currency and rate. */
export async function productSales(db: Executor, from: number, to: number) {
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select([
      'order_items.product_id', 'orders.currency', 'orders.exchange_rate', sql<string>`max(order_items.product_name)`.as('name'),
      sql<number>`sum(order_items.quantity)`.as('units'), sql<number>`sum(order_items.total)`.as('total'),
    ])
    .where('orders.placed_at', '>=', from)
    .where('orders.placed_at', '<', to)
    .where('orders.status', '<>', 'canceled')
    .groupBy(['order_items.product_id', 'orders.currency', 'orders.exchange_rate'])
    .execute();
  return rows.map((row) => ({ ...row, units: Number(row.units), total: Number(row.total) }));
}

/** Orders and money of each customer in the orders placed in [from, to), as sold, per currency and rate; guests left out. */
export async function customerSales(db: Executor, from: number, to: number) {
  const rows = await db
    .selectFrom('orders')
    .select(['customer_id', 'currency', 'exchange_rate', sql<number>`count(*)`.as('count'), sql<number>`sum(total_price)`.as('total')])
    .where('placed_at', '>=', from)
    .where('placed_at', '<', to)
    .where('status', '<>', 'canceled')
    .where('customer_id', 'is not', null)
    .groupBy(['customer_id', 'currency', 'exchange_rate'])
    .execute();
  return rows.map((row) => ({ ...row, customer_id: row.customer_id!, count: Number(row.count), total: Number(row.total) }));
}

/** The names and emails of customers, by id. */
export function findCustomerNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('customers').select(['id', 'first_name', 'last_name', 'email']).where('id', 'in', ids).execute();
}
