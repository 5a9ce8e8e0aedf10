import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components, type paths } from 'storefront/client';
import { useSession } from '../lib/session';

export type PriceList = components['schemas']['PriceList'];
export type PriceListWrite = NonNullable<paths['/v1/price_lists']['post']['requestBody']>['content']['application/json'];
export type Sku = components['schemas']['Sku'];

export const PRICE_LISTS_PER_PAGE = 25;

/** Skus asked for by id at once: the listing pages its answer at most this many. */
const SKUS_PER_READ = 100;

export const priceListKeys = {
  all: ['price-lists'] as const,
  page: (page: number) => ['price-lists', 'page', page] as const,
  detail: (id: string) => ['price-lists', 'detail', id] as const,
};

export function usePriceLists(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: priceListKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/price_lists', { params: { query: { page, per_page: PRICE_LISTS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function usePriceList(id: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: priceListKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/price_lists/{id}', { params: { path: { id } }, signal })).data,
  });
}

/**
 * The skus a list prices, read by their ids a hundred at a time, for their names and regular prices.
 * A sku deleted since is missing from the answer.
 */
export function useSkusById(ids: readonly string[]) {
  const { client } = useSession();
  const unique = [...new Set(ids)].sort();
  return useQuery({
    queryKey: ['skus', 'by-id', unique],
    enabled: unique.length > 0,
    queryFn: async ({ signal }) => {
      const skus = new Map<string, Sku>();
      for (let start = 0; start < unique.length; start += SKUS_PER_READ) {
        const id = unique.slice(start, start + SKUS_PER_READ).join(',');
        for (const sku of unwrap(await client.GET('/v1/skus', { params: { query: { id, per_page: SKUS_PER_READ } }, signal })).data) skus.set(sku.id, sku);
      }
      return skus;
    },
    staleTime: 60_000,
  });
}

/** Creates a price list (`id` null) or changes one; its prices and groups are replaced by those sent. */
export function useSavePriceList() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: PriceListWrite }) =>
      id === null
        ? unwrap(await client.POST('/v1/price_lists', { body })).data
        : unwrap(await client.POST('/v1/price_lists/{id}', { params: { path: { id } }, body })).data,
    onSuccess: (list) => {
      queryClient.setQueryData(priceListKeys.detail(list.id), list);
      return queryClient.invalidateQueries({ queryKey: priceListKeys.all });
    },
  });
}

export function useDeletePriceList() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/price_lists/{id}', { params: { path: { id } } }));
    },
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: priceListKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: priceListKeys.all });
    },
  });
}
