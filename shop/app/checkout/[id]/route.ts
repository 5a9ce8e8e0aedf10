import { NextResponse, type NextRequest } from 'next/server';
import { cookieOptions } from '@/lib/cart';
import { CHECKOUT_COOKIE, checkoutById } from '@/lib/checkout';

/**
 * The link of an abandoned-checkout mail (`/checkout/ord_…`): the buyer takes that checkout up where
 * they left it, on this browser or another; a placed one shows its confirmation.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const checkout = /^ord_[0-9a-z]{26}$/.test(id) ? await checkoutById(id) : null;
  if (!checkout) return NextResponse.redirect(new URL('/cart', request.url));
  if (checkout.data.status !== 'created') return NextResponse.redirect(new URL(`/orders/${id}`, request.url));
  const response = NextResponse.redirect(new URL('/checkout', request.url));
  response.cookies.set(CHECKOUT_COOKIE, id, cookieOptions);
  return response;
}
