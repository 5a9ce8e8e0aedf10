import { cookies } from 'next/headers';
import { cache } from 'react';
import type { components } from '@storefront-api/client';
import { buyerClient } from './api';

export type Cart = components['schemas']['Cart'];

/** The cookie naming the buyer's cart (crt_…): the cart id is the buyer's secret, as a session is. */
export const CART_COOKIE = 'cart_id';

export const cookieOptions = { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 30 } as const;

/** The buyer's cart, or null when they have none (or it is gone). Read once per request. */
export const currentCart = cache(async (): Promise<Cart | null> => {
  const id = (await cookies()).get(CART_COOKIE)?.value;
  if (!id) return null;
  const { data } = await (await buyerClient()).GET('/v1/carts/{id}', { params: { path: { id } } });
  return data?.data ?? null;
});
