import type { Executor } from '../../db/database.js';
import { pipelined } from '../../db/pipeline.js';
import type { ProductRow, TagRow, VendorRow } from '../../db/types.js';
import { groupBy } from '../../lib/group-by.js';
import { loadSkuPricing } from '../markets/sku-prices.js';
import { metadataView, type MetadataView } from '../../lib/metadata.js';
import { translationsView, type TranslationsView } from '../translations/translations.js';
import type { ResolvedImage } from './images.js';
import * as repo from './products.repo.js';
import { findSkusOfProducts } from './skus.repo.js';
import { skuView, type SkuView } from './skus.view.js';

export interface ProductView extends MetadataView, TranslationsView {
  id: string;
  object: 'product';
  permalink: string;
  name: string;
  excerpt: string | null;
  description: string | null;
  modifiers: string[];
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  vendor: ReturnType<typeof vendorView> | null;
  tags: ReturnType<typeof tagView>[];
  sku_id: string | null;
  skus: SkuView[];
  images: Array<ResolvedImage & { object: 'image'; position: number }>;
  available_at: number | null;
  price: number;
  compared_price: number | null;
  /** The currency of the prices: the store's, or the market's the product is read in. */
  currency: string;
  image_url: string | null;
  hidden_on: string[];
  is_active: boolean;
  category_ids: string[];
  collection_ids: string[];
  created_at: number;
  updated_at: number;
}

function vendorView(row: VendorRow) {
  return {
    id: row.id,
    object: 'vendor' as const,
    permalink: row.permalink,
    name: row.name,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function tagView(row: TagRow) {
  return { id: row.id, object: 'tag' as const, permalink: row.permalink, title: row.title, created_at: row.created_at, updated_at: row.updated_at };
}

/**
 * A product as a storefront is shown it: which sales channels hide it is staff's business (a
 * storefront only ever sees products its own channel shows, so its own id is never in the list).
 */
export function storefrontProductView<T extends Pick<ProductView, 'hidden_on'>>(view: T): T {
  return view.hidden_on.length === 0 ? view : { ...view, hidden_on: [] };
}

/**
 * Product views for several rows, loading their skus, vendors, tags and memberships in one query
 * each (never one per product). With `listableOnly`, `skus` holds only the listable skus.
 */
export async function productViews(db: Executor, rows: ProductRow[], options: { listableOnly?: boolean } = {}): Promise<ProductView[]> {
  const ids = rows.map((r) => r.id);
  const vendorIds = [...new Set(rows.map((r) => r.vendor_id).filter((v): v is string => v !== null))];
  const [skus, vendors, tags, categories, collections, pricingOf] = await pipelined(db, (piped) => Promise.all([
    findSkusOfProducts(piped, ids),
    repo.findVendors(piped, vendorIds),
    repo.findProductTags(piped, ids),
    repo.findProductCategoryIds(piped, ids),
    repo.findProductCollectionIds(piped, ids),
    loadSkuPricing(piped, ids, 'products'),
  ]));
  const skusByProduct = groupBy(skus, 'product_id');
  const vendorById = new Map(vendors.map((v) => [v.id, v]));
  const tagsByProduct = groupBy(tags, 'product_id');
  const categoriesByProduct = groupBy(categories, 'product_id');
  const collectionsByProduct = groupBy(collections, 'product_id');

  return rows.map((row) => {
    const modifiers = JSON.parse(row.modifiers) as string[];
    const owner = { name: row.name, modifiers };
    const own = skusByProduct.get(row.id) ?? [];
    const defaultSku = own.find((s) => s.id === row.default_sku_id);
    const images = (JSON.parse(row.images) as ResolvedImage[]).map((image, position) => ({ object: 'image' as const, ...image, position }));
    const vendor = row.vendor_id ? vendorById.get(row.vendor_id) : undefined;
    return {
      id: row.id,
      object: 'product',
      permalink: row.permalink,
      name: row.name,
      excerpt: row.excerpt,
      description: row.description,
      modifiers,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      meta_keywords: row.meta_keywords,
      vendor: vendor ? vendorView(vendor) : null,
      tags: (tagsByProduct.get(row.id) ?? []).map(tagView),
      sku_id: row.default_sku_id,
      skus: own.filter((s) => !options.listableOnly || s.is_listable === 1).map((s) => skuView(s, owner, pricingOf(s.id))),
      images,
      available_at: row.available_at,
      price: defaultSku?.price ?? 0,
      compared_price: defaultSku?.compared_price ?? null,
      currency: pricingOf('').currency,
      image_url: images[0]?.url ?? defaultSku?.image_url ?? null,
      hidden_on: JSON.parse(row.hidden_on) as string[],
      is_active: row.is_active === 1,
      category_ids: (categoriesByProduct.get(row.id) ?? []).map((c) => c.category_id),
      collection_ids: (collectionsByProduct.get(row.id) ?? []).map((c) => c.collection_id),
      ...metadataView(row),
      ...translationsView(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

export async function productView(db: Executor, row: ProductRow): Promise<ProductView> {
  const [view] = await productViews(db, [row]);
  return view!;
}
