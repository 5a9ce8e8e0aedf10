import { cookies } from 'next/headers';
import { cache } from 'react';
import type { ChannelClient, components } from '@storefront-api/client';
import { buyerClient, CUSTOMER_ID_COOKIE, CUSTOMER_TOKEN_COOKIE, shopClient } from './api';

export type Customer = components['schemas']['Customer'];

/** The signed-in customer, or null (no token, or one that expired or was revoked). Read once per request. */
export const currentCustomer = cache(async (): Promise<Customer | null> => {
  const jar = await cookies();
  const id = jar.get(CUSTOMER_ID_COOKIE)?.value;
  if (!id || !jar.get(CUSTOMER_TOKEN_COOKIE)) return null;
  const { data } = await (await buyerClient()).GET('/v1/customers/{id}', { params: { path: { id } } });
  return data?.data ?? null;
});

/**
 * The client catalogue reads go through: the signed-in customer's, so that a member of a customer
 * group is shown their group's prices (the API never keeps those for anyone else); a guest's, or
 * one whose token expired, the channel's.
 */
export async function catalogueClient(): Promise<ChannelClient> {
  return (await currentCustomer()) ? buyerClient() : shopClient();
}

/** Whether the buyer is a signed-in member of a customer group: their reduced prices are their own. */
export async function isGroupMember(): Promise<boolean> {
  return ((await currentCustomer())?.group_ids.length ?? 0) > 0;
}
