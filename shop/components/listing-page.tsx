import type { components } from '@storefront-api/client';
import { listingHref, type ListingFilters } from '@/lib/listing';
import { pageWords } from '@/lib/locale';
import { ActiveFilters, ListingControls } from './listing-controls';
import { LocalLink as Link } from './local-link';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { RichText } from './rich-text';

type ProductPage = {
  data: components['schemas']['Product'][];
  meta: { pagination: { total_items: number; total_pages: number }; facets?: components['schemas']['Facets'] };
};

/**
 * A collection's or a category's page: title, description, sort and filters (brands, options and
 * price with their counts), products, pages; when the filters leave nothing, a way back.
 */
export async function ListingPage({ title, description, path, kept, filters, currency, page, products }: {
  title: string; description?: string | null; path: string; kept: Array<[string, string]>; filters: ListingFilters; currency: string;
  page: number; products: ProductPage;
}) {
  const words = await pageWords();
  const total = products.meta.pagination.total_items;
  const filtered = kept.some(([key]) => key !== 'sort' && key !== 'q');
  return (
    <>
      <nav aria-label={words.breadcrumb} className="breadcrumb"><Link href="/">{words.home}</Link> › <span aria-current="page">{title}</span></nav>
      <h1>{title}</h1>
      <RichText html={description} />
      <div className="listing">
        <ListingControls kept={kept} facets={products.meta.facets} filters={filters} currency={currency} />
        <div className="listing-results">
          <ActiveFilters path={path} kept={kept} />
          <p className="result-count" role="status">{words.productCount(total)}</p>
          {total === 0 && filtered ? (
            <p className="empty-state">{words.nothingMatchesFilters} <Link href={listingHref(path, kept, (key) => key !== 'sort' && key !== 'q')}>{words.clearFilters}</Link></p>
          ) : <ProductGrid products={products.data} />}
        </div>
      </div>
      <Pagination path={path} query={kept} page={page} totalPages={products.meta.pagination.total_pages} />
    </>
  );
}
