import type { components } from '@storefront-api/client';
import { pageWords } from '@/lib/locale';
import { LocalLink as Link } from './local-link';
import { Price } from './price';
import { ProductImage } from './product-image';

type Product = components['schemas']['Product'];

/** Products as cards, priced in the currency the API answered in; the first row's pictures load at once (they are above the fold), the rest lazily. */
export async function ProductGrid({ products }: { products: Product[] }) {
  const words = await pageWords();
  if (products.length === 0) return <p className="empty">{words.noProducts}</p>;
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product.id} className="product-card">
          <Link href={`/products/${product.permalink}`}>
            <ProductImage src={product.image_url} alt={product.name} size={320} eager={index < 4} />
            <span className="product-name">{product.name}</span>
          </Link>
          <Price price={product.price} compared={product.compared_price} currency={product.currency} />
        </li>
      ))}
    </ul>
  );
}
