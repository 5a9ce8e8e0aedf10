import { headers } from 'next/headers';
import { requestLocale } from './locale';
import { localePath } from './locale-paths';
import { shopInfo } from './store';

/**
 * The shop's public address, for canonical links, Open Graph and the sitemap: STOREFRONT_SHOP_URL
 * when set (behind a proxy or a CDN), else the address the request came to.
 */
export async function siteUrl(): Promise<string> {
  const configured = process.env.STOREFRONT_SHOP_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const sent = await headers();
  const host = sent.get('x-forwarded-host') ?? sent.get('host') ?? '127.0.0.1';
  const proto = sent.get('x-forwarded-proto') ?? 'http';
  return `${proto}://${host}`;
}

/** Text for a meta description: tags dropped, spaces joined, cut at a word near 160 characters. */
export function plainText(html: string | null | undefined, max = 160): string {
  const text = (html ?? '').replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return `${text.slice(0, text.lastIndexOf(' ', max - 1) > 0 ? text.lastIndexOf(' ', max - 1) : max - 1)}…`;
}

/**
 * A page's canonical path in the page's language, and (when the store sells in more than one) its
 * path in each language for hreflang, `x-default` being the store's own. `pathIn` is the page's path
 * in a language, unprefixed: a record's permalink may be translated.
 */
export async function alternatesOf(pathIn: (locale: string) => string | Promise<string>): Promise<{ canonical: string; languages?: Record<string, string> }> {
  const [shop, locale] = await Promise.all([shopInfo(), requestLocale()]);
  const canonical = localePath(await pathIn(locale), locale, shop.lang);
  if (shop.locales.length < 2) return { canonical };
  const paths = await Promise.all(shop.locales.map(async (each) => [each, each === locale ? canonical : localePath(await pathIn(each), each, shop.lang)] as const));
  const languages = Object.fromEntries(paths);
  return { canonical, languages: { ...languages, 'x-default': languages[shop.lang]! } };
}
