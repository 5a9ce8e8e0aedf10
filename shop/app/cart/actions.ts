'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { unwrap } from '@storefront-api/client';
import { buyerClient } from '@/lib/api';
import { CART_COOKIE, cookieOptions, currentCart } from '@/lib/cart';
import { orGoBack } from '@/lib/problems';

type CartBody = { items?: Record<string, number>; discount_codes?: string[]; is_gift?: boolean; gift_message?: string | null };

/** Writes the buyer's cart, making one on the first write; a refusal goes back to `from` with its words. */
async function writeCart(body: CartBody, from: string): Promise<void> {
  const client = await buyerClient();
  const cart = await currentCart();
  await orGoBack(from, async () => {
    if (cart) {
      unwrap(await client.PUT('/v1/carts/{id}', { params: { path: { id: cart.id } }, body }));
    } else {
      const made = unwrap(await client.POST('/v1/carts', { body: { ...body, source_name: 'web' } })).data;
      (await cookies()).set(CART_COOKIE, made.id, cookieOptions);
    }
  });
}

const quantityOf = (form: FormData) => Math.max(0, Math.min(100_000, Math.trunc(Number(form.get('quantity') ?? 1)) || 0));

/** "Add to cart" on a product page: the quantity asked for comes on top of what the cart has. */
export async function addToCart(form: FormData): Promise<void> {
  const skuId = String(form.get('sku_id') ?? '');
  const from = String(form.get('from') ?? '/cart');
  const inCart = (await currentCart())?.items.find((item) => item.sku_id === skuId)?.quantity ?? 0;
  await writeCart({ items: { [skuId]: inCart + Math.max(1, quantityOf(form)) } }, from);
  redirect('/cart');
}

/** A new quantity for a line of the cart (0 removes it). */
export async function setQuantity(form: FormData): Promise<void> {
  await writeCart({ items: { [String(form.get('sku_id') ?? '')]: quantityOf(form) } }, '/cart');
  redirect('/cart');
}

export async function applyDiscountCode(form: FormData): Promise<void> {
  const code = String(form.get('code') ?? '').trim();
  await writeCart({ discount_codes: code ? [code] : [] }, '/cart');
  redirect('/cart');
}

export async function setGift(form: FormData): Promise<void> {
  const isGift = form.get('is_gift') === 'on';
  const message = String(form.get('gift_message') ?? '').trim();
  await writeCart({ is_gift: isGift, gift_message: isGift && message ? message : null }, '/cart');
  redirect('/cart');
}
