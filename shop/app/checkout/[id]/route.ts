import { NextResponse, type NextRequest } from 'next/server';
import { cookieOptions } from '@/lib/cart';
import { CHECKOUT_COOKIE, checkoutById } from '@/lib/checkout';
import { localized } from '@/lib/locale';
import { localePath } from '@/lib/locale-paths';
import { shopInfo } from '@/lib/store';

/**
 * The link of an abandoned-checkout mail (`/checkout/ord_…`): the buyer takes that checkout up where
 * they left it, on this browser or another, in the language they started it in; a placed one shows
 * its confirmation.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const checkout = /^ord_[0-9a-z]{26}$/.test(id) ? await checkoutById(id) : null;
  if (!checkout) return NextResponse.redirect(new URL(await localized('/cart'), request.url));
  const shop = await shopInfo();
  const locale = checkout.data.locale && shop.locales.includes(checkout.data.locale) ? checkout.data.locale : shop.lang;
  const inItsLanguage = (path: string) => new URL(localePath(path, locale, shop.lang), request.url);
  if (checkout.data.status !== 'created') return NextResponse.redirect(inItsLanguage(`/orders/${id}`));
  const response = NextResponse.redirect(inItsLanguage('/checkout'));
  response.cookies.set(CHECKOUT_COOKIE, id, cookieOptions);
  return response;
}
