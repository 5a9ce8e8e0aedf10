import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { NotificationRow, StoreRow } from '../../db/types.js';
import { areTaxesIncluded, type TotalsFacts } from '../checkout/order-totals.js';
import { customerView, type CustomerView } from '../customers/customers.view.js';
import { findCustomer } from '../customers/customers.repo.js';
import { findOrder } from '../orders/orders.repo.js';
import { orderView } from '../orders/orders.view.js';
import { findStore } from '../store/stores.repo.js';
import { storeView } from '../store/stores.service.js';
import { defaultTemplateLocale } from './default-templates.js';
import { accountMailKinds, type NotificationKind } from './kinds.js';
import { checkoutLink, orderLink } from './links.js';

/** The store as every template sees it: GET /v1/store's fields, and `url`, the storefront's address. */
export async function storeData(db: Executor, config: Pick<Config, 'shopUrl'>): Promise<Record<string, unknown>> {
  return storeDataOf(await findStore(db), config);
}

/** The store's row as every template sees it (storeData), for a caller that has read it. */
export function storeDataOf(row: StoreRow | undefined, config: Pick<Config, 'shopUrl'>): Record<string, unknown> {
  return { ...(row ? storeView(row) : {}), url: config.shopUrl };
}

/** What a message is rendered from: its templates' data, and the locale it is written in. */
export interface MessageContent {
  data: Record<string, unknown>;
  locale: string;
}

/**
 * What a queued message's templates render, loaded when the worker renders it (never in the
 * transaction that queued it): the store (`store`, read once for a batch: storeDataOf); the order
 * (as GET /v1/orders/{id} shows it, with is_tax_included: mailOrder) and the link to its page in the shop for `order_id`; the customer for `customer_id` (in an account
 * mail to an unverified account, without what it typed: unprovenCustomer); the checkout and
 * the link back to it for `checkout_id`; then what the caller snapshotted in `data`, which wins.
 * The message is written in the order's (or checkout's) locale, else its customer's, else the
 * store's language.
 * @throws Error when a record the message names is gone.
 */
export async function messageData(
  db: Executor, row: NotificationRow, config: Pick<Config, 'shopUrl'>, store: Record<string, unknown>,
): Promise<MessageContent> {
  const data: Record<string, unknown> = { store };
  const snapshot = JSON.parse(row.data) as Record<string, unknown>;
  const locales: (string | null | undefined)[] = [];
  if (row.order_id) {
    const order = await loadOrder(db, row.order_id);
    data.order = order.view;
    data.order_url = orderLink(config, row.order_id);
    locales.push(order.locale);
  }
  if (row.checkout_id) {
    const checkout = await loadOrder(db, row.checkout_id);
    data.checkout = checkout.view;
    data.checkout_url = checkoutLink(config, row.checkout_id);
    locales.push(checkout.locale);
  }
  if (row.customer_id) {
    const customer = await findCustomer(db, row.customer_id);
    if (customer && snapshot.customer === undefined) {
      const view = await customerView(db, customer);
      data.customer = accountMailKinds.has(row.kind as NotificationKind) && !view.is_verified ? unprovenCustomer(view) : view;
    }
    locales.push(customer?.locale);
  }
  locales.push(typeof store.lang === 'string' ? store.lang : null);
  return { data: { ...data, ...snapshot }, locale: locales.find((locale) => locale) ?? defaultTemplateLocale };
}

/**
 * The customer as an account mail to an unverified account shows it: without a word the account
 * typed (names, addresses, and whatever is added later), only what the shop decided. Anyone can sign up
 * with any address and any name, so its names in a greeting would let a stranger write to that mailbox
 * in the shop's name; once the mailbox is proven, the names are its owner's.
 */
function unprovenCustomer(view: CustomerView): Record<string, unknown> {
  const { id, object, email, is_active, is_verified, created_at, updated_at } = view;
  return { id, object, email, is_active, is_verified, created_at, updated_at, name: null, first_name: null, last_name: null };
}

async function loadOrder(db: Executor, id: string): Promise<{ view: unknown; locale: string | null }> {
  const order = await findOrder(db, id);
  if (!order) throw new Error(`order ${id} no longer exists`);
  return { view: mailOrder(await orderView(db, order)), locale: order.locale };
}

/**
 * An order as templates see it: as the API shows it, and `is_tax_included`, whether its taxes are
 * within its prices (then the shipped templates say so and do not add them to the total).
 */
export function mailOrder<T extends TotalsFacts>(order: T): T & { is_tax_included: boolean } {
  return { ...order, is_tax_included: areTaxesIncluded(order) };
}
