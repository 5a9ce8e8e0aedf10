import type { MetadataChanges } from '../components/metadata-section';
import type { TranslationsChange } from '../components/translation-editor';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type components, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import type { ProductListSearch } from '../routes/products/product-list/search';

export type Product = components['schemas']['Product'];
export type Sku = components['schemas']['Sku'];
export type StoredFile = components['schemas']['StoredFile'];
/** What the product form sends; on create, `price` and `compared_price` price the default sku. */
export interface ProductWrite {
  name: string;
  permalink?: string;
  description: string | null;
  vendor: string | null;
  tags: string[];
  modifiers: string[];
  /** Option name → values: the server makes the skus of the combinations the product lacks. */
  options?: Record<string, string[]>;
  images: Array<{ id: string } | { url: string }>;
  category_ids: string[];
  collection_ids: string[];
  is_active: boolean;
  available_at: number | null;
  price?: number;
  compared_price?: number | null;
}
export interface SkuWrite {
  code: string | null;
  barcode: string | null;
  price: number;
  compared_price: number | null;
  stock_policy: 'none' | 'overall';
  in_stock: number | null;
  low_threshold: number | null;
  weight: number | null;
  weight_unit: 'kg' | 'gr' | 'lb' | 'oz';
  modifiers: Record<string, string>;
  /** Fixed prices in other currencies: the whole set, replacing the stored one. */
  prices?: Array<{ currency: string; price: number; compared_price: number | null }>;
}
/** A part of a sku saved from the skus table: only the fields staff changed. */
export type SkuChanges = Partial<Omit<SkuWrite, 'modifiers'>> & { image?: { id: string } | { url: string } | null } & Partial<TranslationsChange>;

export const PRODUCTS_PER_PAGE = 25;

export const productKeys = {
  all: ['products'] as const,
  list: (search: ProductListSearch) => ['products', 'list', search] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  skus: (id: string) => ['products', 'skus', id] as const,
};

/** One page of products, newest first unless sorted otherwise, searched and filtered by the server (also what the route prefetches). */
export function productListQuery(client: StorefrontClient, search: ProductListSearch) {
  return queryOptions({
    queryKey: productKeys.list(search),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/v1/products', { params: { query: { ...search, sort_by: search.sort_by ?? 'created-descending', per_page: PRODUCTS_PER_PAGE } }, signal })),
  });
}

export function productQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/products/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** Every sku of a product: a product has a handful (one per combination of its options), never thousands. */
export function productSkusQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: productKeys.skus(id),
    queryFn: async ({ signal }) => {
      const skus: Sku[] = [];
      for await (const sku of client.paginate('/v1/products/{id}/skus', { params: { path: { id }, query: { per_page: 250 } }, signal })) skus.push(sku as Sku);
      return skus;
    },
  });
}

export function useProducts(search: ProductListSearch) {
  const { client } = useSession();
  return useQuery({ ...productListQuery(client, search), placeholderData: keepPreviousData });
}

export function useProduct(id: string) {
  const { client } = useSession();
  return useQuery(productQuery(client, id));
}

export function useProductSkus(id: string, enabled = true) {
  const { client } = useSession();
  return useQuery({ ...productSkusQuery(client, id), enabled });
}

/** After a change to a product or its skus: its screen and the lists show the new state. */
async function productChanged(queryClient: QueryClient, product?: Product): Promise<void> {
  if (product) queryClient.setQueryData(productKeys.detail(product.id), product);
  await queryClient.invalidateQueries({ queryKey: productKeys.all });
}

export function useCreateProduct() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductWrite) => unwrap(await client.POST('/v1/products', { body })).data,
    onSuccess: (product) => productChanged(queryClient, product),
  });
}

export function useUpdateProduct(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductWrite | MetadataChanges | TranslationsChange) => unwrap(await client.POST('/v1/products/{id}', { params: { path: { id } }, body })).data,
    onSuccess: (product) => productChanged(queryClient, product),
  });
}

/** Deletes the product with its skus; orders that bought it keep their lines. */
export function useDeleteProduct(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      unwrap(await client.DELETE('/v1/products/{id}', { params: { path: { id } } }));
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}

export function useSaveSku(productId: string, skuId: string | null) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SkuWrite) =>
      skuId
        ? unwrap(await client.POST('/v1/skus/{id}', { params: { path: { id: skuId } }, body })).data
        : unwrap(await client.POST('/v1/skus', { body: { ...body, product_id: productId } })).data,
    onSuccess: () => productChanged(queryClient),
  });
}

