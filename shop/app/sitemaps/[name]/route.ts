import { shopClient } from '@/lib/api';
import { localePath } from '@/lib/locale-paths';
import { KINDS, pathsOf, xmlEscape, xmlResponse } from '@/lib/sitemap';
import { siteUrl } from '@/lib/seo';
import { keptShopInfo } from '@/lib/shop-info';

export const dynamic = 'force-dynamic';

/**
 * One sitemap file: `products-3.xml` holds the third thousand products, each at its URL in every
 * language the store sells in, which name one another as alternates (hreflang, x-default the store's own).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec((await params).name);
  const kind = KINDS.find((candidate) => candidate === match?.[1]);
  if (!match || !kind) return new Response('Not found', { status: 404 });
  const [base, shop] = await Promise.all([siteUrl(), keptShopInfo(shopClient())]);
  const n = Number(match[2]);
  const perLocale = await Promise.all(shop.locales.map(async (locale) => new Map((await pathsOf(kind, n, locale)).map((row) => [row.id, row]))));
  const records = [...perLocale[0]!.values()];
  const pages = records.map((record) => ({
    updatedAt: record.updatedAt,
    urls: shop.locales.map((locale, i) => [locale, base + localePath(perLocale[i]!.get(record.id)?.path ?? record.path, locale, shop.lang)] as const),
  }));
  if (kind === 'products' && n === 1) pages.unshift({ updatedAt: 0, urls: shop.locales.map((locale) => [locale, base + localePath('/', locale, shop.lang)] as const) });
  const entries = pages.flatMap(({ updatedAt, urls }) => {
    const alternates = urls.length < 2 ? '' : [...urls, ['x-default', urls[0]![1]] as const]
      .map(([locale, url]) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${xmlEscape(url)}"/>`).join('');
    const lastmod = updatedAt ? `<lastmod>${new Date(updatedAt * 1000).toISOString()}</lastmod>` : '';
    return urls.map(([, url]) => `  <url><loc>${xmlEscape(url)}</loc>${lastmod}${alternates}</url>`);
  });
  return xmlResponse(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`);
}
