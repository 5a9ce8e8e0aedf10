import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { LocalLink as Link } from '@/components/local-link';
import { RichText } from '@/components/rich-text';
import { blogOf, longDate, postOf } from '@/lib/content';
import { requestLocale } from '@/lib/locale';
import { alternatesOf, plainText } from '@/lib/seo';

type Props = { params: Promise<{ blog: string; post: string }> };

/** The post, when it belongs to the blog of the URL. */
async function postIn(params: Props['params']) {
  const { blog: blogPermalink, post: postPermalink } = await params;
  const [blog, post] = await Promise.all([blogOf(blogPermalink), postOf(postPermalink)]);
  if (post.blog_id !== blog.id) notFound();
  return { blog, post };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { blog, post } = await postIn(params);
  // Blogs and posts are linked to in the page's language; their permalinks elsewhere are not read.
  const alternates = await alternatesOf(() => `/blogs/${blog.permalink}/${post.permalink}`);
  const description = post.meta_description ?? (plainText(post.summary ?? post.content) || undefined);
  return {
    title: post.meta_title ?? post.title,
    description,
    alternates,
    openGraph: { type: 'article', title: post.title, description, url: alternates.canonical, images: post.image_url ? [post.image_url] : undefined },
  };
}

export default async function PostPage({ params }: Props) {
  const { blog, post } = await postIn(params);
  return (
    <article className="content-page">
      <nav aria-label="Breadcrumb" className="breadcrumb"><Link href={`/blogs/${blog.permalink}`}>{blog.title}</Link></nav>
      <h1>{post.title}</h1>
      <p className="muted">{longDate(post.published_at, await requestLocale())}</p>
      {post.image_url ? <img src={post.image_url} alt="" width={960} height={540} className="post-image" /> : null}
      <RichText html={post.content} />
    </article>
  );
}
