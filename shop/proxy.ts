import { createClient, type ChannelClient } from '@storefront-api/client';
import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_HEADER, PATH_HEADER, splitLocale } from './lib/locale-paths';
import { apiSettings } from './lib/settings';
import { keptShopInfo } from './lib/shop-info';

let reader: { client: ChannelClient; made: string } | undefined;

/** The client the proxy reads the store's languages with (again when the settings change: a test's servers, one after another). */
function storeReader(): ChannelClient {
  const current = apiSettings();
  const made = `${current.baseUrl} ${current.channelKey}`;
  if (reader?.made !== made) reader = { client: createClient({ ...current, retry: false }), made };
  return reader.client;
}

/**
 * The origin the browser asked (its Host, or a proxy's X-Forwarded-Host): the request's URL names the
 * one Next was started with, which is not always this server's (a second server in one process).
 */
function askedOrigin(request: NextRequest): string {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  const proto = request.headers.get('x-forwarded-proto') ?? request.nextUrl.protocol.replace(/:$/, '');
  return host ? `${proto}://${host}` : request.nextUrl.origin;
}

/**
 * One set of pages for every language: next.config.ts rewrites `/fr/products/mug` to the page
 * `/products/mug`, and the proxy tells that page its language in a request header, so a link, a form
 * and a server action's redirect each keep the prefix they were made with. The store's own language
 * has no prefix, and a prefix that is no language the store sells in leads to the page without it
 * (`/en/cart` and `/de/cart` to `/cart` in an English store selling in French). Every page is also
 * told the path asked for without its prefix (the language picker, hreflang).
 */
export async function proxy(request: NextRequest) {
  const forwarded = new Headers(request.headers);
  // Only the proxy names the language: a browser's own header would show a page in another one.
  forwarded.delete(LOCALE_HEADER);
  const { pathname, search } = request.nextUrl;
  const { locale, rest } = splitLocale(pathname);
  const shop = locale ? await keptShopInfo(storeReader()).catch(() => null) : null;
  if (locale && shop && (locale === shop.lang || !shop.locales.includes(locale))) {
    return NextResponse.redirect(new URL(`${rest}${search}`, askedOrigin(request)), 308);
  }
  if (locale && shop) forwarded.set(LOCALE_HEADER, locale);
  forwarded.set(PATH_HEADER, `${locale && shop ? rest : pathname}${search}`);
  return NextResponse.next({ request: { headers: forwarded } });
}

export const config = {
  // Next's own files need no language.
  matcher: ['/((?!_next/).*)'],
};
