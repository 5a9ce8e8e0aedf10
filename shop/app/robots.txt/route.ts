import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-dynamic';

/** Crawlers may read the catalogue and content, not the buyer's own pages nor the API and dashboard. */
export async function GET() {
  const lines = ['User-agent: *', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /account', 'Disallow: /orders/', 'Disallow: /search', 'Disallow: /admin', 'Disallow: /v1/', '', `Sitemap: ${await siteUrl()}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
