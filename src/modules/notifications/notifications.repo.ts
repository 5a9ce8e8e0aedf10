import type { Executor } from '../../db/database.js';
import type { NotificationRow } from '../../db/types.js';

export interface NotificationFilter {
  kind?: string;
  status?: string;
  orderId?: string;
  customerId?: string;
  checkoutId?: string;
}

function filtered(db: Executor, filter: NotificationFilter) {
  let query = db.selectFrom('notifications');
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  if (filter.customerId) query = query.where('customer_id', '=', filter.customerId);
  if (filter.checkoutId) query = query.where('checkout_id', '=', filter.checkoutId);
  return query;
}

/** Newest first. */
export function listNotifications(db: Executor, filter: NotificationFilter, offset: number, limit: number): Promise<NotificationRow[]> {
  return filtered(db, filter).selectAll().orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

export async function countNotifications(db: Executor, filter: NotificationFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findNotification(db: Executor, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNotification(db: Executor, row: NotificationRow): Promise<void> {
  await db.insertInto('notifications').values(row).execute();
}

/** How many messages were recorded without being sent (no SMTP server was configured). */
export async function countNotSent(db: Executor): Promise<number> {
  const { count } = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<string | number>().as('count')).where('status', '=', 'not_sent').executeTakeFirstOrThrow();
  return Number(count);
}
