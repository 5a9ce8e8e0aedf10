import Link from 'next/link';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { currentCart } from '@/lib/cart';
import { siteUrl } from '@/lib/seo';
import { shopInfo } from '@/lib/store';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const shop = await shopInfo();
  return {
    metadataBase: new URL(await siteUrl()),
    title: { default: shop.name, template: `%s · ${shop.name}` },
    description: shop.description ?? `${shop.name}: shop online.`,
    openGraph: { siteName: shop.name, type: 'website' },
  };
}

// Every page reads the API when asked for (and the buyer's cookies): nothing is made at build time,
// when no API need be running.
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [shop, cart] = await Promise.all([shopInfo(), currentCart()]);
  const count = cart?.total_items ?? 0;
  return (
    <html lang={shop.lang}>
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <header className="site-header">
          <Link href="/" className="brand">{shop.name}</Link>
          <form action="/search" method="get" role="search" className="search-form">
            <label htmlFor="site-search" className="visually-hidden">Search products</label>
            <input id="site-search" type="search" name="q" placeholder="Search products" />
            <button type="submit">Search</button>
          </form>
          <nav aria-label="Your shop" className="site-nav">
            <Link href="/account">Account</Link>
            <Link href="/cart">Cart{count > 0 ? <span className="cart-count" aria-label={`, ${count} items`}>{count}</span> : null}</Link>
          </nav>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <nav aria-label="Shop information">
            <Link href="/blogs">Blog</Link>
            <Link href="/search">All products</Link>
          </nav>
          <p>© {shop.name}</p>
        </footer>
      </body>
    </html>
  );
}
