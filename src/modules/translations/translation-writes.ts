import type { Executor } from '../../db/database.js';
import { FieldErrors } from '../../lib/problem.js';
import { findStore } from '../store/stores.repo.js';
import * as repo from './translated-permalinks.repo.js';
import {
  mergeTranslations, parseTranslations, translatedPermalinks, type TranslatableKind, type Translations, type TranslationsWrite,
} from './translations.js';

/** The member a record's create and update take. */
export interface TranslationsInput {
  translations?: TranslationsWrite;
}

/**
 * The `translations` column a write of `input` makes of a record (`id`) holding `current` (`'{}'` for a
 * new one): empty when the write sends none. Faults are added to `errors` (mergeTranslations); a
 * translated permalink another record of the kind holds in that locale, or holds as its own, is
 * `translations[locale][permalink]` `taken`; without `errors`, faults are thrown at once. Call
 * keepTranslatedPermalinks once the record is written.
 * @throws Problem validation_failed, when no `errors` collects the faults.
 */
export async function translationChanges(
  db: Executor, kind: TranslatableKind, id: string, current: string, input: TranslationsInput, errors?: FieldErrors,
): Promise<{ translations?: string }> {
  const sent = input.translations;
  if (sent === undefined || Object.keys(sent).length === 0) return {};
  const faults = errors ?? new FieldErrors();
  const baseLocale = (await findStore(db))?.lang ?? 'en';
  const before = parseTranslations(current);
  const merged = mergeTranslations(kind, before, sent, baseLocale, faults);
  if (repo.hasPermalinks(kind)) await checkPermalinks(db, kind, id, before, merged, faults);
  if (!errors) faults.throwIfAny();
  return { translations: JSON.stringify(merged) };
}

async function checkPermalinks(
  db: Executor, kind: repo.PermalinkKind, id: string, before: Translations, merged: Translations, errors: FieldErrors,
): Promise<void> {
  for (const { locale, permalink } of translatedPermalinks(merged)) {
    if (before[locale]?.permalink === permalink) continue;
    const holder = await repo.findPermalinkHolder(db, kind, locale, permalink);
    // Translated permalinks of deleted records are left behind by the delete (any kind, a product's
    // skus with it) and forgotten when another record asks for them.
    if (holder !== undefined && holder !== id && !(await repo.recordExists(db, kind, holder))) {
      await repo.deletePermalink(db, kind, locale, permalink);
    } else if ((holder !== undefined && holder !== id) || (await repo.isBasePermalinkTaken(db, kind, permalink, id))) {
      errors.add(`translations[${locale}][permalink]`, 'taken', 'is already taken');
    }
  }
}

/** Writes a record's translated permalinks after its `translations` changed (nothing when `changes` holds none). */
export async function keepTranslatedPermalinks(db: Executor, kind: TranslatableKind, id: string, changes: { translations?: string }): Promise<void> {
  if (changes.translations === undefined || !repo.hasPermalinks(kind)) return;
  await repo.replacePermalinks(db, kind, id, translatedPermalinks(parseTranslations(changes.translations)));
}

/** The `translations` column of a new record (`id`) made from `input`; faults are handled as by translationChanges. */
export async function newTranslations(
  db: Executor, kind: TranslatableKind, id: string, input: TranslationsInput, errors?: FieldErrors,
): Promise<{ translations: string }> {
  return { translations: '{}', ...(await translationChanges(db, kind, id, '{}', input, errors)) };
}
