import { cookies } from 'next/headers';
import { cache } from 'react';
import type { components } from '@storefront-api/client';
import { buyerClient, CUSTOMER_ID_COOKIE, CUSTOMER_TOKEN_COOKIE } from './api';

export type Customer = components['schemas']['Customer'];

/** The signed-in customer, or null (no token, or one that expired or was revoked). Read once per request. */
export const currentCustomer = cache(async (): Promise<Customer | null> => {
  const jar = await cookies();
  const id = jar.get(CUSTOMER_ID_COOKIE)?.value;
  if (!id || !jar.get(CUSTOMER_TOKEN_COOKIE)) return null;
  const { data } = await (await buyerClient()).GET('/v1/customers/{id}', { params: { path: { id } } });
  return data?.data ?? null;
});
