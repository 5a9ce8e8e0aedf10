import { useAllMarkets } from '../api/markets';
import { useStore } from '../api/store';
import { useCan } from './access';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A locale in words: `French`, `French (Belgium)`; its code when the browser has no name for it. */
export function languageName(locale: string): string {
  try {
    return languageNames.of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** A locale in words with its code, for a picker: `French (fr)`. */
export function languageLabel(locale: string): string {
  const name = languageName(locale);
  return name === locale ? locale : `${name} (${locale})`;
}

/**
 * The store's locales, as the API matches a reader's language against them: its base language
 * (`store.lang`, the language of every record's own text) and every active market's locales, the
 * translations staff can write. A role that may not read markets sees the base language alone.
 */
export function useStoreLocales(): { base: string | null; translated: string[] } {
  const store = useStore();
  const { can } = useCan();
  const markets = useAllMarkets(can('market.read'));
  const base = store.data?.lang ?? null;
  const translated = [...new Set((markets.data ?? []).filter((market) => market.is_active).flatMap((market) => market.locales))].filter((locale) => locale !== base);
  return { base, translated };
}
