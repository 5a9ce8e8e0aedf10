import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type paths } from 'storefront/client';
import { useSession } from '../lib/session';

export const GATEWAYS_PER_PAGE = 20;

export type GatewayCreateInput = NonNullable<paths['/v1/gateways']['post']['requestBody']>['content']['application/json'];
export type GatewayUpdateInput = NonNullable<paths['/v1/gateways/{id}']['post']['requestBody']>['content']['application/json'];

export const gatewayKeys = {
  all: ['gateways'] as const,
  drivers: ['gateway-drivers'] as const,
  page: (page: number) => ['gateways', 'page', page] as const,
};

/** A page of payment gateways in creation order; their secrets come masked (`********`). */
export function useGateways(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: gatewayKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/gateways', { params: { query: { page, per_page: GATEWAYS_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The drivers a gateway may have and the settings each takes: they change with a release, not a session. */
export function useGatewayDrivers() {
  const { client } = useSession();
  return useQuery({
    queryKey: gatewayKeys.drivers,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/gateway_drivers', { params: { query: { per_page: 250 } }, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Creates a gateway, or changes one (`id`): settings sent are merged over the stored ones. */
export function useSaveGateway() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id: null; body: GatewayCreateInput } | { id: string; body: GatewayUpdateInput }) =>
      change.id === null
        ? unwrap(await client.POST('/v1/gateways', { body: change.body })).data
        : unwrap(await client.POST('/v1/gateways/{id}', { params: { path: { id: change.id } }, body: change.body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}

export function useDeleteGateway() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/gateways/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}
