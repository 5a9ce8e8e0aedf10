import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components } from 'storefront/client';
import { useSession } from '../lib/session';
import { customerKeys } from './customers';

export type CustomerGroup = components['schemas']['CustomerGroup'];

export const GROUPS_PER_PAGE = 50;
export const MEMBERS_PER_PAGE = 25;

export const groupKeys = {
  all: ['customer-groups'] as const,
  page: (page: number) => ['customer-groups', 'page', page] as const,
  every: ['customer-groups', 'every'] as const,
  detail: (id: string) => ['customer-groups', 'detail', id] as const,
};

/** A page of groups, oldest first, each with its count of members. */
export function useGroups(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: groupKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/customer_groups', { params: { query: { page, per_page: GROUPS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every group (a store has a handful, Shopify's companies and segments a few dozen), for the screens
 * that pick groups or name them by id. `enabled` false for a role that may not read them.
 */
export function useAllGroups(enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: groupKeys.every,
    enabled,
    queryFn: async ({ signal }) => {
      const groups: CustomerGroup[] = [];
      for await (const group of client.paginate('/v1/customer_groups', { params: { query: { per_page: 100 } }, signal })) groups.push(group as CustomerGroup);
      return groups;
    },
    staleTime: 60_000,
  });
}

export function useGroup(id: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/customer_groups/{id}', { params: { path: { id } }, signal })).data,
  });
}

/** A page of the group's members, as the customer list pages them. */
export function useGroupMembers(id: string, page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: [...customerKeys.all, 'group', id, page],
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/customers', { params: { query: { group_id: id, page, per_page: MEMBERS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Creates a group (`id` null) or renames one. */
export function useSaveGroup() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string | null; name: string }) =>
      id === null
        ? unwrap(await client.POST('/v1/customer_groups', { body: { name } })).data
        : unwrap(await client.POST('/v1/customer_groups/{id}', { params: { path: { id } }, body: { name } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

/** Deletes a group: its members leave it and its price lists no longer name it. */
export function useDeleteGroup() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/customer_groups/{id}', { params: { path: { id } } }));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['price-lists'] }),
      ]),
  });
}
