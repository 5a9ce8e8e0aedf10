import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap, type Access, type StorefrontClient } from 'storefront/client';
import { useSession } from './session';

/**
 * What the signed-in credential may do: the server's own list of the actions (`order.cancel`,
 * `product.update`, reads as `<object>.read`) it would let this credential call (`GET /v1/access`).
 * The dashboard asks nothing else: a control of an action outside the list is disabled, an area none
 * of whose reads is in it is left out of the navigation. The server still judges every request.
 */
export function accessQuery(client: StorefrontClient) {
  return queryOptions({
    queryKey: ['access'],
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/access', { signal })).data,
    // A role changes rarely; a refused request (403) reads it again (main.tsx).
    staleTime: 5 * 60_000,
  });
}

/** The access of the session: the shell shows the screens only once it is read. */
export function useAccess(): Access {
  const { client } = useSession();
  const { data } = useQuery(accessQuery(client));
  if (!data) throw new Error('useAccess() before the access was read');
  return data;
}

/** Why a control is disabled, said in its title. */
export function refusalOf(access: Access): string {
  if (access.must_set_up_two_factor) return 'Set up two-factor sign-in first';
  if (access.actor.type === 'api_key') return access.role === 'read_only' ? 'Your key is read-only' : `Your key's role (${roleName(access.role)}) may not do this`;
  return `Your role (${roleName(access.role)}) may not do this`;
}

/**
 * `can(action)`: whether the credential may call the action, and `why` it may not, for the title
 * of a disabled control.
 */
export function useCan(): { can: (action: string) => boolean; why: string } {
  const access = useAccess();
  const actions = new Set(access.actions);
  return { can: (action) => actions.has(action), why: refusalOf(access) };
}

export const ROLES = ['owner', 'admin', 'catalog', 'fulfillment', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

const ROLE_NAMES: Record<string, string> = { owner: 'Owner', admin: 'Admin', catalog: 'Catalogue', fulfillment: 'Fulfilment', read_only: 'Read-only' };

/** A role as staff read it: `Fulfilment` for `fulfillment`. */
export function roleName(role: string): string {
  return ROLE_NAMES[role] ?? role;
}

/** What each role may do, in a line, for pickers. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, staff and API keys included',
  admin: 'Everything but staff and API keys',
  catalog: 'Reads everything; changes products, collections, discounts and content',
  fulfillment: 'Reads orders and customers; ships orders, receives returns, adds comments',
  read_only: 'Reads everything, changes nothing',
};
