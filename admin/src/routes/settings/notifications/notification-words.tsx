import { Badge } from '@mantine/core';
import type { NotificationKind, NotificationStatus } from '../../../api/notifications';

/** Each kind as staff name the mail. */
export const kindLabels: Record<NotificationKind, string> = {
  order_confirmation: 'Order confirmation',
  shipping_confirmation: 'Shipping confirmation',
  order_canceled: 'Order canceled',
  refund: 'Refund',
  password_reset: 'Password reset',
  email_verification: 'Email verification',
  abandoned_checkout: 'Abandoned checkout',
  gift_card_issued: 'Gift card issued',
};

/** When each kind is sent, for the template editor. */
export const kindWhen: Record<NotificationKind, string> = {
  order_confirmation: 'when an order is placed',
  shipping_confirmation: 'when a shipment is made or its tracking changes, if staff chose to notify the customer',
  order_canceled: 'when an order is canceled',
  refund: 'when money is refunded',
  password_reset: 'when a customer asks to reset the password (the link works one hour)',
  email_verification: 'when staff or the customer ask to prove the email (the link works 48 hours)',
  abandoned_checkout: 'once, when a checkout with an email stays unpaid for the configured hours',
  gift_card_issued: 'when an order that sold gift cards is paid: the whole codes, shown nowhere else (its log shows no body)',
};

export const kindOptions = Object.entries(kindLabels).map(([value, label]) => ({ value, label }));

const statuses: Record<NotificationStatus, { label: string; color: string; meaning: string }> = {
  pending: { label: 'Pending', color: 'yellow', meaning: 'waiting to be sent, or to be tried again' },
  sent: { label: 'Sent', color: 'green', meaning: 'accepted by the mail server' },
  failed: { label: 'Failed', color: 'red', meaning: 'given up after every attempt failed' },
  not_sent: { label: 'Not sent', color: 'gray', meaning: 'recorded only: no mail server is configured' },
};

export const statusOptions = Object.entries(statuses).map(([value, { label }]) => ({ value, label }));

/** A message's status as a coloured badge, its meaning for those who hover it. */
export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const word = statuses[status];
  return (
    <Badge color={word.color} variant="light" radius="sm" title={word.meaning}>
      {word.label}
    </Badge>
  );
}

export const kindLabel = (kind: string) => kindLabels[kind as NotificationKind] ?? kind;
