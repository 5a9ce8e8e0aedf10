import { headers } from 'next/headers';

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
