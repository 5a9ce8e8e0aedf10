import Link from 'next/link';
import type { components } from '@storefront-api/client';
import { ListingControls } from './listing-controls';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { RichText } from './rich-text';

type ProductPage = { data: components['schemas']['Product'][]; meta: { pagination: { total_items: number; total_pages: number } } };

/** A collection's or a category's page: title, description, sort and price filter, products, pages. */
export function ListingPage({ title, description, path, kept, page, products, currency }: {
  title: string; description?: string | null; path: string; kept: Record<string, string>; page: number; products: ProductPage; currency: string;
}) {
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link href="/">Home</Link> › <span aria-current="page">{title}</span></nav>
      <h1>{title}</h1>
      <RichText html={description} />
      <ListingControls kept={kept} />
      <p className="result-count">{products.meta.pagination.total_items} products</p>
      <ProductGrid products={products.data} currency={currency} />
      <Pagination path={path} query={kept} page={page} totalPages={products.meta.pagination.total_pages} />
    </>
  );
}
