'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { localePath, splitLocale } from '@/lib/locale-paths';

/**
 * The header's language picker: the page being read, in each language the store sells in. The
 * header is made once and kept as the buyer moves between pages, so the links follow the browser's
 * address; without JavaScript every page comes whole, links made for it.
 */
export function LanguageLinks({ label, lang, current, languages }: { label: string; lang: string; current: string; languages: Array<{ locale: string; name: string }> }) {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const { locale, rest } = splitLocale(pathname);
  const path = `${locale && languages.some((each) => each.locale === locale) ? rest : pathname}${query ? `?${query}` : ''}`;
  return (
    <nav aria-label={label} className="language-picker">
      <ul>
        {languages.map((each) => (
          <li key={each.locale}>
            <a href={localePath(path, each.locale, lang)} hrefLang={each.locale} lang={each.locale} aria-current={each.locale === current ? 'true' : undefined}>{each.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
