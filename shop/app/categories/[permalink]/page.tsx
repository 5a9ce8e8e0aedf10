import type { Metadata } from 'next';
import { cache } from 'react';
import { ListingPage } from '@/components/listing-page';
import { recordOr404, shopClient } from '@/lib/api';
import { listingOf, PER_PAGE } from '@/lib/listing';
import { shopInfo } from '@/lib/store';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const categoryOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/categories/{id}', { params: { path: { id: permalink } } }), 'category'));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const category = await categoryOf((await params).permalink);
  return { title: category.title, alternates: { canonical: `/categories/${category.permalink}` }, openGraph: { title: category.title, url: `/categories/${category.permalink}` } };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { permalink } = await params;
  const listing = listingOf(await searchParams);
  const [category, shop] = await Promise.all([categoryOf(permalink), shopInfo()]);
  const { data, response } = await shopClient().GET('/v1/categories/{id}/products', {
    params: { path: { id: category.id }, query: { page: listing.page, per_page: PER_PAGE, sort_by: listing.sort, price: listing.price, q: listing.q } },
  });
  if (!data) throw new Error(`The products could not be read (${response.status})`);
  return (
    <ListingPage title={category.title} path={`/categories/${category.permalink}`}
      kept={listing.kept} page={listing.page} products={data} currency={shop.currency} />
  );
}
