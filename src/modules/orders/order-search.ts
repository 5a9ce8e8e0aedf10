import type { Executor } from '../../db/database.js';
import type { OrderItemRow, OrderRow, StoreRow } from '../../db/types.js';
import { findStore } from '../store/stores.repo.js';
import * as repo from './orders.repo.js';

/** What of an order `q` finds it by. */
export type SearchableOrder = Pick<OrderRow, 'number' | 'payment_method' | 'gateway' | 'email' | 'customer_first_name' | 'customer_last_name' | 'customer_id' | 'total_price'>;
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
 * case-insensitively, one of these terms. They are the order number (as stored, and bare of the
 * store's affixes), the payment method and gateway source, the buyer's id, email, and the email's
 * local part and domain, each item's permalink and sku code, the total price in cents as digits, and
 * each word of the buyer's first and last names, of each item's product name and vendor ("Harbor
 * Goods" is found by `harbor` and by `goods`). A word is a run of non-whitespace, as q is split, and
 * also that run without the punctuation at its ends, so "Mug," is found by `mug`.
 * Lowercased here (never by the database), so both databases fold case alike. Sorted, no duplicates.
 */
export function orderSearchTerms(order: SearchableOrder, items: SearchableItem[], affixes: NumberAffixes | undefined): string[] {
  const values: Array<string | null> = [
    order.number,
    order.number === null ? null : bareNumber(order.number, affixes),
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
 * Brings the order's search terms in line with the order as saved (its items read here unless given):
 * terms it no longer has go, new ones come. `affixes` are those its number was made with (placement
 * passes the store it read); the store is read when not given. Call it in the transaction that
 * changes a searchable value (checkout changes, placement).
 */
export async function indexOrder(
  db: Executor,
  order: SearchableOrder & { id: string },
  affixes?: NumberAffixes,
  orderItems?: OrderItemRow[],
): Promise<void> {
  const [items, store] = await Promise.all([orderItems ?? repo.findItems(db, [order.id]), affixes ?? findStore(db)]);
  const wanted = orderSearchTerms(order, items, store);
  const held = new Set(await repo.findSearchTerms(db, order.id));
  const wantedSet = new Set(wanted);
  await repo.changeSearchTerms(db, order.id, [...held].filter((term) => !wantedSet.has(term)), wanted.filter((term) => !held.has(term)));
}
