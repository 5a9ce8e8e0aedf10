import type { Metadata } from 'next';
import { RichText } from '@/components/rich-text';
import { pageOf } from '@/lib/content';
import { plainText } from '@/lib/seo';

type Props = { params: Promise<{ permalink: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await pageOf((await params).permalink);
  return {
    title: page.meta_title ?? page.title,
    description: page.meta_description ?? (plainText(page.content) || undefined),
    alternates: { canonical: `/pages/${page.permalink}` },
    openGraph: { title: page.title, url: `/pages/${page.permalink}` },
  };
}

export default async function ContentPage({ params }: Props) {
  const page = await pageOf((await params).permalink);
  return (
    <article className="content-page">
      <h1>{page.title}</h1>
      <RichText html={page.content} />
    </article>
  );
}
