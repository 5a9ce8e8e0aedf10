import { cache } from 'react';
import { recordOr404, shopClient } from './api';
import { catalogueClient } from './customer';
import { inMarket } from './market';

/** The catalogue's records as the buyer's pages show them: in their market (its prices, what it sells) and language. */
export const productOf = cache(async (permalink: string) =>
  recordOr404((await catalogueClient()).GET('/v1/products/{id}', { params: { path: { id: permalink }, query: await inMarket() } }), 'product'));

export const collectionOf = cache(async (permalink: string) =>
  recordOr404(shopClient().GET('/v1/collections/{id}', { params: { path: { id: permalink }, query: { locale: (await inMarket()).locale } } }), 'collection'));

export const categoryOf = cache(async (permalink: string) =>
  recordOr404(shopClient().GET('/v1/categories/{id}', { params: { path: { id: permalink }, query: { locale: (await inMarket()).locale } } }), 'category'));

/**
 * A record's permalink in another language (its page's address there, for hreflang): translated
 * permalinks differ per language. Read outside any market: a permalink is the same in all of them.
 */
export const permalinkIn = cache(async (kind: 'products' | 'collections' | 'categories' | 'pages', id: string, locale: string): Promise<string | null> => {
  const client = shopClient();
  const query = { params: { path: { id }, query: { locale } } };
  const answer = kind === 'products' ? await client.GET('/v1/products/{id}', query)
    : kind === 'collections' ? await client.GET('/v1/collections/{id}', query)
    : kind === 'categories' ? await client.GET('/v1/categories/{id}', query)
    : await client.GET('/v1/pages/{id}', query);
  return answer.data?.data.permalink ?? null;
});

/** The hreflang paths of a record's page: `/products/{its permalink in each language}`. */
export function recordPathIn(kind: 'products' | 'collections' | 'categories' | 'pages', record: { id: string; permalink: string }, pageLocale: string) {
  return async (locale: string) => `/${kind}/${locale === pageLocale ? record.permalink : (await permalinkIn(kind, record.id, locale)) ?? record.permalink}`;
}
