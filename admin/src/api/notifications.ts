import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type Notification } from 'storefront/client';
import { useSession } from '../lib/session';
import type { NotificationListSearch } from '../routes/settings/notifications/search';
import { SETTINGS_PER_PAGE } from './access';

/** The emails the shop sends, one template each (docs/api.md, Notifications). */
export const notificationKinds = [
  'order_confirmation',
  'shipping_confirmation',
  'order_canceled',
  'refund',
  'password_reset',
  'email_verification',
  'abandoned_checkout',
  'gift_card_issued',
] as const satisfies ReadonlyArray<Notification['kind']>;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationStatuses = ['pending', 'sent', 'failed', 'not_sent'] as const satisfies ReadonlyArray<Notification['status']>;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** The parts of a template staff edit. */
export interface TemplateParts {
  subject: string;
  html: string;
  text: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (search: NotificationListSearch) => ['notifications', 'list', search] as const,
  detail: (id: string) => ['notifications', 'detail', id] as const,
  template: (kind: NotificationKind) => ['notification-templates', kind] as const,
};

/** The outbox, newest first, filtered by kind and status. */
export function useNotifications(search: NotificationListSearch) {
  const { client } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(search),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/notifications', { params: { query: { page: search.page ?? 1, per_page: SETTINGS_PER_PAGE, kind: search.kind, status: search.status } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useNotification(id: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: notificationKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/notifications/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** Queues the message to be sent again (a new message, rendered anew); answers it. */
export function useResendNotification(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/notifications/{id}/resend', { params: { path: { id } } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useTemplate(kind: NotificationKind) {
  const { client } = useSession();
  return useQuery({
    queryKey: notificationKeys.template(kind),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/notification_templates/{kind}', { params: { path: { kind } }, signal })).data,
  });
}

/** Saves a kind's template parts (null: back to the shipped one) and whether the kind is sent at all. */
export function useSaveTemplate(kind: NotificationKind) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<Record<keyof TemplateParts, string | null>> & { is_enabled?: boolean }) =>
      unwrap(await client.POST('/v1/notification_templates/{kind}', { params: { path: { kind } }, body })).data,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.template(kind), saved),
  });
}

/** The server's rendering of a draft of the template, with sample data. */
export function usePreviewTemplate(kind: NotificationKind) {
  const { client } = useSession();
  return useMutation({
    mutationFn: async (body: TemplateParts) => unwrap(await client.POST('/v1/notification_templates/{kind}/preview', { params: { path: { kind } }, body })).data,
  });
}

export const mailerKey = ['notifications', 'mailer'] as const;

/** Whether mail goes out (an SMTP server configured), from whom, and how many messages were recorded unsent. */
export function useMailer() {
  const { client } = useSession();
  return useQuery({
    queryKey: mailerKey,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/notifications/mailer', { signal })).data,
    staleTime: 60_000,
  });
}

/** Sends a test message now through the SMTP server, to `to` or the store's email; answers whether it was accepted. */
export function useSendTestMail() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async (to: string) => unwrap(await client.POST('/v1/notifications/test', { body: to.trim() ? { to: to.trim() } : {} })).data,
  });
}
