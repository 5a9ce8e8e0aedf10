import { shopClient } from '@/lib/api';
import { localePath } from '@/lib/locale-paths';
import { siteUrl } from '@/lib/seo';
import { keptShopInfo } from '@/lib/shop-info';

export const dynamic = 'force-dynamic';

/** The buyer's own pages, in every language: not for crawlers. */
const PRIVATE = ['/cart', '/checkout', '/account', '/orders/', '/search'];

/** Crawlers may read the catalogue and content, not the buyer's own pages nor the API and dashboard. */
export async function GET() {
  const shop = await keptShopInfo(shopClient());
  const disallowed = shop.locales.flatMap((locale) => PRIVATE.map((path) => `Disallow: ${localePath(path, locale, shop.lang)}`));
  const lines = ['User-agent: *', ...disallowed, 'Disallow: /admin', 'Disallow: /v1/', '', `Sitemap: ${await siteUrl()}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
