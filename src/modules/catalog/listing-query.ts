import type { Static } from 'typebox';
import { commaList } from '../../http/types.js';
import type { CatalogFilter } from './catalog-filters.js';
import type { FacetName } from './facets.schemas.js';
import type { ProductListQuery } from './products.schemas.js';
import type { SkuListQuery } from './skus.schemas.js';

/**
 * The values an `options[name]` filter asks for: a list as sent (`options[color][]=red&…`), or one
 * value, whose commas separate several (`options[color]=red,blue`: what a generated client writes,
 * as a deepObject member holds no list). A value that holds a comma itself still matches as written.
 */
export function optionValues(values: string | string[]): string[] {
  if (Array.isArray(values)) return values;
  const parts = values.split(',').map((value) => value.trim()).filter((value) => value !== '');
  return parts.length > 1 ? [values, ...parts] : [values];
}

/** The facets a listing's query string asks for (`facets=vendor,price`); its pattern admits only their names. */
export function facetsOf(query: { facets?: string }): FacetName[] | undefined {
  return query.facets === undefined ? undefined : [...new Set(query.facets.split(',') as FacetName[])];
}

/** The filter a listing's query string asks for. */
export function catalogFilterOf(query: Omit<Static<typeof ProductListQuery>, 'category_id'>): CatalogFilter {
  return {
    active: query.active,
    published: query.published,
    listable: query.listable,
    priceMin: query.price?.min,
    priceMax: query.price?.max,
    options: query.options && Object.fromEntries(Object.entries(query.options).map(([name, values]) => [name, optionValues(values)])),
    vendors: query.vendor === undefined ? undefined : optionValues(query.vendor),
    tags: query.tags === undefined ? undefined : optionValues(query.tags),
    metadata: query.metadata,
    q: query.q,
    sortBy: query.sort_by,
  };
}

/** The filter of a sku listing's query string; `low-stock-first` is the one order products lack. */
export function skuFilterOf(query: Static<typeof SkuListQuery>) {
  const lowStockFirst = query.sort_by === 'low-stock-first';
  const sortBy = query.sort_by === 'low-stock-first' ? undefined : query.sort_by;
  return {
    ...catalogFilterOf({ ...query, sort_by: sortBy }),
    ids: commaList(query.id),
    permalinks: commaList(query.permalink),
    lowStock: query.low_stock,
    stockPolicy: query.stock_policy,
    lowStockFirst,
  };
}
