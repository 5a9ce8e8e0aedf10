import type { Metadata } from 'next';
import { unwrap } from '@storefront-api/client';
import { LocalLink as Link } from '@/components/local-link';
import { Pagination } from '@/components/pagination';
import { shopClient } from '@/lib/api';
import { blogOf, longDate } from '@/lib/content';
import { requestLocale } from '@/lib/locale';
import { alternatesOf } from '@/lib/seo';

type Props = { params: Promise<{ blog: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const blog = await blogOf((await params).blog);
  return { title: blog.meta_title ?? blog.title, description: blog.meta_description ?? undefined, alternates: await alternatesOf(() => `/blogs/${blog.permalink}`) };
}

export default async function BlogPage({ params, searchParams }: Props) {
  const blog = await blogOf((await params).blog);
  const locale = await requestLocale();
  const page = Math.max(1, Math.trunc(Number((await searchParams).page)) || 1);
  const posts = unwrap(await shopClient().GET('/v1/posts', { params: { query: { blog_id: blog.id, page, per_page: 12, locale } } }));
  return (
    <>
      <h1>{blog.title}</h1>
      {posts.data.length === 0 ? <p className="empty">No posts yet.</p> : (
        <ul className="post-list">
          {posts.data.map((post) => (
            <li key={post.id}>
              <h2><Link href={`/blogs/${blog.permalink}/${post.permalink}`}>{post.title}</Link></h2>
              <p className="muted">{longDate(post.published_at, locale)}</p>
              {post.summary ? <p>{post.summary}</p> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination path={`/blogs/${blog.permalink}`} query={[]} page={page} totalPages={posts.meta.pagination.total_pages} />
    </>
  );
}
