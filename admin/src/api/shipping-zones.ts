import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type paths } from 'storefront/client';
import { useSession } from '../lib/session';
import { countryKeys } from './countries';

export const ZONES_PER_PAGE = 20;

export type ShippingZoneInput = NonNullable<paths['/v1/shipping_zones']['post']['requestBody']>['content']['application/json'];

export const shippingZoneKeys = {
  all: ['shipping-zones'] as const,
  page: (page: number) => ['shipping-zones', 'page', page] as const,
};

/** A page of shipping zones with their rates, in creation order. */
export function useShippingZones(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: shippingZoneKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/shipping_zones', { params: { query: { page, per_page: ZONES_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

function useZonesChanged() {
  const queryClient = useQueryClient();
  // The countries some zone covers (`shipping_countries`) follow the zones.
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: shippingZoneKeys.all }), queryClient.invalidateQueries({ queryKey: countryKeys.all, exact: true })]);
}

/** Creates a zone (`id` null) or replaces its name, countries, states and rates. */
export function useSaveShippingZone() {
  const { client } = useSession();
  const changed = useZonesChanged();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ShippingZoneInput }) =>
      id === null
        ? unwrap(await client.POST('/v1/shipping_zones', { body })).data
        : unwrap(await client.POST('/v1/shipping_zones/{id}', { params: { path: { id } }, body })).data,
    onSuccess: changed,
  });
}

export function useDeleteShippingZone() {
  const { client } = useSession();
  const changed = useZonesChanged();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/shipping_zones/{id}', { params: { path: { id } } }));
    },
    onSuccess: changed,
  });
}
