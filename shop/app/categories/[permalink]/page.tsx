import type { Metadata } from 'next';
import { ListingPage } from '@/components/listing-page';
import { categoryOf, recordPathIn } from '@/lib/catalogue';
import { catalogueClient } from '@/lib/customer';
import { FACETS, filterQuery, listingOf, PER_PAGE } from '@/lib/listing';
import { requestLocale } from '@/lib/locale';
import { inMarket, marketCurrency } from '@/lib/market';
import { alternatesOf } from '@/lib/seo';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [category, locale] = await Promise.all([categoryOf((await params).permalink), requestLocale()]);
  const alternates = await alternatesOf(recordPathIn('categories', category, locale));
  return { title: category.title, alternates, openGraph: { title: category.title, url: alternates.canonical } };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { permalink } = await params;
  const [category, market, currency] = await Promise.all([categoryOf(permalink), inMarket(), marketCurrency()]);
  const listing = listingOf(await searchParams, currency);
  const { data, response } = await (await catalogueClient()).GET('/v1/categories/{id}/products', {
    params: { path: { id: category.id }, query: {
      page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price, q: listing.q, ...filterQuery(listing.filters), facets: FACETS, ...market,
    } },
  });
  if (!data) throw new Error(`The products could not be read (${response.status})`);
  return (
    <ListingPage title={category.title} path={`/categories/${category.permalink}`}
      kept={listing.kept} filters={listing.filters} currency={currency} page={listing.page} products={data} />
  );
}
