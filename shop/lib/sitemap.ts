import { unwrap } from '@storefront-api/client';
import { shopClient } from './api';

/** URLs per sitemap file: well under the protocol's 50,000, so one file is a few API pages. */
export const URLS_PER_FILE = 1000;
const PER_PAGE = 250;

type Kind = 'products' | 'collections' | 'categories' | 'pages' | 'posts';

/** How many of a kind the storefront sees (one row read, for its total). */
export async function countOf(kind: Kind): Promise<number> {
  const client = shopClient();
  const query = { params: { query: { per_page: 1 } } };
  const answer = kind === 'products' ? await client.GET('/v1/products', query)
    : kind === 'collections' ? await client.GET('/v1/collections', query)
    : kind === 'categories' ? await client.GET('/v1/categories', query)
    : kind === 'pages' ? await client.GET('/v1/pages', query)
    : await client.GET('/v1/posts', query);
  return unwrap(answer).meta.pagination.total_items;
}

/** The paths of file `n` (from 1) of a kind in `locale` (unprefixed: permalinks may be translated), with their record's id and last change. */
export async function pathsOf(kind: Kind, n: number, locale: string): Promise<Array<{ id: string; path: string; updatedAt: number }>> {
  const client = shopClient();
  const first = (n - 1) * (URLS_PER_FILE / PER_PAGE) + 1;
  const pages = Array.from({ length: URLS_PER_FILE / PER_PAGE }, (_, i) => first + i);
  if (kind === 'posts') {
    const blogs = new Map(unwrap(await client.GET('/v1/blogs', { params: { query: { per_page: 250, locale } } })).data.map((blog) => [blog.id, blog.permalink]));
    const posts = await Promise.all(pages.map((page) => client.GET('/v1/posts', { params: { query: { page, per_page: PER_PAGE, locale } } }).then(unwrap)));
    return posts.flatMap((list) => list.data).map((post) => ({ id: post.id, path: `/blogs/${blogs.get(post.blog_id)}/${post.permalink}`, updatedAt: post.updated_at }));
  }
  const read = (page: number) => {
    const query = { params: { query: { page, per_page: PER_PAGE, locale } } };
    if (kind === 'products') return client.GET('/v1/products', query).then(unwrap);
    if (kind === 'collections') return client.GET('/v1/collections', query).then(unwrap);
    if (kind === 'categories') return client.GET('/v1/categories', query).then(unwrap);
    return client.GET('/v1/pages', query).then(unwrap);
  };
  const lists = await Promise.all(pages.map(read));
  return lists.flatMap((list) => list.data as Array<{ id: string; permalink: string; updated_at?: number }>).map((row) => ({
    id: row.id,
    path: `/${kind}/${row.permalink}`,
    updatedAt: row.updated_at ?? 0,
  }));
}

export const KINDS: Kind[] = ['products', 'collections', 'categories', 'pages', 'posts'];

export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
