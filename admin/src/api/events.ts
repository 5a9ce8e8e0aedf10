import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { unwrap, type Event } from 'storefront/client';
import { useSession } from '../lib/session';
import type { EventListSearch } from '../routes/settings/search';

export const eventKeys = {
  all: ['events'] as const,
  related: (ids: readonly string[]) => ['events', 'related', ids] as const,
};

/**
 * The events of some records (an order and its fulfillments), newest first. The API filters by one
 * record at a time, so this asks once per record and merges.
 */
export function useRelatedEvents(ids: readonly string[], enabled = true) {
  const { client } = useSession();
  return useQuery({
    queryKey: eventKeys.related(ids),
    enabled,
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        ids.map(async (id) => unwrap(await client.GET('/v1/events', { params: { query: { related_object: id, per_page: 100 } }, signal })).data),
      );
      return pages.flat().sort((a: Event, b: Event) => b.created_at - a.created_at || b.id.localeCompare(a.id));
    },
  });
}

/** The kinds of event the server writes (docs/api.md, Events): suggestions for filters and webhook topics. */
export const eventKinds = [
  ...['collection', 'product', 'sku', 'category', 'customer'].flatMap((resource) => ['created', 'updated', 'deleted'].map((move) => `${resource}.${move}`)),
  'order.placed',
  'order.paid',
  'order.canceled',
  'order.archived',
  'order.updated',
  'order.refunded',
  'order.fulfilled',
  'fulfillment.created',
  'fulfillment.updated',
  'sku.low_stock',
  'discount.created',
  'discount.updated',
  'discount.deleted',
  'return.created',
  'return.received',
  'return.refunded',
  'return.canceled',
];

/** One page of events, newest first, filtered by the server. */
export function useEvents(search: EventListSearch) {
  const { client } = useSession();
  return useQuery({
    queryKey: [...eventKeys.all, 'list', search] as const,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/events', { params: { query: { ...search, per_page: 25 } }, signal })),
    placeholderData: keepPreviousData,
  });
}
