import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useSession } from '../lib/session';
import { SETTINGS_PER_PAGE } from './access';
import { eventKeys } from './events';

export interface WebhookInput {
  url: string;
  events: string[];
  description: string | null;
  is_enabled: boolean;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: ['webhooks', 'list'] as const,
  list: (page: number) => ['webhooks', 'list', page] as const,
  detail: (id: string) => ['webhooks', 'detail', id] as const,
  deliveries: (id: string, page: number) => ['webhooks', 'deliveries', id, page] as const,
};

export function useWebhooks(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: webhookKeys.list(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/webhooks', { params: { query: { page, per_page: SETTINGS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(id: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/webhooks/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** The delivery attempts to an endpoint, newest first, read again every few seconds. */
export function useDeliveries(id: string, page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: webhookKeys.deliveries(id, page),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: { page, per_page: SETTINGS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
    // The worker delivers within seconds of a test or a redelivery: the log shows it without a reload.
    refetchInterval: 5_000,
  });
}

/** Registers an endpoint, or changes the one given; a new endpoint's answer carries its secret, once. */
export function useSaveWebhook(id?: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WebhookInput) =>
      id
        ? unwrap(await client.POST('/v1/webhooks/{id}', { params: { path: { id } }, body })).data
        : unwrap(await client.POST('/v1/webhooks', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useDeleteWebhook() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/webhooks/{id}', { params: { path: { id } } })),
    // Only the lists: the endpoint's own screen, still shown while it is left, must not read a 404.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists }),
  });
}

/** A new signing secret (in this answer only); the old one keeps signing beside it for 24 hours. */
export function useRotateSecret(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/webhooks/{id}/rotate_secret', { params: { path: { id } } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.detail(id) }),
  });
}

/** Queues an event again for one endpoint. */
export function useRedeliver(webhookId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eventId: string) =>
      unwrap(await client.POST('/v1/events/{id}/redeliver', { params: { path: { id: eventId } }, body: { webhook_id: webhookId } })).data,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: webhookKeys.all }), queryClient.invalidateQueries({ queryKey: eventKeys.all })]),
  });
}

/** Queues a `webhook.test` event for this endpoint alone; the worker delivers it, signed, like any event. */
export function useSendTestEvent(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/webhooks/{id}/test', { params: { path: { id } } })).data,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: webhookKeys.all }), queryClient.invalidateQueries({ queryKey: eventKeys.all })]),
  });
}