/**
 * Saves the changes of several skus, one request each (a product has a handful), and answers the
 * refusal of each sku the server refused; the others are saved whatever happens to one.
 */
export function useUpdateSkus() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Array<{ id: string; changes: SkuChanges }>) => {
      const refused: Array<{ id: string; error: unknown }> = [];
      for (const { id, changes: body } of changes) {
        try {
          unwrap(await client.POST('/v1/skus/{id}', { params: { path: { id } }, body }));
        } catch (error) {
          refused.push({ id, error });
        }
      }
      return refused;
    },
    onSettled: () => productChanged(queryClient),
  });
}

export function useDeleteSku() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/sku/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => productChanged(queryClient),
  });
}

/** One file uploaded through `POST /v1/files` (multipart, one part named `file`); the server sniffs its type. */
export function useUploadFile() {
  const { client } = useSession();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return unwrap(await client.POST('/v1/files', { body: { file: '' }, bodySerializer: () => form })).data;
    },
  });
}

/** The category tree, flattened in display order with each category's depth, for a picker. */
export function useCategoryOptions() {
  const { client } = useSession();
  return useQuery({
    queryKey: ['categories', 'options'],
    queryFn: async ({ signal }) => {
      const options: Array<{ value: string; label: string }> = [];
      const walk = (nodes: Array<components['schemas']['CategoryNode']>, trail: string[]) => {
        for (const node of nodes) {
          options.push({ value: node.id, label: [...trail, node.title].join(' › ') });
          walk(node.children, [...trail, node.title]);
        }
      };
      const roots: Array<components['schemas']['CategoryNode']> = [];
      for await (const root of client.paginate('/v1/categories/tree', { params: { query: { per_page: 250 } }, signal })) roots.push(root as components['schemas']['CategoryNode']);
      walk(roots, []);
      return options;
    },
    staleTime: 60_000,
  });
}

/** The hand-picked collections (kind `products`): the only ones a product joins by choice. */
export function useCollectionOptions() {
  const { client } = useSession();
  return useQuery({
    queryKey: ['collections', 'options'],
    queryFn: async ({ signal }) => {
      const options: Array<{ value: string; label: string }> = [];
      for await (const collection of client.paginate('/v1/collections', { params: { query: { per_page: 250 } }, signal })) {
        const item = collection as components['schemas']['Collection'];
        if (item.kind === 'products') options.push({ value: item.id, label: item.title });
      }
      return options;
    },
    staleTime: 60_000,
  });
}

// One product's part of a bulk action (useBulk): each call is the product screen's own.

/** Publish: active and on sale from now. Unpublish: inactive, hidden from the shop (its date kept). */
export async function setProductPublished(client: StorefrontClient, id: string, published: boolean): Promise<Product> {
  const body = published ? { is_active: true, available_at: null } : { is_active: false };
  return unwrap(await client.POST('/v1/products/{id}', { params: { path: { id } }, body })).data;
}

/**
 * Adds and removes tags (titles, compared case-insensitively) on the product as it is now: read
 * again first, since an update replaces the whole list.
 */
export async function changeProductTags(client: StorefrontClient, id: string, change: { add?: string[]; remove?: string[] }): Promise<Product> {
  const product = unwrap(await client.GET('/v1/products/{id}', { params: { path: { id } } })).data;
  const tags = changedTags(product.tags.map((tag) => tag.title), change);
  return unwrap(await client.POST('/v1/products/{id}', { params: { path: { id } }, body: { tags } })).data;
}

/** The titles after a change: added ones at the end, each title once whatever its case. */
export function changedTags(current: string[], { add = [], remove = [] }: { add?: string[]; remove?: string[] }): string[] {
  const gone = new Set(remove.map((title) => title.toLowerCase()));
  const kept = current.filter((title) => !gone.has(title.toLowerCase()));
  const seen = new Set(kept.map((title) => title.toLowerCase()));
  for (const title of add) {
    if (seen.has(title.toLowerCase())) continue;
    seen.add(title.toLowerCase());
    kept.push(title);
  }
  return kept;
}

export async function deleteProduct(client: StorefrontClient, id: string): Promise<void> {
  unwrap(await client.DELETE('/v1/products/{id}', { params: { path: { id } } }));
}
