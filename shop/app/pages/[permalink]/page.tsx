import type { Metadata } from 'next';
import { RichText } from '@/components/rich-text';
import { pageOf } from '@/lib/content';
import { recordPathIn } from '@/lib/catalogue';
import { requestLocale } from '@/lib/locale';
import { alternatesOf, plainText } from '@/lib/seo';

type Props = { params: Promise<{ permalink: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [page, locale] = await Promise.all([pageOf((await params).permalink), requestLocale()]);
  const alternates = await alternatesOf(recordPathIn('pages', page, locale));
  return {
    title: page.meta_title ?? page.title,
    description: page.meta_description ?? (plainText(page.content) || undefined),
    alternates,
    openGraph: { title: page.title, url: alternates.canonical },
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
