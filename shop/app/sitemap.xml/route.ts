import { countOf, KINDS, URLS_PER_FILE, xmlEscape, xmlResponse } from '@/lib/sitemap';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-dynamic';

/** The sitemap index: one file per thousand products, collections, pages and posts (the files are /sitemaps/{kind}-{n}.xml). */
export async function GET() {
  const base = await siteUrl();
  const counts = await Promise.all(KINDS.map(countOf));
  const files = KINDS.flatMap((kind, i) => Array.from({ length: Math.max(1, Math.ceil(counts[i]! / URLS_PER_FILE)) }, (_, n) => `${base}/sitemaps/${kind}-${n + 1}.xml`));
  const body = files.map((url) => `  <sitemap><loc>${xmlEscape(url)}</loc></sitemap>`).join('\n');
  return xmlResponse(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`);
}
