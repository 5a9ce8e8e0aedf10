import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { addToCart } from '@/app/cart/actions';
import { LocalLink as Link } from '@/components/local-link';
import { Price } from '@/components/price';
import { ProductImage } from '@/components/product-image';
import { RichText } from '@/components/rich-text';
import { SubmitButton } from '@/components/submit-button';
import { productOf, recordPathIn } from '@/lib/catalogue';
import { localized, moneyFormat, pageWords, requestLocale } from '@/lib/locale';
import { alternatesOf, plainText, siteUrl } from '@/lib/seo';
import { decimalAmount, shopInfo } from '@/lib/store';
import { optionChoices, stockState, type StockState } from '@/lib/variants';

type Props = { params: Promise<{ permalink: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const AVAILABILITY: Record<StockState, string> = { in_stock: 'InStock', low: 'LimitedAvailability', sold_out: 'OutOfStock', backorder: 'BackOrder' };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [product, locale] = await Promise.all([productOf((await params).permalink), requestLocale()]);
  const description = product.meta_description ?? (plainText(product.excerpt ?? product.description) || undefined);
  const alternates = await alternatesOf(recordPathIn('products', product, locale));
  return {
    title: product.meta_title ?? product.name,
    description,
    alternates,
    openGraph: { title: product.name, description, url: alternates.canonical, images: product.image_url ? [product.image_url] : undefined },
  };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const [{ permalink }, query, shop, words, money] = await Promise.all([params, searchParams, shopInfo(), pageWords(), moneyFormat()]);
  const product = await productOf(permalink);
  const skus = product.skus;
  const wanted = typeof query.sku === 'string' ? query.sku : product.sku_id;
  const sku = skus.find((candidate) => candidate.id === wanted) ?? skus.find((candidate) => candidate.id === product.sku_id) ?? skus[0];
  if (!sku) notFound();
  const stock = stockState(sku);
  const image = sku.image_url ?? product.image_url;
  const gallery = product.images.filter((picture) => picture.url !== image);
  const error = typeof query.error === 'string' ? query.error : undefined;
  const base = await siteUrl();
  const url = `${base}${await localized(`/products/${product.permalink}`)}`;
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
        price: decimalAmount(each.price, product.currency),
        priceCurrency: product.currency,
        availability: `https://schema.org/${AVAILABILITY[stockState(each)]}`,
      })),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: shop.name, item: `${base}${await localized('/')}` },
        { '@type': 'ListItem', position: 2, name: product.name, item: url },
      ],
    },
  ];
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <nav aria-label={words.breadcrumb} className="breadcrumb"><Link href="/">{words.home}</Link> › <span aria-current="page">{product.name}</span></nav>
      <article className="product">
        <div className="product-gallery">
          <ProductImage src={image} alt={sku.name} size={560} eager />
          {gallery.length > 0 ? (
            <ul className="thumbnails">
              {gallery.map((picture) => <li key={picture.url}><ProductImage src={picture.url} alt={words.picture(product.name, picture.position + 1)} size={96} /></li>)}
            </ul>
          ) : null}
        </div>
        <div className="product-details">
          <h1>{product.name}</h1>
          {product.vendor ? <p className="vendor">{product.vendor.name}</p> : null}
          <p className="product-price"><Price price={sku.price} compared={sku.compared_price} currency={product.currency} /></p>
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
                  {choice.value}{choice.soldOut ? <span className="visually-hidden">{words.soldOutChoice}</span> : null}
                </Link>
              ))}
            </fieldset>
          ))}
          <p className={`stock stock-${stock}`} role="status">{words.stock[stock]}</p>
          {error ? <p className="form-error" role="alert">{error}</p> : null}
          <form action={addToCart} className="add-to-cart">
            <input type="hidden" name="sku_id" value={sku.id} />
            <input type="hidden" name="from" value={`/products/${product.permalink}?sku=${sku.id}`} />
            <label>
              {words.quantity} <input type="number" name="quantity" min={1} max={100} defaultValue={1} inputMode="numeric" />
            </label>
            <SubmitButton className="primary" pending={words.adding} disabled={stock === 'sold_out'}>{stock === 'sold_out' ? words.soldOut : words.addToCart(money(sku.price, product.currency))}</SubmitButton>
          </form>
          <RichText html={product.description} />
        </div>
      </article>
    </>
  );
}
