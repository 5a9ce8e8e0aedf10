import { KINDS, pathsOf, xmlEscape, xmlResponse } from '@/lib/sitemap';
import { siteUrl } from '@/lib/seo';

export const dynamic = 'force-dynamic';

/** One sitemap file: `products-3.xml` holds the third thousand products. */
export async function GET(_request: Request, { params }: { params: Promise<{ name: string }> }) {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec((await params).name);
  const kind = KINDS.find((candidate) => candidate === match?.[1]);
  if (!match || !kind) return new Response('Not found', { status: 404 });
  const base = await siteUrl();
  const rows = await pathsOf(kind, Number(match[2]));
  const home = kind === 'products' && match[2] === '1' ? [`  <url><loc>${xmlEscape(`${base}/`)}</loc></url>`] : [];
  const urls = rows.map((row) => `  <url><loc>${xmlEscape(base + row.path)}</loc>${row.updatedAt ? `<lastmod>${new Date(row.updatedAt * 1000).toISOString()}</lastmod>` : ''}</url>`);
  return xmlResponse(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...home, ...urls].join('\n')}\n</urlset>\n`);
}
