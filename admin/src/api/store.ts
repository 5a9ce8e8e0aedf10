import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type paths } from 'storefront/client';
import { useSession } from '../lib/session';

export const storeKeys = { all: ['store'] as const };

export type StoreChanges = NonNullable<paths['/v1/store']['post']['requestBody']>['content']['application/json'];

/**
 * The store's settings (its name, currency…): they rarely change, so they are read again after five
 * minutes. `enabled` false (a user who must set up two-factor sign-in first) asks nothing.
 */
export function useStore(enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: storeKeys.all,
    enabled,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/store', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Changes the store's settings; every screen that shows its name or currency sees the new ones. */
export function useUpdateStore() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: storeKeys.all,
    mutationFn: async (body: StoreChanges) => unwrap(await client.POST('/v1/store', { body })).data,
    onSuccess: (store) => queryClient.setQueryData(storeKeys.all, store),
  });
}
