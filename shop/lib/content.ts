import { cache } from 'react';
import { recordOr404, shopClient } from './api';

export const pageOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/pages/{id}', { params: { path: { id: permalink } } }), 'page'));
export const blogOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/blogs/{id}', { params: { path: { id: permalink } } }), 'blog'));
export const postOf = cache((permalink: string) => recordOr404(shopClient().GET('/v1/posts/{id}', { params: { path: { id: permalink } } }), 'post'));

/** A date as the buyer reads it: `28 November 2026`. */
export function longDate(unixSeconds: number | null, locale = 'en-GB'): string {
  return unixSeconds === null ? '' : new Date(unixSeconds * 1000).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
