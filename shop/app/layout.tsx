import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { LocalLink as Link } from '@/components/local-link';
import { MarketPickers } from '@/components/market-pickers';
import { currentCart } from '@/lib/cart';
import { localized, pageWords, requestLocale, requestPath } from '@/lib/locale';
import { alternatesOf, siteUrl } from '@/lib/seo';
import { shopInfo } from '@/lib/store';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const [shop, path] = await Promise.all([shopInfo(), requestPath()]);
  return {
    metadataBase: new URL(await siteUrl()),
    title: { default: shop.name, template: `%s · ${shop.name}` },
    description: shop.description ?? `${shop.name}: shop online.`,
    openGraph: { siteName: shop.name, type: 'website' },
    // The page in each language; a record's page names its own (its permalink may be translated).
    alternates: await alternatesOf(() => new URL(path, 'http://shop.invalid').pathname),
  };
}

// Every page reads the API when asked for (and the buyer's cookies): nothing is made at build time,
// when no API need be running.
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [shop, cart, locale, words] = await Promise.all([shopInfo(), currentCart(), requestLocale(), pageWords()]);
  const count = cart?.total_items ?? 0;
  return (
    <html lang={locale}>
      <body>
        <a className="skip-link" href="#main">{words.skipToContent}</a>
        <header className="site-header">
          <Link href="/" className="brand">{shop.name}</Link>
          <form action={await localized('/search')} method="get" role="search" className="search-form">
            <label htmlFor="site-search" className="visually-hidden">{words.searchProducts}</label>
            <input id="site-search" type="search" name="q" placeholder={words.searchProducts} />
            <button type="submit">{words.search}</button>
          </form>
          <nav aria-label={words.yourShop} className="site-nav">
            <Link href="/account">{words.account}</Link>
            <Link href="/cart">{words.cart}{count > 0 ? <span className="cart-count" aria-label={words.itemsInCart(count)}>{count}</span> : null}</Link>
          </nav>
          <MarketPickers />
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <nav aria-label={words.shopInformation}>
            <Link href="/blogs">{words.blog}</Link>
            <Link href="/search">{words.allProducts}</Link>
            <Link href="/gift-cards/balance">{words.giftCardBalance.title}</Link>
          </nav>
          <p>© {shop.name}</p>
        </footer>
      </body>
    </html>
  );
}
