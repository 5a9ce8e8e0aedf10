import { unwrap } from '@storefront-api/client';
import { LocalLink as Link } from '@/components/local-link';
import { ProductGrid } from '@/components/product-grid';
import { catalogueClient } from '@/lib/customer';
import { pageWords } from '@/lib/locale';
import { inMarket } from '@/lib/market';
import { shopInfo } from '@/lib/store';

/** The home page: the collection named Featured (else the first one) and the other collections. */
export default async function Home() {
  const client = await catalogueClient();
  const [shop, market, words] = await Promise.all([shopInfo(), inMarket(), pageWords()]);
  const locale = { locale: market.locale };
  // Read by permalink: the list shows permalinks in the page's language, which may be translated.
  const [collections, named] = await Promise.all([
    client.GET('/v1/collections', { params: { query: { per_page: 20, ...locale } } }).then(unwrap),
    client.GET('/v1/collections/{id}', { params: { path: { id: 'featured' }, query: locale } }),
  ]);
  const featured = named.data?.data ?? collections.data[0];
  const products = featured
    ? unwrap(await client.GET('/v1/collections/{id}/products', { params: { path: { id: featured.id }, query: { per_page: 8, ...market } } })).data
    : unwrap(await client.GET('/v1/products', { params: { query: { per_page: 8, ...market } } })).data;
  return (
    <>
      <section className="hero">
        <h1>{shop.name}</h1>
        {shop.description ? <p>{shop.description}</p> : null}
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{featured?.title ?? words.newIn}</h2>
        <ProductGrid products={products} />
        {featured ? <p><Link href={`/collections/${featured.permalink}`}>{words.seeAllOf(featured.title)}</Link></p> : null}
      </section>
      {collections.data.length > 1 ? (
        <section aria-labelledby="collections-title">
          <h2 id="collections-title">{words.collections}</h2>
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
