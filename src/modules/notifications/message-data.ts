import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { NotificationRow, StoreRow } from '../../db/types.js';
import { customerView } from '../customers/customers.view.js';
import { findCustomer } from '../customers/customers.repo.js';
import { findOrder } from '../orders/orders.repo.js';
import { orderView } from '../orders/orders.view.js';
import { findStore } from '../store/stores.repo.js';
import { storeView } from '../store/stores.service.js';
import { checkoutLink } from './links.js';

/** The store as every template sees it: GET /v1/store's fields, and `url`, the storefront's address. */
export async function storeData(db: Executor, config: Pick<Config, 'shopUrl'>): Promise<Record<string, unknown>> {
  return storeDataOf(await findStore(db), config);
}

/** The store's row as every template sees it (storeData), for a caller that has read it. */
export function storeDataOf(row: StoreRow | undefined, config: Pick<Config, 'shopUrl'>): Record<string, unknown> {
  return { ...(row ? storeView(row) : {}), url: config.shopUrl };
}

/**
 * What a queued message's templates render, loaded when the worker renders it (never in the
 * transaction that queued it): the store (`store`, read once for a batch: storeDataOf); the order
 * (as GET /v1/orders/{id} shows it) for `order_id`; the customer for `customer_id`; the checkout and
 * the link back to it for `checkout_id`; then what the caller snapshotted in `data`, which wins.
 * @throws Error when a record the message names is gone.
 */
export async function messageData(
  db: Executor, row: NotificationRow, config: Pick<Config, 'shopUrl'>, store: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { store };
  const snapshot = JSON.parse(row.data) as Record<string, unknown>;
  if (row.order_id) data.order = await loadOrder(db, row.order_id);
  if (row.customer_id && snapshot.customer === undefined) {
    const customer = await findCustomer(db, row.customer_id);
    if (customer) data.customer = await customerView(db, customer);
  }
  if (row.checkout_id) {
    data.checkout = await loadOrder(db, row.checkout_id);
    data.checkout_url = checkoutLink(config, row.checkout_id);
  }
  return { ...data, ...snapshot };
}

async function loadOrder(db: Executor, id: string): Promise<unknown> {
  const order = await findOrder(db, id);
  if (!order) throw new Error(`order ${id} no longer exists`);
  return orderView(db, order);
}
