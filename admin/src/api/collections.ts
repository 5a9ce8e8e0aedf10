import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type StorefrontClient } from 'storefront/client';
import type { TranslationsChange } from '../components/translation-editor';
import { useSession } from '../lib/session';
import type { CollectionListSearch } from '../routes/collections/collection-list/search';

export const COLLECTIONS_PER_PAGE = 25;
/** The products of a hand-picked collection shown (and arranged) on its screen: one page of the API. */
export const MEMBERS_PER_PAGE = 250;
export const PREVIEW_PER_PAGE = 10;

type CollectionWrite = Partial<TranslationsChange> & {
  title: string;
  kind: 'products' | 'smart';
  permalink?: string;
  description?: string | null;
  meta_title?: string | null;
  meta_description?: string | null;
  sorting_rule?: SortingRule;
  is_visible?: boolean;
  visible_at?: number | null;
  rules?: RuleInput[];
  disjunctive?: boolean;
};
export type SortingRule = 'manual' | 'name-asc' | 'name-desc' | 'price-asc' | 'price-desc' | 'created-asc' | 'created-desc';
export type RuleInput = { field: 'title' | 'vendor' | 'tag' | 'price' | 'compared_price' | 'weight' | 'in_stock'; condition: 'equals' | 'not_equals' | 'starts_with' | 'ends_with' | 'contains' | 'not_contains' | 'greater_than' | 'less_than'; value: string };

export const collectionKeys = {
  all: ['collections'] as const,
  list: (search: CollectionListSearch) => ['collections', 'list', search] as const,
  detail: (id: string) => ['collections', 'detail', id] as const,
  products: (id: string) => ['collections', 'products', id] as const,
};

/** One page of collections, searched by title on the server. */
export function collectionListQuery(client: StorefrontClient, search: CollectionListSearch) {
  return queryOptions({
    queryKey: collectionKeys.list(search),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/collections', { params: { query: { ...search, per_page: COLLECTIONS_PER_PAGE } }, signal })),
  });
}

export function collectionQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/collections/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useCollections(search: CollectionListSearch) {
  const { client } = useSession();
  return useQuery({ ...collectionListQuery(client, search), placeholderData: keepPreviousData });
}

export function useCollection(id: string) {
  const { client } = useSession();
  return useQuery(collectionQuery(client, id));
}

/** The products of a collection in its own order (hand-picked positions, or its sorting rule). */
export function useCollectionProducts(id: string, { perPage = MEMBERS_PER_PAGE, enabled = true } = {}) {
  const { client } = useSession();
  return useQuery({
    queryKey: [...collectionKeys.products(id), perPage],
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/collections/{id}/products', { params: { path: { id }, query: { per_page: perPage } }, signal })),
    enabled,
  });
}

/** The products a smart collection with these (unsaved) rules would hold; off while there is no rule. */
export function useRulePreview(body: { rules: RuleInput[]; disjunctive: boolean; sorting_rule: SortingRule }, enabled: boolean) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['collections', 'preview', body],
    queryFn: async ({ signal }) => unwrap(await client.POST('/v1/collections/preview', { params: { query: { per_page: PREVIEW_PER_PAGE } }, body, signal })),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Products whose name, permalink or sku code holds the words: the server searches, never the browser. */
export function useProductSearch(q: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: ['products', 'search', q],
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/products', { params: { query: { q, per_page: 10 } }, signal })),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

async function collectionChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: collectionKeys.all });
}

export function useCreateCollection() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CollectionWrite) => unwrap(await client.POST('/v1/collections', { body })).data,
    onSuccess: () => collectionChanged(queryClient),
  });
}

export function useUpdateCollection(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CollectionWrite) => unwrap(await client.POST('/v1/collections/{id}', { params: { path: { id } }, body })).data,
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionKeys.detail(id), collection);
      return collectionChanged(queryClient);
    },
  });
}

export function useDeleteCollection(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.DELETE('/v1/collections/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: collectionKeys.detail(id) });
      return collectionChanged(queryClient);
    },
  });
}

/** Puts a product at the end of a hand-picked collection. */
export function useAddProduct(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: string) => unwrap(await client.POST('/v1/collections/{id}/products', { params: { path: { id } }, body: { product_id: productId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.products(id) }),
  });
}

/** Orders a hand-picked collection in one change: these products first, in this order, the others after them. */
export function useOrderProducts(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productIds: string[]) =>
      unwrap(await client.POST('/v1/collections/{id}/products/order', { params: { path: { id } }, body: { product_ids: productIds } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.products(id) }),
  });
}

export function useRemoveProduct(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (productId: string) =>
      unwrap(await client.DELETE('/v1/collections/{id}/products/{productId}', { params: { path: { id, productId } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKeys.products(id) }),
  });
}
