'use server';

import { redirect } from 'next/navigation';
import { buyerClient } from '@/lib/api';
import { type CartBody, currentCart, writeCartIn } from '@/lib/cart';
import { localized } from '@/lib/locale';
import { buyerMarket } from '@/lib/market';
import { orGoBack } from '@/lib/problems';

/** Writes the buyer's cart in their market, making one on the first write; a refusal goes back to `from` with its words. */
async function writeCart(body: CartBody, from: string): Promise<void> {
  const [client, cart, buyer] = await Promise.all([buyerClient(), currentCart(), buyerMarket()]);
  await orGoBack(from, () => writeCartIn(client, cart, body, buyer.cart));
}

const quantityOf = (form: FormData) => Math.max(0, Math.min(100_000, Math.trunc(Number(form.get('quantity') ?? 1)) || 0));

/** "Add to cart" on a product page: the quantity asked for comes on top of what the cart has. */
export async function addToCart(form: FormData): Promise<void> {
  const skuId = String(form.get('sku_id') ?? '');
  const from = String(form.get('from') ?? '/cart');
  const inCart = (await currentCart())?.items.find((item) => item.sku_id === skuId)?.quantity ?? 0;
  await writeCart({ items: { [skuId]: inCart + Math.max(1, quantityOf(form)) } }, from);
  redirect(await localized('/cart'));
}

/** A new quantity for a line of the cart (0 removes it). */
export async function setQuantity(form: FormData): Promise<void> {
  await writeCart({ items: { [String(form.get('sku_id') ?? '')]: quantityOf(form) } }, '/cart');
  redirect(await localized('/cart'));
}

export async function applyDiscountCode(form: FormData): Promise<void> {
  const code = String(form.get('code') ?? '').trim();
  await writeCart({ discount_codes: code ? [code] : [] }, '/cart');
  redirect(await localized('/cart'));
}

export async function setGift(form: FormData): Promise<void> {
  const isGift = form.get('is_gift') === 'on';
  const message = String(form.get('gift_message') ?? '').trim();
  await writeCart({ is_gift: isGift, gift_message: isGift && message ? message : null }, '/cart');
  redirect(await localized('/cart'));
}
