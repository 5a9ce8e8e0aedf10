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
 * One set of pages for every language: `/fr/products/mug` is the page `/products/mug`, told its
 * language in a request header, so a link, a form and a server action's redirect each keep the
 * prefix they were made with. The store's own language has no prefix (`/en/cart` leads to `/cart`);
 * a prefix that is no language the store sells in is left alone, and no page answers it (404).
 * Every page is also told the path asked for without its prefix (the language picker, hreflang).
 */
export async function proxy(request: NextRequest) {
  const forwarded = new Headers(request.headers);
  // Only the proxy names the language: a browser's own header would show a page in another one.
  forwarded.delete(LOCALE_HEADER);
  const { pathname, search } = request.nextUrl;
  const { locale, rest } = splitLocale(pathname);
  const shop = locale ? await keptShopInfo(storeReader()).catch(() => null) : null;
  if (!locale || !shop || !shop.locales.includes(locale)) {
    forwarded.set(PATH_HEADER, `${pathname}${search}`);
    return NextResponse.next({ request: { headers: forwarded } });
  }
  if (locale === shop.lang) return NextResponse.redirect(new URL(`${rest}${search}`, request.url), 308);
  forwarded.set(LOCALE_HEADER, locale);
  forwarded.set(PATH_HEADER, `${rest}${search}`);
  const url = request.nextUrl.clone();
  url.pathname = rest;
  return NextResponse.rewrite(url, { request: { headers: forwarded } });
}

export const config = {
  // Next's own files need no language.
  matcher: ['/((?!_next/).*)'],
};
