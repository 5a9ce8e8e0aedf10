import { Type } from 'typebox';
import { Nullable } from '../../http/common-schemas.js';
import { LOCALE_PATTERN } from '../markets/locales.js';
import { MAX_LOCALES } from './translations.js';

/**
 * Translations (DESIGN.md §10) as a write sends them. The locales, fields and lengths are checked by
 * the service, which names each fault `translations[fr][name]` (translations.ts).
 */
export const TranslationsWrite = Type.Record(Type.String(), Nullable(Type.Record(Type.String(), Nullable(Type.String()))), {
  title: 'TranslationsWrite',
  maxProperties: MAX_LOCALES * 2,
  description: '`{"fr": {"name": "Chapeau"}}`: locale (fr, fr-CA) → translated text fields of the record. A write merges per '
    + 'locale and field: a field sent as null or "" is removed, a locale sent as null is removed, the rest stays. '
    + 'The fields are those of the record among name/title, excerpt, summary, description, content, meta_title, '
    + 'meta_description and permalink; the store\'s own language is refused (the record\'s fields hold it).',
});

/** Translations as staff's answers hold them: never a null. */
const StoredTranslations = Type.Record(Type.String(), Type.Record(Type.String(), Type.String()), {
  title: 'Translations',
  description: "locale → the record's translated text fields; staff's answers read without `locale` carry it, storefronts' never",
});

/** The members of a translatable record's view. */
export const translationFields = {
  translations: Type.Optional(StoredTranslations),
  locale: Type.Optional(Type.String({ description: 'the locale the text fields are in, when the read asked for one; fields it lacks are the record\'s own' })),
};

/** The member a translatable record's create and update take. */
export const translationsInput = { translations: Type.Optional(TranslationsWrite) };

/** The query parameter of every read of translatable records. */
export const localeQuery = {
  locale: Type.Optional(Type.String({
    pattern: LOCALE_PATTERN,
    description: 'answer the text fields in this locale (fr, fr-CA), field by field falling back to the record\'s own text; '
      + 'without it, a storefront\'s Accept-Language is matched against the store\'s locales',
  })),
};

/** The query of a read of one translatable record. */
export const LocaleQuery = Type.Object(localeQuery);
