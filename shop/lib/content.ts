import { cache } from 'react';
import { recordOr404, shopClient } from './api';
import { requestLocale } from './locale';

/** Pages, blogs and posts in the page's language (the API falls back to the base text field by field). */
export const pageOf = cache(async (permalink: string) => recordOr404(shopClient().GET('/v1/pages/{id}', { params: { path: { id: permalink }, query: { locale: await requestLocale() } } }), 'page'));
export const blogOf = cache(async (permalink: string) => recordOr404(shopClient().GET('/v1/blogs/{id}', { params: { path: { id: permalink }, query: { locale: await requestLocale() } } }), 'blog'));
export const postOf = cache(async (permalink: string) => recordOr404(shopClient().GET('/v1/posts/{id}', { params: { path: { id: permalink }, query: { locale: await requestLocale() } } }), 'post'));

/** A date as the buyer reads it: `28 November 2026`, `28 novembre 2026`. */
export function longDate(unixSeconds: number | null, locale = 'en-GB'): string {
  return unixSeconds === null ? '' : new Date(unixSeconds * 1000).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
