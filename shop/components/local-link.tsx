import Link from 'next/link';
import type { ComponentProps } from 'react';
import { localized } from '@/lib/locale';

/** A link to a page of the shop in the page's language: `/cart` leads to `/fr/cart` from a French page. */
export async function LocalLink({ href, ...props }: Omit<ComponentProps<typeof Link>, 'href'> & { href: string }) {
  return <Link href={await localized(href)} {...props} />;
}
