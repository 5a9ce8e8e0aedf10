import type { Metadata } from 'next';
import { ListingControls } from '@/components/listing-controls';
import { Pagination } from '@/components/pagination';
import { ProductGrid } from '@/components/product-grid';
import { catalogueClient } from '@/lib/customer';
import { listingOf, PER_PAGE } from '@/lib/listing';
import { pageWords } from '@/lib/locale';
import { inMarket, marketCurrency } from '@/lib/market';
import { alternatesOf } from '@/lib/seo';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [query, words] = await Promise.all([searchParams, pageWords()]);
  const { q } = listingOf(query, 'USD');
  // Result pages are not for search engines: the canonical listing is the shop's collections.
  return { title: q ? words.searchTitle(q) : words.allProducts, robots: { index: false }, alternates: await alternatesOf(() => '/search') };
}

export default async function SearchPage({ searchParams }: Props) {
  const [market, currency, words] = await Promise.all([inMarket(), marketCurrency(), pageWords()]);
  const listing = listingOf(await searchParams, currency);
  const { data, response } = await (await catalogueClient()).GET('/v1/products', {
    params: { query: { q: listing.q?.slice(0, 200), page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price, ...market } },
  });
  if (!data) throw new Error(`The search could not be made (${response.status})`);
  const total = data.meta.pagination.total_items;
  return (
    <>
      <h1>{listing.q ? words.resultsFor(listing.q) : words.allProducts}</h1>
      <form method="get" role="search" className="search-again">
        <label htmlFor="search-q">{words.search}</label>{' '}
        <input id="search-q" type="search" name="q" defaultValue={listing.q ?? ''} maxLength={200} />
        <button type="submit">{words.search}</button>
      </form>
      <ListingControls kept={listing.kept} />
      <p className="result-count" role="status">{total === 0 && listing.q ? words.nothingMatches(listing.q) : words.productCount(total)}</p>
      <ProductGrid products={data.data} />
      <Pagination path="/search" query={listing.kept} page={listing.page} totalPages={data.meta.pagination.total_pages} />
    </>
  );
}
