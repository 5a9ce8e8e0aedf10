import { useAllMarkets } from '../api/markets';
import { useStore } from '../api/store';
import { useCan } from './access';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A locale in words, with its code: `French (fr)`, `French (Belgium) (fr-BE)`. */
export function languageName(locale: string): string {
  let name: string | undefined;
  try {
    name = languageNames.of(locale);
  } catch {
    name = undefined;
  }
  return name && name !== locale ? `${name} (${locale})` : locale;
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
