import type { MetadataChanges } from '../components/metadata-section';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type components, type paths, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { DiscountListSearch } from '../routes/discounts/discount-list/search';

export type Discount = components['schemas']['Discount'];
export type DiscountWrite = NonNullable<paths['/v1/discounts']['post']['requestBody']>['content']['application/json'];
/** What a discount applies to beyond the whole catalogue. */
export type ScopeKind = 'collections' | 'products' | 'skus';

export const DISCOUNTS_PER_PAGE = 25;
const PICKER_PER_PAGE = 20;

export const discountKeys = {
  all: ['discounts'] as const,
  list: (search: DiscountListSearch) => ['discounts', 'list', search] as const,
  detail: (id: string) => ['discounts', 'detail', id] as const,
};

/** One page of discounts, searched and filtered by the server (also what the route prefetches). */
export function discountListQuery(client: StorefrontClient, search: DiscountListSearch) {
  return queryOptions({
    queryKey: discountKeys.list(search),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/discounts', { params: { query: { ...search, per_page: DISCOUNTS_PER_PAGE } }, signal })),
  });
}

export function discountQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: discountKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/discounts/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useDiscounts(search: DiscountListSearch) {
  const { client } = useSession();
  return useQuery({ ...discountListQuery(client, search), placeholderData: keepPreviousData });
}

export function useDiscount(id: string) {
  const { client } = useSession();
  return useQuery(discountQuery(client, id));
}

async function discountChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: discountKeys.all });
}

export function useCreateDiscount() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DiscountWrite) => unwrap(await client.POST('/v1/discounts', { body })).data,
    onSuccess: () => discountChanged(queryClient),
  });
}

export function useUpdateDiscount(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DiscountWrite | MetadataChanges) => unwrap(await client.POST('/v1/discounts/{id}', { params: { path: { id } }, body })).data,
    onSuccess: (discount) => {
      queryClient.setQueryData(discountKeys.detail(id), discount);
      return discountChanged(queryClient);
    },
  });
}

export function useDeleteDiscount(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      unwrap(await client.DELETE('/v1/discounts/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: discountKeys.detail(id) });
      return discountChanged(queryClient);
    },
  });
}

export interface ScopeOption {
  value: string;
  label: string;
}

/** The collections, products or skus whose words match `q`, found by the server (nothing while `q` is empty). */
export function useScopeSearch(kind: ScopeKind, q: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['discounts', 'scope-search', kind, q],
    queryFn: async ({ signal }): Promise<ScopeOption[]> => {
      const query = { q, per_page: PICKER_PER_PAGE };
      if (kind === 'collections') return unwrap(await client.GET('/v1/collections', { params: { query }, signal })).data.map((item) => ({ value: item.id, label: item.title }));
      if (kind === 'products') return unwrap(await client.GET('/v1/products', { params: { query }, signal })).data.map((item) => ({ value: item.id, label: item.name }));
      return unwrap(await client.GET('/v1/skus', { params: { query }, signal })).data.map(skuOption);
    },
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

const skuOption = (sku: components['schemas']['Sku']): ScopeOption => ({ value: sku.id, label: sku.code ? `${sku.name} (${sku.code})` : sku.name });

/**
 * The names of the records a discount is scoped to, read by their ids: the skus in one call, a
 * collection or product each (a discount names a handful). A record deleted since shows its id.
 */
export function useScopeNames(kind: ScopeKind | 'all', ids: readonly string[]): Map<string, string> {
  const { client } = useSession();
  const one = kind === 'collections' || kind === 'products' ? ids : [];
  const each = useQueries({
    queries: one.map((id) => ({
      queryKey: [kind, 'detail', id],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        kind === 'collections'
          ? unwrap(await client.GET('/v1/collections/{id}', { params: { path: { id } }, signal })).data
          : unwrap(await client.GET('/v1/products/{id}', { params: { path: { id } }, signal })).data,
      retry: false,
      staleTime: 60_000,
    })),
  });
  const skus = useQuery({
    queryKey: ['skus', 'named', [...ids].sort()],
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/skus', { params: { query: { id: ids.join(','), per_page: 250 } }, signal })).data.map(skuOption),
    enabled: kind === 'skus' && ids.length > 0,
    staleTime: 60_000,
  });
  const names = new Map<string, string>();
  each.forEach((result, index) => {
    const record = result.data;
    if (record) names.set(one[index]!, 'title' in record ? record.title : record.name);
  });
  for (const option of skus.data ?? []) names.set(option.value, option.label);
  return names;
}
