import type { Metadata } from 'next';
import { ListingPage } from '@/components/listing-page';
import { collectionOf, recordPathIn } from '@/lib/catalogue';
import { catalogueClient } from '@/lib/customer';
import { FACETS, filterQuery, listingOf, PER_PAGE } from '@/lib/listing';
import { requestLocale } from '@/lib/locale';
import { inMarket, marketCurrency } from '@/lib/market';
import { alternatesOf, plainText } from '@/lib/seo';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [collection, locale] = await Promise.all([collectionOf((await params).permalink), requestLocale()]);
  const description = collection.meta_description ?? plainText(collection.description);
  const alternates = await alternatesOf(recordPathIn('collections', collection, locale));
  return {
    title: collection.meta_title ?? collection.title,
    description: description || undefined,
    alternates,
    openGraph: { title: collection.title, url: alternates.canonical, images: collection.image_url ? [collection.image_url] : undefined },
  };
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const { permalink } = await params;
  const [collection, market, currency] = await Promise.all([collectionOf(permalink), inMarket(), marketCurrency()]);
  const listing = listingOf(await searchParams, currency);
  const { data, response } = await (await catalogueClient()).GET('/v1/collections/{id}/products', {
    params: { path: { id: collection.id }, query: {
      page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price, q: listing.q, ...filterQuery(listing.filters), facets: FACETS, ...market,
    } },
  });
  if (!data) throw new Error(`The products could not be read (${response.status})`);
  return (
    <ListingPage title={collection.title} description={collection.description} path={`/collections/${collection.permalink}`}
      kept={listing.kept} filters={listing.filters} currency={currency} page={listing.page} products={data} />
  );
}
