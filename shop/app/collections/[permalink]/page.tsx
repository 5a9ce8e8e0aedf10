import type { Metadata } from 'next';
import { cache } from 'react';
import { ListingPage } from '@/components/listing-page';
import { recordOr404, shopClient } from '@/lib/api';
import { listingOf, PER_PAGE } from '@/lib/listing';
import { plainText } from '@/lib/seo';
import { shopInfo } from '@/lib/store';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const collectionOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/collections/{id}', { params: { path: { id: permalink } } }), 'collection'));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const collection = await collectionOf((await params).permalink);
  const description = collection.meta_description ?? plainText(collection.description);
  return {
    title: collection.meta_title ?? collection.title,
    description: description || undefined,
    alternates: { canonical: `/collections/${collection.permalink}` },
    openGraph: { title: collection.title, url: `/collections/${collection.permalink}`, images: collection.image_url ? [collection.image_url] : undefined },
  };
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const { permalink } = await params;
  const listing = listingOf(await searchParams);
  const [collection, shop] = await Promise.all([collectionOf(permalink), shopInfo()]);
  const { data, response } = await shopClient().GET('/v1/collections/{id}/products', {
    params: { path: { id: collection.id }, query: { page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price, q: listing.q } },
  });
  if (!data) throw new Error(`The products could not be read (${response.status})`);
  return (
    <ListingPage title={collection.title} description={collection.description} path={`/collections/${collection.permalink}`}
      kept={listing.kept} page={listing.page} products={data} currency={shop.currency} />
  );
}
