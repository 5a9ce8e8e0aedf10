import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { addToCart } from '@/app/cart/actions';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { RichText } from '@/components/rich-text';
import { SubmitButton } from '@/components/submit-button';
import { recordOr404, shopClient } from '@/lib/api';
import { plainText, siteUrl } from '@/lib/seo';
import { money, shopInfo } from '@/lib/store';
import { optionChoices, stockState, type StockState } from '@/lib/variants';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const productOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/products/{id}', { params: { path: { id: permalink } } }), 'product'));

const STOCK_WORDS: Record<StockState, string> = { in_stock: 'In stock', low: 'Only a few left', sold_out: 'Sold out', backorder: 'On backorder: ships when restocked' };
const AVAILABILITY: Record<StockState, string> = { in_stock: 'InStock', low: 'LimitedAvailability', sold_out: 'OutOfStock', backorder: 'BackOrder' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await productOf((await params).permalink);
  const description = product.meta_description ?? (plainText(product.excerpt ?? product.description) || undefined);
  const url = `/products/${product.permalink}`;
  return {
    title: product.meta_title ?? product.name,
    description,
    alternates: { canonical: url },
    openGraph: { title: product.name, description, url, images: product.image_url ? [product.image_url] : undefined },
  };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const [{ permalink }, query, shop] = await Promise.all([params, searchParams, shopInfo()]);
  const product = await productOf(permalink);
  const skus = product.skus;
  const wanted = typeof query.sku === 'string' ? query.sku : product.sku_id;
  const sku = skus.find((candidate) => candidate.id === wanted) ?? skus.find((candidate) => candidate.id === product.sku_id) ?? skus[0];
  if (!sku) notFound();
  const stock = stockState(sku);
  const image = sku.image_url ?? product.image_url;
  const gallery = product.images.filter((picture) => picture.url !== image);
  const error = typeof query.error === 'string' ? query.error : undefined;
  const url = `${await siteUrl()}/products/${product.permalink}`;
  const jsonLd = [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: plainText(product.description, 5000) || undefined,
      image: image ?? undefined,
      sku: sku.code ?? sku.id,
      brand: product.vendor ? { '@type': 'Brand', name: product.vendor.name } : undefined,
      offers: skus.map((each) => ({
        '@type': 'Offer',
        url: `${url}?sku=${each.id}`,
        price: (each.price / 100).toFixed(2),
        priceCurrency: shop.currency,
        availability: `https://schema.org/${AVAILABILITY[stockState(each)]}`,
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: shop.name, item: `${await siteUrl()}/` },
        { '@type': 'ListItem', position: 2, name: product.name, item: url },
      ],
    },
  ];
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link href="/">Home</Link> › <span aria-current="page">{product.name}</span></nav>
      <article className="product">
        <div className="product-gallery">
          <ProductImage src={image} alt={sku.name} size={560} eager />
          {gallery.length > 0 ? (
            <ul className="thumbnails">
              {gallery.map((picture) => <li key={picture.url}><ProductImage src={picture.url} alt={`${product.name}, picture ${picture.position + 1}`} size={96} /></li>)}
            </ul>
          ) : null}
        </div>
        <div className="product-details">
          <h1>{product.name}</h1>
          {product.vendor ? <p className="vendor">{product.vendor.name}</p> : null}
          <p className="product-price"><Price price={sku.price} compared={sku.compared_price} currency={shop.currency} /></p>
          {optionChoices(product.modifiers, skus, sku).map((option) => (
            <fieldset key={option.name} className="variant-picker">
              <legend>{option.name.charAt(0).toUpperCase() + option.name.slice(1)}</legend>
              {option.choices.map((choice) => (
                <Link
                  key={choice.value}
                  href={`/products/${product.permalink}?sku=${choice.skuId}`}
                  replace
                  scroll={false}
                  aria-current={choice.selected ? 'true' : undefined}
                  className={choice.soldOut ? 'choice sold-out' : 'choice'}
                >
                  {choice.value}{choice.soldOut ? <span className="visually-hidden"> (sold out)</span> : null}
                </Link>
              ))}
            </fieldset>
          ))}
          <p className={`stock stock-${stock}`} role="status">{STOCK_WORDS[stock]}</p>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <form action={addToCart} className="add-to-cart">
            <input type="hidden" name="sku_id" value={sku.id} />
            <input type="hidden" name="from" value={`/products/${product.permalink}?sku=${sku.id}`} />
            <label>
              Quantity <input type="number" name="quantity" min={1} max={100} defaultValue={1} inputMode="numeric" />
            </label>
            <SubmitButton className="primary" pending="Adding…" disabled={stock === 'sold_out'}>{stock === 'sold_out' ? 'Sold out' : `Add to cart · ${money(sku.price, shop.currency)}`}</SubmitButton>
          </form>
          <RichText html={product.description} />
        </div>
      </article>
    </>
  );
}
