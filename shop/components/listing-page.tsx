import type { components } from '@storefront-api/client';
import { pageWords } from '@/lib/locale';
import { ListingControls } from './listing-controls';
import { LocalLink as Link } from './local-link';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { RichText } from './rich-text';

type ProductPage = { data: components['schemas']['Product'][]; meta: { pagination: { total_items: number; total_pages: number } } };

/** A collection's or a category's page: title, description, sort and price filter, products, pages. */
export async function ListingPage({ title, description, path, kept, page, products }: {
  title: string; description?: string | null; path: string; kept: Record<string, string>; page: number; products: ProductPage;
}) {
  const words = await pageWords();
  return (
    <>
      <nav aria-label={words.breadcrumb} className="breadcrumb"><Link href="/">{words.home}</Link> › <span aria-current="page">{title}</span></nav>
      <h1>{title}</h1>
      <RichText html={description} />
      <ListingControls kept={kept} />
      <p className="result-count">{words.productCount(products.meta.pagination.total_items)}</p>
      <ProductGrid products={products.data} />
      <Pagination path={path} query={kept} page={page} totalPages={products.meta.pagination.total_pages} />
    </>
  );
}
