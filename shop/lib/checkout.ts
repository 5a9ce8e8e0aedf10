import { cookies } from 'next/headers';
import { cache } from 'react';
import type { components } from '@storefront-api/client';
import { buyerClient, shopClient } from './api';

export type CheckoutEnvelope = { data: components['schemas']['Checkout']; meta: components['schemas']['CheckoutMeta'] };

/** The cookie naming the buyer's checkout (ord_…) while they fill it in. */
export const CHECKOUT_COOKIE = 'checkout_id';

/**
 * The cookie keeping the gift card codes the buyer entered on a checkout (httpOnly; JSON `{checkout,
 * codes}`): the API takes the whole list on every change and shows only each card's last four, so
 * adding a second card or removing one needs the codes the buyer typed before.
 */
export const GIFT_CARDS_COOKIE = 'gift_cards';

/** The codes entered on checkout `checkoutId` (none when the cookie is for another checkout, or gone). */
export async function enteredGiftCardCodes(checkoutId: string): Promise<string[]> {
  const raw = (await cookies()).get(GIFT_CARDS_COOKIE)?.value;
  if (!raw) return [];
  try {
    const kept = JSON.parse(raw) as { checkout?: unknown; codes?: unknown };
    return kept.checkout === checkoutId && Array.isArray(kept.codes) ? kept.codes.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/** A checkout by id, or null when it does not exist (a signed-in buyer's is read with their token: the API shows it to no one else). */
export async function checkoutById(id: string): Promise<CheckoutEnvelope | null> {
  const { data, response } = await (await buyerClient()).GET('/v1/checkouts/{id}', { params: { path: { id } } });
  if (response.status === 404) return null;
  if (!data) throw new Error(`The checkout could not be read (${response.status})`);
  return data;
}

/** The checkout the buyer is filling in, or null. Read once per request. */
export const currentCheckout = cache(async (): Promise<CheckoutEnvelope | null> => {
  const id = (await cookies()).get(CHECKOUT_COOKIE)?.value;
  return id ? checkoutById(id) : null;
});

/** The countries the shop ships to (or bills in), and a country's states, from the API's reference data. */
export const countries = cache(async () => {
  const { data } = await shopClient().GET('/v1/countries');
  return data?.data ?? { shipping_countries: [], billing_countries: [] };
});

export async function statesOf(countryCode: string): Promise<Array<{ code: string; name: string }>> {
  if (!/^[A-Z]{2}$/.test(countryCode)) return [];
  const { data } = await shopClient().GET('/v1/countries/{code}/states', { params: { path: { code: countryCode } } });
  return data?.data ?? [];
}
