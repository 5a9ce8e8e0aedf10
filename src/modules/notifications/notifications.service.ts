import type { Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import type { NotificationRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { Problem } from '../../lib/problem.js';
import { findOrder } from '../orders/orders.repo.js';
import type { NotificationKind, NotificationStatus } from './kinds.js';
import * as repo from './notifications.repo.js';
import type { Notification } from './notifications.schemas.js';

/**
 * Account mails carry a link that signs in or changes a password, and a gift card mail the whole codes
 * of the cards it sold (shown nowhere else after issue): staff never read them through the API.
 */
const secretKinds: ReadonlySet<string> = new Set<NotificationKind>(['password_reset', 'email_verification', 'staff_invitation', 'gift_card_issued']);

export type NotificationView = Static<typeof Notification>;

export function notificationView(row: NotificationRow): NotificationView {
  const secret = secretKinds.has(row.kind);
  return {
    id: row.id,
    object: 'notification',
    kind: row.kind as NotificationKind,
    recipient: row.recipient,
    status: row.status as NotificationStatus,
    attempts: row.attempts,
    last_error: row.last_error,
    subject: row.subject,
    html: secret ? null : row.html,
    text: secret ? null : row.text,
    data: secret ? null : (JSON.parse(row.data) as Record<string, unknown>),
    order_id: row.order_id,
    customer_id: row.customer_id,
    checkout_id: row.checkout_id,
    resent_from: row.resent_from,
    next_attempt_at: row.status === 'pending' ? Math.ceil(row.next_attempt_at / 1000) : null,
    sent_at: row.sent_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The outbox, newest first, by kind, status, order, customer or checkout. */
export async function listNotifications(ctx: Ctx, filter: repo.NotificationFilter, page: PageRequest, url: string): Promise<Page<NotificationView>> {
  const [rows, total] = await Promise.all([
    repo.listNotifications(ctx.db, filter, offsetOf(page), page.perPage),
    repo.countNotifications(ctx.db, filter),
  ]);
  return toPage(rows.map(notificationView), page, total, url);
}

/** Where a message goes again: its order's (or checkout's) email now, or its first recipient. */
async function recipientNow(db: Executor, message: NotificationRow): Promise<string> {
  const orderId = message.order_id ?? message.checkout_id;
  if (orderId === null) return message.recipient;
  const email = (await findOrder(db, orderId))?.email;
  if (!email) throw new Problem('invalid_state', 'The order of this message has no email now: set one on the order first');
  return email;
}

/** @throws Problem not_found. */
export async function getNotification(ctx: Ctx, id: string): Promise<NotificationView> {
  const row = await repo.findNotification(ctx.db, id);
  if (!row) throw Problem.notFound('notification', id);
  return notificationView(row);
}

/**
 * Sends a message again: a new message (`resent_from` names the first) to the same recipient — or,
 * for a message about an order or a checkout, to that order's email as it is now, as order mails go
 * only to the order's own email (staff may have corrected a mistyped one) — queued now, with the same
 * content: the message as it was rendered, or, for one never rendered (it failed to render), rendered
 * anew with the template of now. The first keeps its history. It is sent even when its kind is
 * switched off: staff asked for it.
 * @throws Problem not_found; invalid_state while the message is still pending (it is to be sent), or
 * when its order has no email now.
 */
export async function resendNotification(ctx: Ctx, id: string): Promise<NotificationView> {
  return ctx.db.transaction().execute(async (tx) => {
    const first = await repo.findNotification(tx, id);
    if (!first) throw Problem.notFound('notification', id);
    if (first.status === 'pending') {
      throw new Problem('invalid_state', 'This message is still waiting to be sent', { extra: { field: 'status', current: 'pending', requested: 'pending' } });
    }
    const now = ctx.now();
    const row: NotificationRow = {
      ...first,
      recipient: await recipientNow(tx, first),
      id: newId('ntf'),
      status: 'pending',
      attempts: 0,
      last_error: null,
      next_attempt_at: Date.now(),
      locked_until: null,
      sent_at: null,
      resent_from: first.id,
      created_at: now,
      updated_at: now,
    };
    await repo.insertNotification(tx, row);
    return notificationView(row);
  });
}
