import { useQuery } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useSession } from '../lib/session';

export const storeKeys = { all: ['store'] as const };

/** The store's settings (its name, currency…): they rarely change, so they are read again after five minutes. */
export function useStore() {
  const { client } = useSession();
  return useQuery({
    queryKey: storeKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/store', { signal })).data,
    staleTime: 5 * 60_000,
  });
}
