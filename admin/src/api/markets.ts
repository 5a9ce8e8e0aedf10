import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type components, type paths } from 'storefront/client';
import { useSession } from '../lib/session';

export type Market = components['schemas']['Market'];
export type MarketInput = NonNullable<paths['/v1/markets']['post']['requestBody']>['content']['application/json'];

export const MARKETS_PER_PAGE = 50;

export const marketKeys = {
  all: ['markets'] as const,
  page: (page: number) => ['markets', 'page', page] as const,
  every: ['markets', 'every'] as const,
};

/** A page of markets, as the settings screen lists them. */
export function useMarkets(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: marketKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/markets', { params: { query: { page, per_page: MARKETS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every market (a store has a handful), for the screens that name a market by its id (a sku's
 * prices, an order) or list the store's locales. `enabled` false for a role that may not read them.
 */
export function useAllMarkets(enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: marketKeys.every,
    enabled,
    queryFn: async ({ signal }) => {
      const markets: Market[] = [];
      for await (const market of client.paginate('/v1/markets', { params: { query: { per_page: 100 } }, signal })) markets.push(market as Market);
      return markets;
    },
    staleTime: 60_000,
  });
}

/** Creates a market (`id` null) or changes one. */
export function useSaveMarket() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: MarketInput }) =>
      id === null
        ? unwrap(await client.POST('/v1/markets', { body })).data
        : unwrap(await client.POST('/v1/markets/{id}', { params: { path: { id } }, body })).data,
    // A market's currency, rate or rounding reprices every sku in it.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: marketKeys.all }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}

export function useDeleteMarket() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/markets/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: marketKeys.all }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}
