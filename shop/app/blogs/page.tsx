import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { unwrap } from '@storefront-api/client';
import { LocalLink as Link } from '@/components/local-link';
import { shopClient } from '@/lib/api';
import { localized, requestLocale } from '@/lib/locale';
import { alternatesOf } from '@/lib/seo';

export async function generateMetadata(): Promise<Metadata> {
  return { title: 'Blogs', alternates: await alternatesOf(() => '/blogs') };
}

/** The shop's blogs; a shop with one blog goes straight to it. */
export default async function BlogsPage() {
  const blogs = unwrap(await shopClient().GET('/v1/blogs', { params: { query: { per_page: 50, locale: await requestLocale() } } })).data;
  if (blogs.length === 1) redirect(await localized(`/blogs/${blogs[0]!.permalink}`));
  return (
    <>
      <h1>Blogs</h1>
      {blogs.length === 0 ? <p className="empty">Nothing written yet.</p> : (
        <ul className="post-list">{blogs.map((blog) => <li key={blog.id}><Link href={`/blogs/${blog.permalink}`}>{blog.title}</Link></li>)}</ul>
      )}
    </>
  );
}
