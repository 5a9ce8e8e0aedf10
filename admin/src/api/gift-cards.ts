import { keepPreviousData, queryOptions, type QueryFunction, type QueryKey, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { unwrap, type components, type paths, type StorefrontClient } from 'storefront/client';
import { useSession } from '../lib/session';
import { customerQuery } from './customers';
import { orderQuery } from './orders';
import type { GiftCardListSearch } from '../routes/gift-cards/gift-card-list/search';

export type GiftCard = components['schemas']['GiftCard'];
export type GiftCardMovement = components['schemas']['GiftCardMovement'];
export type GiftCardWrite = NonNullable<paths['/v1/gift_cards']['post']['requestBody']>['content']['application/json'];

export const GIFT_CARDS_PER_PAGE = 25;

export const giftCardKeys = {
  all: ['gift-cards'] as const,
  list: (search: GiftCardListSearch) => ['gift-cards', 'list', search] as const,
  detail: (id: string) => ['gift-cards', 'detail', id] as const,
};

/** One page of cards, filtered by the server (also what the route prefetches). */
export function giftCardListQuery(client: StorefrontClient, search: GiftCardListSearch) {
  return queryOptions({
    queryKey: giftCardKeys.list(search),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/gift_cards', { params: { query: { ...search, per_page: GIFT_CARDS_PER_PAGE } }, signal })),
  });
}

export function giftCardQuery(client: StorefrontClient, id: string) {
  return queryOptions({
    queryKey: giftCardKeys.detail(id),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/gift_cards/{id}', { params: { path: { id } }, signal })).data,
  });
}

export function useGiftCards(search: GiftCardListSearch) {
  const { client } = useSession();
  return useQuery({ ...giftCardListQuery(client, search), placeholderData: keepPreviousData });
}

export function useGiftCard(id: string) {
  const { client } = useSession();
  return useQuery(giftCardQuery(client, id));
}

async function giftCardChanged(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: giftCardKeys.all });
}

/** Issues a card: the answer is the only one that carries its whole code. */
export function useIssueGiftCard() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GiftCardWrite) => unwrap(await client.POST('/v1/gift_cards', { body })).data,
    onSuccess: () => giftCardChanged(queryClient),
  });
}

export function useDisableGiftCard(id: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.POST('/v1/gift_cards/{id}/disable', { params: { path: { id } } })).data,
    onSuccess: (card) => {
      queryClient.setQueryData(giftCardKeys.detail(id), card);
      return giftCardChanged(queryClient);
    },
  });
}

/**
 * What each of `ids` reads as, by `query` (a customer's or an order's, sharing their screens' cache),
 * read once each: a page of cards names a handful. An id that cannot be read is left out.
 */
function useNamesOf<T>(ids: readonly (string | null)[], query: (client: StorefrontClient, id: string) => { queryKey: QueryKey; queryFn?: QueryFunction<T, any> }, nameOf: (record: T) => string | null): Map<string, string> {
  const { client } = useSession();
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const each = useQueries({ queries: unique.map((id) => ({ ...query(client, id), retry: false, staleTime: 60_000 })) });
  const names = new Map<string, string>();
  each.forEach((result, index) => {
    const name = result.data === undefined ? null : nameOf(result.data as T);
    if (name) names.set(unique[index]!, name);
  });
  return names;
}

/** The emails of the customers cards were issued to. */
export const useCustomerEmails = (ids: readonly (string | null)[]) => useNamesOf(ids, customerQuery, (customer) => customer.email);

/** The numbers of the orders a card's history names. */
export const useOrderNumbers = (ids: readonly (string | null)[]) => useNamesOf(ids, orderQuery, (order) => order.number);
