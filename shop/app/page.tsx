import Link from 'next/link';
import { unwrap } from '@storefront-api/client';
import { ProductGrid } from '@/components/product-grid';
import { shopClient } from '@/lib/api';
import { shopInfo } from '@/lib/store';

/** The home page: the collection named Featured (else the first one) and the other collections. */
export default async function Home() {
  const client = shopClient();
  const [shop, collections] = await Promise.all([shopInfo(), client.GET('/v1/collections', { params: { query: { per_page: 20 } } }).then(unwrap)]);
  const featured = collections.data.find((collection) => collection.permalink === 'featured') ?? collections.data[0];
  const products = featured
    ? unwrap(await client.GET('/v1/collections/{id}/products', { params: { path: { id: featured.id }, query: { per_page: 8 } } })).data
    : unwrap(await client.GET('/v1/products', { params: { query: { per_page: 8 } } })).data;
  return (
    <>
      <section className="hero">
        <h1>{shop.name}</h1>
        {shop.description ? <p>{shop.description}</p> : null}
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{featured?.title ?? 'New in'}</h2>
        <ProductGrid products={products} currency={shop.currency} />
        {featured ? <p><Link href={`/collections/${featured.permalink}`}>See all of {featured.title}</Link></p> : null}
      </section>
      {collections.data.length > 1 ? (
        <section aria-labelledby="collections-title">
          <h2 id="collections-title">Collections</h2>
          <ul className="chips">
            {collections.data.map((collection) => (
              <li key={collection.id}><Link href={`/collections/${collection.permalink}`}>{collection.title}</Link></li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
