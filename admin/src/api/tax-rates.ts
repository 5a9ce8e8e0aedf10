import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap, type paths } from 'storefront/client';
import { useSession } from '../lib/session';

export const TAX_RATES_PER_PAGE = 50;

export type TaxRateInput = NonNullable<paths['/v1/tax_rates']['post']['requestBody']>['content']['application/json'];

export const taxRateKeys = {
  all: ['tax-rates'] as const,
  page: (page: number) => ['tax-rates', 'page', page] as const,
};

/** A page of tax rates, by country, each country's own rate before its states'. */
export function useTaxRates(page: number) {
  const { client } = useSession();
  return useQuery({
    queryKey: taxRateKeys.page(page),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/tax_rates', { params: { query: { page, per_page: TAX_RATES_PER_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Creates a rate (`id` null) or changes one. */
export function useSaveTaxRate() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TaxRateInput }) =>
      id === null
        ? unwrap(await client.POST('/v1/tax_rates', { body })).data
        : unwrap(await client.POST('/v1/tax_rates/{id}', { params: { path: { id } }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRateKeys.all }),
  });
}

export function useDeleteTaxRate() {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await client.DELETE('/v1/tax_rates/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRateKeys.all }),
  });
}
