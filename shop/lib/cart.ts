import { cookies } from 'next/headers';
import { cache } from 'react';
import { StorefrontProblem, unwrap, type ChannelClient, type components } from '@storefront-api/client';
import { buyerClient, shopClient } from './api';
import type { BuyerMarket } from './market';

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

export type CartBody = { items?: Record<string, number>; discount_codes?: string[]; is_gift?: boolean; gift_message?: string | null };
type Where = Partial<BuyerMarket['cart']>;

/** Whether the API refused to move a cart to a market of another currency. */
const currencyLocked = (error: unknown) =>
  error instanceof StorefrontProblem && (error.code === 'currency_locked' || error.problem.errors?.some((field) => field.code === 'currency_locked') === true);

/**
 * A new cart in `where` with what `cart` holds, its cookie set: how a cart changes currency (a cart
 * keeps its own). Items not sold in the new market are left behind. Answers the new cart's id.
 */
async function remakeCart(cart: Cart, where: Where): Promise<string> {
  const client = await buyerClient();
  let items = Object.fromEntries(cart.items.map((item) => [item.sku_id, item.quantity]));
  const body = {
    ...where,
    source_name: 'web',
    discount_codes: cart.discount_codes.flatMap((discount) => (discount.code ? [discount.code] : [])),
    is_gift: cart.is_gift,
    gift_message: cart.gift_message,
  };
  let made = await client.POST('/v1/carts', { body: { ...body, items } });
  const unsold = (made.error?.errors ?? []).flatMap((field) => /^items\[(.+)\]$/.exec(field.field)?.[1] ?? []);
  if (unsold.length > 0) {
    items = Object.fromEntries(Object.entries(items).filter(([skuId]) => !unsold.includes(skuId)));
    made = await client.POST('/v1/carts', { body: { ...body, items } });
  }
  const { id } = unwrap(made).data;
  (await cookies()).set(CART_COOKIE, id, cookieOptions);
  return id;
}

/** Writes `body` to the buyer's cart in `where` (their market and language), making one on the first write. */
export async function writeCartIn(client: ChannelClient, cart: Cart | null, body: CartBody, where: Where): Promise<void> {
  if (!cart) {
    const made = unwrap(await client.POST('/v1/carts', { body: { ...body, ...where, source_name: 'web' } })).data;
    (await cookies()).set(CART_COOKIE, made.id, cookieOptions);
    return;
  }
  try {
    unwrap(await client.PUT('/v1/carts/{id}', { params: { path: { id: cart.id } }, body: { ...body, ...where } }));
  } catch (error) {
    if (!currencyLocked(error)) throw error;
    // The buyer's market has another currency than the cart's: the cart starts again in it.
    const remade = await remakeCart(cart, where);
    if (Object.keys(body).length > 0) unwrap(await client.PUT('/v1/carts/{id}', { params: { path: { id: remade } }, body }));
  }
}

/**
 * Makes the buyer's cart, made as a guest, theirs once they sign in with `token`: the API then
 * prices it for them (a member's group prices) and keeps it from anyone without their token. A cart
 * that is another customer's (a shared browser) is forgotten: the buyer starts a cart of their own.
 */
export async function claimCart(token: string): Promise<void> {
  const jar = await cookies();
  const id = jar.get(CART_COOKIE)?.value;
  if (!id) return;
  const { response } = await shopClient().withCustomerToken(token).PUT('/v1/carts/{id}', { params: { path: { id } }, body: {} });
  if (response.status === 404) jar.delete(CART_COOKIE);
}

/** Moves the buyer's cart (when they have one) to the market of the country they chose. */
export async function moveCart(where: Where): Promise<void> {
  const [client, cart] = await Promise.all([buyerClient(), currentCart()]);
  if (cart) await writeCartIn(client, cart, {}, where);
}

