import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import { orderChanged, orderKeys } from './orders';

export const fulfillmentKeys = {
  ofOrder: (orderId: string) => [...orderKeys.detail(orderId), 'fulfillments'] as const,
};

/** An order's shipments, oldest first (an order has a handful: one page of the most the API gives). */
export function fulfillmentsQuery(client: StorefrontClient, orderId: string) {
  return queryOptions({
    queryKey: fulfillmentKeys.ofOrder(orderId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/orders/{id}/fulfillments', { params: { path: { id: orderId }, query: { per_page: 250 } }, signal })).data,
  });
}

export function useFulfillments(orderId: string) {
  const { client } = useSession();
  return useQuery(fulfillmentsQuery(client, orderId));
}

export interface FulfilInput {
  /** Omitted: everything left to ship. */
  items?: Array<{ id: string; quantity: number }>;
  tracking_code?: string | null;
  carrier?: string | null;
  is_customer_notified?: boolean;
}

export function useFulfil(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FulfilInput) =>
      unwrap(await client.POST('/v1/orders/{id}/fulfillments', { params: { path: { id: orderId } }, body })).data,
    onSuccess: () => orderChanged(queryClient, orderId),
  });
}

export function useCancelFulfillment(orderId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fulfillmentId: string) =>
      unwrap(await client.POST('/v1/orders/{id}/fulfillments/{fulfillmentId}/cancel', { params: { path: { id: orderId, fulfillmentId } } })).data,
    onSuccess: () => orderChanged(queryClient, orderId),
  });
}
