import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';

/** Home's figures: read again each minute while it is shown, as sales come in. */
const FRESH_MS = 60_000;

export const homeKeys = {
  all: ['home'] as const,
  sales: ['home', 'sales'] as const,
  count: (what: string) => ['home', 'count', what] as const,
};

/** Sales of the 30 days ending today, one bucket a day of the store's time zone. */
export function salesQuery(client: StorefrontClient) {
  return queryOptions({
    queryKey: homeKeys.sales,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/reports/sales', { signal })).data,
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
}

export function useSales() {
  const { client } = useSession();
  return useQuery(salesQuery(client));
}

type Counted = (client: StorefrontClient, signal: AbortSignal) => Promise<{ meta: { pagination: { total_items: number } } }>;

/** How many items a filtered list holds: one item is read, the total comes with it. */
function useCount(what: string, read: Counted) {
  const { client } = useSession();
  return useQuery({
    queryKey: homeKeys.count(what),
    queryFn: async ({ signal }) => (await read(client, signal)).meta.pagination.total_items,
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
}

/** Placed orders waiting for a shipment, not yet shipped or shipped in part. */
export function useOrdersToShip(fulfillment_status: 'unfulfilled' | 'partially_fulfilled') {
  return useCount(`orders-${fulfillment_status}`, async (client, signal) =>
    unwrap(await client.GET('/v1/orders', { params: { query: { status: 'placed', fulfillment_status, per_page: 1 } }, signal })),
  );
}

export function useFailingWebhooks() {
  return useCount('failing-webhooks', async (client, signal) => unwrap(await client.GET('/v1/webhooks', { params: { query: { failing: true, per_page: 1 } }, signal })));
}

export const LOW_STOCK_SHOWN = 5;

/** The first skus at or below their low-stock threshold, and how many there are. */
export function useLowStock() {
  const { client } = useSession();
  return useQuery({
    queryKey: homeKeys.count('low-stock'),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/skus', { params: { query: { low_stock: true, per_page: LOW_STOCK_SHOWN } }, signal })),
    staleTime: FRESH_MS,
    refetchInterval: FRESH_MS,
  });
}
