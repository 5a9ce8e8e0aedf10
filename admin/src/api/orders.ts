import type { MetadataChanges } from '../components/metadata-section';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type components, type Order, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { OrderListSearch } from '../routes/orders/order-list/search';
import { eventKeys } from './events';

export const ORDERS_PER_PAGE = 25;

export const orderKeys = {
  all: ['orders'] as const,
  list: (search: OrderListSearch) => ['orders', 'list', search] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
};

/** One page of orders, newest first, filtered and searched on the server (also what the route prefetches). */
export function orderListQuery(client: StorefrontClient, search: OrderListSearch) {
  return queryOptions({
    queryKey: orderKeys.list(search),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/orders', { params: { query: { ...search, per_page: ORDERS_PER_PAGE } }, signal })),
  });
}

export function orderQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/orders/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useOrders(search: OrderListSearch) {
  const { client } = useSession();
  // The page on screen stays while the next one loads, so the table does not jump.
  return useQuery({ ...orderListQuery(client, search), placeholderData: keepPreviousData });
}

export function useOrder(id: string) {
  const { client } = useSession();
  return useQuery(orderQuery(client, id));
}

/** After a change to an order: its page and the lists show the new state, its history the new events. */
export async function orderChanged(queryClient: QueryClient, id: string, order?: Order): Promise<void> {
  if (order) queryClient.setQueryData(orderKeys.detail(id), order);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  ]);
}

/** Capture, refund or void: money moved through the order's gateway. */
export function useMoveMoney(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { kind: 'capture' | 'refund' | 'void'; amount?: number }) =>
      unwrap(await client.POST('/v1/orders/{id}/transactions', { params: { path: { id: orderId } }, body })).data,
    onSettled: () => orderChanged(queryClient, orderId),
  });
}

export function useCancelOrder(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { reason?: string }) =>
      unwrap(await client.POST('/v1/orders/{id}/cancel', { params: { path: { id: orderId } }, body })).data,
    onSuccess: (order) => orderChanged(queryClient, orderId, order),
  });
}

export function useArchiveOrder(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/orders/{id}/archive', { params: { path: { id: orderId } } })).data,
    onSuccess: (order) => orderChanged(queryClient, orderId, order),
  });
}

/** The staff note (`order_note`); an empty note clears it. */
export function useUpdateOrderNote(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: string) =>
      unwrap(await client.POST('/v1/orders/{id}', { params: { path: { id: orderId } }, body: { order_note: note.trim() === '' ? null : note } })).data,
    onSuccess: (order) => orderChanged(queryClient, orderId, order),
  });
}

/** An order's metadata, merged (a key sent as null is removed). */
export function useUpdateOrderMetadata(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MetadataChanges) => unwrap(await client.POST('/v1/orders/{id}', { params: { path: { id: orderId } }, body })).data,
    onSuccess: (order) => orderChanged(queryClient, orderId, order),
  });
}

export type OrderComment = components['schemas']['OrderComment'];

export const orderTimelineKeys = {
  comments: (orderId: string) => ['orders', 'comments', orderId] as const,
  mails: (orderId: string) => ['orders', 'mails', orderId] as const,
};

/** The comments staff added to the order, newest first (an order gathers tens, not thousands). */
export function useOrderComments(orderId: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: orderTimelineKeys.comments(orderId),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/orders/{id}/comments', { params: { path: { id: orderId }, query: { per_page: 100 } }, signal })).data,
  });
}

export function useAddOrderComment(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => unwrap(await client.POST('/v1/orders/{id}/comments', { params: { path: { id: orderId } }, body: { body } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderTimelineKeys.comments(orderId) }),
  });
}

/** The mails sent (or meant) to the buyer about the order, newest first. */
export function useOrderMails(orderId: string, enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: orderTimelineKeys.mails(orderId),
    enabled,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/notifications', { params: { query: { order_id: orderId, per_page: 100 } }, signal })).data,
  });
}
