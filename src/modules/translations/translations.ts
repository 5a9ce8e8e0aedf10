import { FieldErrors } from '../../lib/problem.js';
import { sanitizeContent } from '../content/html.js';
import { PERMALINK_PATTERN } from '../catalog/permalinks.js';
import { LOCALE_PATTERN } from '../markets/locales.js';

// Translations of records' text fields (DESIGN.md §10): `{"fr": {"name": "Chapeau"}}`, held per record
// as JSON text. This file is the pure part: which fields each kind of record translates, how a write
// merges, and what a locale's text of a record is.

const LOCALE = new RegExp(LOCALE_PATTERN);
const PERMALINK = new RegExp(PERMALINK_PATTERN);

/** As many locales as a record may be translated into. */
export const MAX_LOCALES = 50;

export type TranslatableKind = 'product' | 'sku' | 'collection' | 'category' | 'blog' | 'post' | 'page' | 'shipping_rate';

/** Translations as a record holds them: locale → field → text. */
export type Translations = Record<string, Record<string, string>>;

/** What a write sends: a field set to null or `""` is removed, a locale set to null is removed. */
export type TranslationsWrite = Record<string, Record<string, string | null> | null>;

interface FieldRule {
  maxLength: number;
  /** Makes the text what is stored (content HTML is sanitised as the record's own is). */
  clean?: (text: string) => string;
}

const PERMALINK_RULE: FieldRule = { maxLength: 120 };
const seo = { meta_title: { maxLength: 255 }, meta_description: { maxLength: 1000 } };
const html = { maxLength: 1_000_000, clean: (text: string) => sanitizeContent(text) };

/** The fields each kind translates, with the limits of the record's own fields. */
export const translatableFields: Record<TranslatableKind, Record<string, FieldRule>> = {
  product: { name: { maxLength: 255 }, excerpt: { maxLength: 1000 }, description: { maxLength: 100_000 }, ...seo, permalink: PERMALINK_RULE },
  // A sku's name is its product's and its option values: a translated name replaces all of it.
  sku: { name: { maxLength: 255 }, permalink: PERMALINK_RULE },
  collection: { title: { maxLength: 255 }, description: { maxLength: 100_000 }, ...seo, permalink: PERMALINK_RULE },
  category: { title: { maxLength: 255 }, permalink: { maxLength: 255 } },
  blog: { title: { maxLength: 255 }, ...seo, permalink: PERMALINK_RULE },
  post: { title: { maxLength: 255 }, summary: { maxLength: 10_000 }, content: html, ...seo, permalink: PERMALINK_RULE },
  page: { title: { maxLength: 255 }, content: html, ...seo, permalink: PERMALINK_RULE },
  shipping_rate: { name: { maxLength: 255 } },
};

export function parseTranslations(text: string): Translations {
  return JSON.parse(text) as Translations;
}

/**
 * `current` with `sent` merged in: fields sent with text set, fields sent as null or `""` removed,
 * locales sent as null removed, the rest kept; a locale left with no field is removed. Faults are
 * added to `errors` under `translations[locale]` (a malformed locale, the store's own language) or
 * `translations[locale][field]` (a field the kind does not translate, text over its limit, a
 * malformed permalink); `member` names the translations when they are not the body's own
 * (`rates[0][translations]`).
 */
export function mergeTranslations(
  kind: TranslatableKind, current: Translations, sent: TranslationsWrite, baseLocale: string, errors: FieldErrors, member = 'translations',
): Translations {
  const rules = translatableFields[kind];
  // Maps, not objects: a key such as "__proto__" is data like any other.
  const result = new Map(Object.entries(current).map(([locale, fields]) => [locale, new Map(Object.entries(fields))]));
  for (const [locale, fields] of Object.entries(sent)) {
    const name = `${member}[${locale}]`;
    if (!LOCALE.test(locale)) {
      errors.add(name, 'invalid_format', 'must be a locale such as fr or fr-CA');
      continue;
    }
    if (locale === baseLocale) {
      errors.add(name, 'base_locale', "is the store's language: the record's own fields hold its text");
      continue;
    }
    if (fields === null) {
      result.delete(locale);
      continue;
    }
    const kept = result.get(locale) ?? new Map<string, string>();
    for (const [field, value] of Object.entries(fields)) {
      const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
      const fieldName = `${name}[${field}]`;
      if (!rule) {
        errors.add(fieldName, 'unknown_field', `is not a translatable field of a ${kind.replace('_', ' ')}; those are ${Object.keys(rules).join(', ')}`);
      } else if (value === null || value === '') {
        kept.delete(field);
      } else if (value.length > rule.maxLength) {
        errors.add(fieldName, 'invalid_length', `must be at most ${rule.maxLength} characters long`);
      } else if (field === 'permalink' && !PERMALINK.test(value)) {
        errors.add(fieldName, 'invalid_format', 'must be lowercase letters and digits joined by single hyphens');
      } else {
        kept.set(field, rule.clean ? rule.clean(value) : value);
      }
    }
    if (kept.size > 0) result.set(locale, kept);
    else result.delete(locale);
  }
  if (result.size > MAX_LOCALES) errors.add(member, 'too_many_locales', `would make more than ${MAX_LOCALES} locales`);
  return Object.fromEntries([...result].map(([locale, fields]) => [locale, Object.fromEntries(fields)]));
}

/** The translated permalinks of a record's translations. */
export function translatedPermalinks(translations: Translations): Array<{ locale: string; permalink: string }> {
  return Object.entries(translations).flatMap(([locale, fields]) => (fields.permalink ? [{ locale, permalink: fields.permalink }] : []));
}

/** A product's translated names and descriptions in every locale, as searches match them (tags left out). */
export function translatedWords(translations: Translations): string {
  return Object.values(translations)
    .flatMap((fields) => [fields.name, fields.description?.replace(/<[^>]*>/g, ' ')])
    .filter((text): text is string => text !== undefined)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A record's fields in `locale`: those of its language first (`fr` for `fr-CA`), then the locale's
 * own over them. Fields it lacks fall back to the record's own text.
 */
export function fieldsInLocale(translations: Translations, locale: string): Record<string, string> {
  const language = locale.slice(0, 2);
  return { ...(language !== locale ? translations[language] : undefined), ...translations[locale] };
}

/**
 * The store's locale an `Accept-Language` header asks for, or null: each language range in the order
 * of its weight (`q`), matched exactly first, then by language (`fr-CA` takes `fr`, `fr` takes
 * `fr-FR`). `*` and ranges weighted 0 match nothing.
 */
export function matchAcceptLanguage(header: string, locales: string[]): string | null {
  const ranges = header.split(',').flatMap((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const [language = '', region] = tag.trim().split('-');
    if (!/^[a-zA-Z]{2}$/.test(language) || !(weight > 0)) return [];
    const normalised = region ? `${language.toLowerCase()}-${region.toUpperCase()}` : language.toLowerCase();
    return [{ tag: normalised, language: language.toLowerCase(), weight, index }];
  }).sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    if (locales.includes(range.tag)) return range.tag;
    const sameLanguage = locales.filter((locale) => locale.slice(0, 2) === range.language);
    if (sameLanguage.length > 0) return sameLanguage.find((locale) => locale === range.language) ?? sameLanguage[0]!;
  }
  return null;
}

/** The translation members of a record's view: its translations, and the locale it is answered in once translated. */
export interface TranslationsView {
  translations: Translations;
  locale?: string;
}

/** A record's translations as its view shows them to staff (a storefront's answers drop them: translate.ts). */
export function translationsView(row: { translations: string }): TranslationsView {
  return { translations: parseTranslations(row.translations) };
}
