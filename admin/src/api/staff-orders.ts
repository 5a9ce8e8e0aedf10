import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components } from 'storefront/client';
import { useSession } from '../lib/session';
import { orderKeys } from './orders';

export type Customer = components['schemas']['Customer'];

/** Customers whose words match, for the picker of a staff order (the server's search, ten at most). */
export function useCustomerSearch(words: string) {
  const { client } = useSession();
  const q = words.trim();
  return useQuery({
    queryKey: ['customers', 'pick', q],
    enabled: q.length >= 2,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/customers', { params: { query: { q, per_page: 10 } }, signal })).data,
  });
}

/** Skus whose words match, with their product, for the lines of a staff order. */
export function useSkuSearch(words: string) {
  const { client } = useSession();
  const q = words.trim();
  return useQuery({
    queryKey: ['skus', 'pick', q],
    enabled: q.length >= 2,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/skus', { params: { query: { q, per_page: 10 } }, signal })).data,
  });
}

/**
 * Starts a staff order (docs/api.md, "Staff orders"): a cart for the customer with the lines, in the
 * market of the country it ships to (its currency: a cart keeps it, and a checkout to a country of
 * another currency is refused), checked out, the customer's address as where it ships. Answers the checkout, with the shipping methods and
 * payment gateways it offers.
 */
export function useStartStaffOrder() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async ({ customerId, addressId, countryCode, items }: { customerId: string; addressId: string | null; countryCode: string | null; items: Record<string, number> }) => {
      const cart = unwrap(await client.POST('/v1/carts', { body: { customer_id: customerId, items, ...(countryCode ? { country_code: countryCode } : {}) } })).data;
      const started = unwrap(await client.POST('/v1/carts/{id}/checkout', { params: { path: { id: cart.id } }, body: {} }));
      if (!started.meta.is_shipping_required || addressId === null) return started;
      return unwrap(await client.PUT('/v1/checkouts/{id}', { params: { path: { id: started.data.id } }, body: { shipping: { id: addressId } } }));
    },
  });
}

/**
 * Places a started staff order: its shipping method and offline gateway chosen, then paid in cash at
 * once (`mark_paid`) or left to pay later (its money recorded with a capture when it arrives).
 */
export function usePlaceStaffOrder() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, rateId, gatewayId, paid }: { orderId: string; rateId: string | null; gatewayId: string; paid: boolean }) => {
      const path = { params: { path: { id: orderId } } };
      unwrap(await client.POST('/v1/checkouts/{id}/methods', { ...path, body: { ...(rateId ? { shipping: { method: rateId } } : {}), payment: { gateway: gatewayId } } }));
      const payment = paid ? { method: 'cash', mark_paid: true } : { method: 'transfer' };
      return unwrap(await client.POST('/v1/checkouts/{id}/payment', { ...path, body: { payment } })).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
