/** The emails the shop sends, one template each. */
export const notificationKinds = [
  'order_confirmation',
  'shipping_confirmation',
  'order_canceled',
  'refund',
  'password_reset',
  'email_verification',
  'abandoned_checkout',
  'staff_invitation',
  'gift_card_issued',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The account mails: sent to whatever address an account names (a sign-up, a reset request), so
 * capped per mailbox (mail-caps.ts) and never carrying what an unverified account typed (message-data.ts).
 */
export const accountMailKinds: ReadonlySet<NotificationKind> = new Set(['password_reset', 'email_verification', 'staff_invitation']);

export function isNotificationKind(value: string): value is NotificationKind {
  return (notificationKinds as readonly string[]).includes(value);
}

export const notificationStatuses = [
  /** Waiting for the worker: not tried yet, or tried and due again. */
  'pending',
  /** Accepted by the SMTP server. */
  'sent',
  /** Given up: every attempt failed for the whole retry horizon, or the message could not be rendered. */
  'failed',
  /** Rendered and recorded, but no SMTP server is configured. */
  'not_sent',
] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];
