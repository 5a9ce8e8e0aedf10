import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type StorefrontClient } from 'storefront/client';
import type { TranslationsChange } from '../components/translation-editor';
import { useSession } from '../lib/session';

/** Top-level categories a page of the tree holds, each with all its descendants. */
export const ROOTS_PER_PAGE = 100;

type CategoryWrite = { title: string; parent_id?: string | null; order?: number; permalink?: string } & Partial<TranslationsChange>;

export const categoryKeys = {
  all: ['categories'] as const,
  tree: (page: number) => ['categories', 'tree', page] as const,
};

export function categoryTreeQuery(client: StorefrontClient, page: number) {
  return queryOptions({
    queryKey: categoryKeys.tree(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/categories/tree', { params: { query: { page, per_page: ROOTS_PER_PAGE } }, signal })),
  });
}

export function useCategoryTree(page: number) {
  const { client } = useSession();
  return useQuery({ ...categoryTreeQuery(client, page), placeholderData: keepPreviousData });
}

export function useCreateCategory() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CategoryWrite) => unwrap(await client.POST('/v1/categories', { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

/** Changes categories one after the other (a reorder changes several), then reads the tree again. */
export function useUpdateCategories() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Array<{ id: string; body: CategoryWrite }>) => {
      for (const { id, body } of changes) unwrap(await client.POST('/v1/categories/{id}', { params: { path: { id } }, body }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export function useDeleteCategory() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.DELETE('/v1/categories/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
