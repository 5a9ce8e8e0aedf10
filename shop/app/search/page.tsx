import type { Metadata } from 'next';
import { ListingControls } from '@/components/listing-controls';
import { Pagination } from '@/components/pagination';
import { ProductGrid } from '@/components/product-grid';
import { shopClient } from '@/lib/api';
import { listingOf, PER_PAGE } from '@/lib/listing';
import { shopInfo } from '@/lib/store';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { q } = listingOf(await searchParams);
  // Result pages are not for search engines: the canonical listing is the shop's collections.
  return { title: q ? `Search: ${q}` : 'All products', robots: { index: false }, alternates: { canonical: '/search' } };
}

export default async function SearchPage({ searchParams }: Props) {
  const listing = listingOf(await searchParams);
  const shop = await shopInfo();
  const { data, response } = await shopClient().GET('/v1/products', {
    params: { query: { q: listing.q?.slice(0, 200), page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price } },
  });
  if (!data) throw new Error(`The search could not be made (${response.status})`);
  const total = data.meta.pagination.total_items;
  return (
    <>
      <h1>{listing.q ? `Results for “${listing.q}”` : 'All products'}</h1>
      <form method="get" role="search" className="search-again">
        <label htmlFor="search-q">Search</label>{' '}
        <input id="search-q" type="search" name="q" defaultValue={listing.q ?? ''} maxLength={200} />
        <button type="submit">Search</button>
      </form>
      <ListingControls kept={listing.kept} />
      <p className="result-count" role="status">{total === 0 && listing.q ? `Nothing matches “${listing.q}”. Try fewer or other words.` : `${total} products`}</p>
      <ProductGrid products={data.data} currency={shop.currency} />
      <Pagination path="/search" query={listing.kept} page={listing.page} totalPages={data.meta.pagination.total_pages} />
    </>
  );
}
