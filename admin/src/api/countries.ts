import { useQuery } from '@tanstack/react-query';
import { unwrap } from 'storefront/client';
import { useSession } from '../lib/session';

/** Countries and their subdivisions are reference data: they change with a release, not a session. */
const REFERENCE = Number.POSITIVE_INFINITY;

export const countryKeys = {
  all: ['countries'] as const,
  states: (country: string) => ['countries', country, 'states'] as const,
};

/** Every country (`billing_countries`), named in the store's language, sorted by name. */
export function useCountries() {
  const { client } = useSession();
  return useQuery({
    queryKey: countryKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/countries', { signal })).data,
    staleTime: REFERENCE,
  });
}

/** A country's subdivisions (one page holds any country); none for a country without them, or no country. */
export function useStates(country: string | null | undefined) {
  const { client } = useSession();
  return useQuery({
    queryKey: countryKeys.states(country ?? ''),
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/countries/{code}/states', { params: { path: { code: country! }, query: { per_page: 250 } }, signal })).data,
    enabled: Boolean(country),
    staleTime: REFERENCE,
  });
}

/** The countries as options of a select (code, shown by name), and a country's name by its code. */
export function useCountryOptions() {
  const countries = useCountries();
  const list = countries.data?.billing_countries ?? [];
  return {
    options: list.map((country) => ({ value: country.code, label: country.name })),
    nameOf: (code: string) => list.find((country) => country.code === code)?.name ?? code,
  };
}
