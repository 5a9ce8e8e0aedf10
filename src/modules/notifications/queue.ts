import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import { KeptSetting } from '../../db/kept-setting.js';
import type { NotificationRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import type { NotificationKind } from './kinds.js';
import { takeMailSlot } from './mail-caps.js';

export interface NewNotification {
  kind: NotificationKind;
  /** The recipient's email. */
  to: string;
  /**
   * What the templates render beyond what the worker loads from the ids below (the order, the
   * customer, the checkout): only what the caller already holds, such as a refund's amount or a link.
   */
  data: Record<string, unknown>;
  order_id?: string | null;
  customer_id?: string | null;
  checkout_id?: string | null;
}

const selectDisabled = compiledQuery((db) => db.selectFrom('notification_templates').select('kind').where('is_enabled', '=', 0));

/**
 * The kinds staff switched off, kept in memory a second (order placement asks on every order);
 * a change through this process is seen at once (`forgetDisabledKinds`).
 */
const disabledKinds = new KeptSetting(async (db) => new Set((await selectDisabled(db)).rows.map((row) => row.kind)));

export function forgetDisabledKinds(db: Executor): void {
  disabledKinds.forget(db);
}

export async function isKindEnabled(db: Executor, kind: NotificationKind): Promise<boolean> {
  return !(await disabledKinds.get(db)).has(kind);
}

const insertNotification = compiledQuery((db, row: NotificationRow) => db.insertInto('notifications').values(row));

/**
 * Writes an email to the outbox, in the caller's transaction, so the change and its message are
 * committed together; the worker renders and sends it later. One insert and nothing else (it runs
 * in order placement): no template is read or rendered here. Returns the message's id, or
 * undefined when staff switched the kind off (no row is written).
 */
export async function queueNotification(tx: Executor, now: number, message: NewNotification): Promise<string | undefined> {
  if (!(await isKindEnabled(tx, message.kind))) return undefined;
  const row: NotificationRow = {
    id: newId('ntf'),
    kind: message.kind,
    recipient: message.to,
    data: JSON.stringify(message.data),
    subject: null,
    html: null,
    text: null,
    status: 'pending',
    attempts: 0,
    last_error: null,
    next_attempt_at: now * 1000,
    locked_until: null,
    sent_at: null,
    order_id: message.order_id ?? null,
    customer_id: message.customer_id ?? null,
    checkout_id: message.checkout_id ?? null,
    resent_from: null,
    created_at: now,
    updated_at: now,
  };
  await insertNotification(tx, row);
  return row.id;
}

/**
 * Queues an order's message to its buyer (queueNotification), in the transaction of the change:
 * only ever to the order's own email, and nothing when it has none. The confirmation of an order
 * placed unpaid (`financial_status` pending: an offline method) takes a slot of its mailbox's cap
 * (mail-caps.ts) and is not queued past it — such an order costs its placer nothing, so anyone could
 * otherwise have the shop mail any address at will; the order is placed all the same. `data` is what
 * the caller holds beyond the order, which the worker loads when it renders the message.
 */
export async function queueOrderNotification(
  tx: Executor,
  now: number,
  kind: Extract<NotificationKind, 'order_confirmation' | 'shipping_confirmation' | 'order_canceled' | 'refund' | 'gift_card_issued'>,
  order: { id: string; email: string | null; customer_id: string | null; financial_status?: string },
  data: Record<string, unknown> = {},
): Promise<string | undefined> {
  if (!order.email) return undefined;
  if (kind === 'order_confirmation' && order.financial_status === 'pending') {
    // A kind switched off spends no slot.
    if (!(await isKindEnabled(tx, kind))) return undefined;
    if ((await takeMailSlot(tx, 'unpaid_order_confirmation', order.email, now)) > 0) return undefined;
  }
  return queueNotification(tx, now, { kind, to: order.email, data, order_id: order.id, customer_id: order.customer_id });
}
