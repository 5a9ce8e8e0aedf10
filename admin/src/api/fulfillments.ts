import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type Order, type StorefrontClient } from 'storefront/client';
import { Skipped } from '../lib/bulk';
import { humanise } from '../lib/format';
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

/**
 * One order's part of a bulk fulfilment (useBulk): the order as it is now, if placed, paid and with
 * something left to ship, is fulfilled whole (the API's `items` left out: everything left); any
 * other is skipped with the reason in words. The API still judges what it is sent.
 */
export async function fulfilWhole(client: StorefrontClient, id: string): Promise<void> {
  const order = unwrap(await client.GET('/v1/orders/{id}', { params: { path: { id } } })).data;
  const reason = whyNotFulfillable(order);
  if (reason) throw new Skipped(reason);
  unwrap(await client.POST('/v1/orders/{id}/fulfillments', { params: { path: { id } }, body: {} }));
}

/** Why a bulk fulfilment leaves an order alone, or null when it may ship it. */
export function whyNotFulfillable(order: Pick<Order, 'status' | 'financial_status' | 'fulfillment_status'>): string | null {
  if (order.status !== 'placed') return `it is ${order.status === 'created' ? 'not placed yet' : order.status}`;
  if (order.fulfillment_status === 'fulfilled') return 'it is already fulfilled';
  if (order.fulfillment_status === 'not_required') return 'nothing in it is shipped';
  if (order.financial_status !== 'paid') return `it is not paid (payment ${humanise(order.financial_status).toLowerCase()})`;
  return null;
}
