'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { moveCart } from '@/lib/cart';
import { localized, requestPath } from '@/lib/locale';
import { COUNTRY_COOKIE } from '@/lib/market';

/**
 * The header's country picker: the country is kept in a cookie for a year, and the buyer's cart moves
 * to its market (a new cart with the same items when the currency differs: a cart keeps its currency).
 */
export async function chooseCountry(form: FormData): Promise<void> {
  const code = String(form.get('country_code') ?? '');
  if (/^[A-Z]{2}$/.test(code)) {
    (await cookies()).set(COUNTRY_COOKIE, code, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 365 });
    await moveCart({ country_code: code });
  }
  // Back to the page the form was sent from (its URL is the action's), in its language.
  redirect(await localized(await requestPath()));
}
