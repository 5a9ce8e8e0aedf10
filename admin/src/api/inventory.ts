import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { InventorySearch } from '../routes/inventory/inventory-list/search';
import { productKeys, type Sku } from './products';

export const SKUS_PER_PAGE = 25;

export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (search: InventorySearch) => ['inventory', 'list', search] as const,
};

type SkuPage = { data: Sku[]; meta: { pagination: import('storefront/client').components['schemas']['Pagination'] } };

/**
 * One page of the skus that count their stock, low stock first (then the lowest stock), ordered by
 * the server so the order holds across pages (docs/api.md, Listings).
 */
export function inventoryQuery(client: StorefrontClient, search: InventorySearch) {
  return queryOptions({
    queryKey: inventoryKeys.list(search),
    queryFn: async ({ signal }): Promise<SkuPage> =>
      unwrap(
        await client.GET('/v1/skus', {
          params: { query: { stock_policy: 'overall', sort_by: 'low-stock-first', q: search.q, low_stock: search.low, page: search.page, per_page: SKUS_PER_PAGE } },
          signal,
        }),
      ),
  });
}

export function useInventory(search: InventorySearch) {
  const { client } = useSession();
  return useQuery({ ...inventoryQuery(client, search), placeholderData: keepPreviousData });
}

/**
 * Sets a sku's stock through the sku update. The row keeps its place on screen (the page shown is
 * patched, not read again, so a sku does not jump away while staff go down the list); the order is
 * the server's again at the next reading.
 */
export function useSetStock() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, inStock }: { id: string; inStock: number }) =>
      unwrap(await client.POST('/v1/skus/{id}', { params: { path: { id } }, body: { in_stock: inStock } })).data,
    onSuccess: async (sku) => {
      queryClient.setQueriesData<SkuPage>({ queryKey: inventoryKeys.all }, (page) =>
        page && { ...page, data: page.data.map((row) => (row.id === sku.id ? sku : row)) },
      );
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
