import type { Db, Executor, Tx } from '../../db/database.js';
import type { OrderItemRow, OrderRow, OrderSearchTermRow, StoreRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';
import { findStore } from '../store/stores.repo.js';
import * as repo from './orders.repo.js';

/** What of an order `q` finds it by. */
export type SearchableOrder = Pick<OrderRow, 'number' | 'payment_method' | 'gateway' | 'email' | 'customer_first_name' | 'customer_last_name' | 'customer_id' | 'total_price'>
  & Partial<Pick<OrderRow, 'number_sequence'>>;
export type SearchableItem = Pick<OrderItemRow, 'permalink' | 'code' | 'vendor' | 'product_name'>;
/** The store's order number prefix and suffix, as the store holds them. */
export type NumberAffixes = Pick<StoreRow, 'order_prefix' | 'order_suffix'>;

/**
 * The number without the store's prefix and suffix (`#1001` → `1001`), when it carries them; null
 * otherwise. A number keeps the affixes of when it was placed, so after the store changes them the
 * bare number is still found (and the old full number too), as the index was written then.
 */
export function bareNumber(number: string, affixes: NumberAffixes | undefined): string | null {
  const prefix = affixes?.order_prefix ?? '';
  const suffix = affixes?.order_suffix ?? '';
  if (prefix === '' && suffix === '') return null;
  if (number.length <= prefix.length + suffix.length || !number.startsWith(prefix) || !number.endsWith(suffix)) return null;
  return number.slice(prefix.length, number.length - suffix.length);
}

/**
 * The terms `GET /v1/orders?q=` finds an order by: one term of q matches an order when it equals,
 * case-insensitively, one of these terms. They are the order number (as stored, and bare: the
 * counter's value it was made of, or for older orders the number without `affixes`), the payment method and gateway source, the buyer's id, email, and the email's
 * local part and domain, each item's permalink and sku code, the total price in cents as digits, and
 * each word of the buyer's first and last names, of each item's product name and vendor ("Harbor
 * Goods" is found by `harbor` and by `goods`). A word is a run of non-whitespace, as q is split, and
 * also that run without the punctuation at its ends, so "Mug," is found by `mug`.
 * Lowercased here (never by the database), so both databases fold case alike. Sorted, no duplicates.
 */
export function orderSearchTerms(order: SearchableOrder, items: SearchableItem[], affixes: NumberAffixes | undefined): string[] {
  const values: Array<string | null> = [
    order.number,
    order.number_sequence != null ? String(order.number_sequence) : order.number === null ? null : bareNumber(order.number, affixes),
    order.payment_method,
    order.gateway,
    order.customer_id,
    String(order.total_price),
    ...emailTerms(order.email),
  ];
  const texts: Array<string | null> = [order.customer_first_name, order.customer_last_name];
  for (const item of items) {
    values.push(item.permalink, item.code);
    texts.push(item.product_name, item.vendor);
  }
  const terms = new Set<string>();
  for (const value of values) {
    if (value !== null && value !== '' && !/\s/.test(value)) terms.add(value.toLowerCase());
  }
  for (const text of texts) for (const word of wordsOf(text)) terms.add(word);
  return [...terms].sort();
}

/** The email whole, its local part and its domain: staff search for a buyer, or for a company's orders. */
function emailTerms(email: string | null): string[] {
  if (!email) return [];
  const at = email.lastIndexOf('@');
  return at <= 0 ? [email] : [email, email.slice(0, at), email.slice(at + 1)];
}

/** The lowercased words of a text, each as written and without the punctuation at its ends. */
export function wordsOf(text: string | null): string[] {
  const words = new Set<string>();
  for (const word of (text ?? '').toLowerCase().split(/\s+/)) {
    if (word === '') continue;
    words.add(word);
    const bare = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare !== '') words.add(bare);
  }
  return [...words];
}

/** The distinct terms of a search, lowercased as the index holds them. */
export function queryTerms(terms: string[]): string[] {
  return [...new Set(terms.map((term) => term.toLowerCase()))];
}

/**
 * Queues the order for its search terms to be brought up to date: call it in the transaction that
 * changes a searchable value (checkout changes, placement, a new email or customer). The terms
 * themselves are written by indexQueuedOrders, which the worker runs and every search runs first.
 */
export async function queueOrderIndexing(db: Executor, orderId: string): Promise<void> {
  await repo.queueSearchIndexing(db, orderId);
}

/** Orders indexed per transaction: the write lock is held for a few milliseconds at most. */
const INDEX_BATCH = 200;

/**
 * Brings the search terms of the queued orders in line with the orders as saved, a batch per
 * transaction, until the queue is empty: terms an order no longer has go, new ones come. A batch
 * writes the terms its orders share (a product's name, a domain) on the same pages, once. Returns
 * how many orders were indexed.
 */
export async function indexQueuedOrders(db: Db): Promise<number> {
  let indexed = 0;
  for (;;) {
    const queued = await repo.findQueuedOrders(db, INDEX_BATCH);
    if (queued.length === 0) return indexed;
    indexed += await db.transaction().execute((tx) => indexOrders(tx, queued));
    if (queued.length < INDEX_BATCH) return indexed;
  }
}

async function indexOrders(tx: Tx, ids: string[]): Promise<number> {
  // Locked before they leave the queue: a change queued meanwhile waits for this transaction, then
  // queues the order again, so its terms are never left behind.
  const orders = await repo.lockOrdersForIndexing(tx, ids);
  const taken = new Set(await repo.unqueueOrders(tx, ids));
  const chosen = orders.filter((order) => taken.has(order.id));
  if (chosen.length === 0) return 0;
  const chosenIds = chosen.map((order) => order.id);
  const [items, store, heldRows] = await Promise.all([repo.findItems(tx, chosenIds), findStore(tx), repo.findSearchTermsOf(tx, chosenIds)]);
  const itemsOf = groupBy(items, 'order_id');
  const heldOf = groupBy(heldRows, 'order_id');
  const removed: OrderSearchTermRow[] = [];
  const added: OrderSearchTermRow[] = [];
  for (const order of chosen) {
    const wanted = new Set(orderSearchTerms(order, itemsOf.get(order.id) ?? [], store));
    const held = new Set((heldOf.get(order.id) ?? []).map((row) => row.term));
    for (const term of held) if (!wanted.has(term)) removed.push({ term, order_id: order.id });
    for (const term of wanted) if (!held.has(term)) added.push({ term, order_id: order.id });
  }
  await repo.changeSearchTerms(tx, removed, added);
  return chosen.length;
}
