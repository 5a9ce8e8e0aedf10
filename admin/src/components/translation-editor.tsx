import { Grid, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { useCan } from '../lib/access';
import { languageLabel, languageName, useStoreLocales } from '../lib/locales';
import { notifyDone } from '../lib/notify';
import { useServerErrors } from '../lib/use-server-errors';
import { SaveButton } from './save-button';

/** A record's translations as staff reads carry them: locale → field → text. */
export type Translations = Record<string, Record<string, string | null | undefined> | null | undefined>;
/** What a save sends: per locale, each field changed (null removes it). */
export type TranslationsChange = { translations: Record<string, Record<string, string | null>> };

/** The text fields a record may translate, in the order a form shows them. */
const TRANSLATABLE = [
  { field: 'name', label: 'Name', long: false },
  { field: 'title', label: 'Title', long: false },
  { field: 'excerpt', label: 'Excerpt', long: true },
  { field: 'summary', label: 'Summary', long: true },
  { field: 'description', label: 'Description', long: true },
  { field: 'content', label: 'Body', long: true },
  { field: 'meta_title', label: 'Meta title', long: false },
  { field: 'meta_description', label: 'Meta description', long: true },
  { field: 'permalink', label: 'Permalink', long: false },
] as const;

type Field = (typeof TRANSLATABLE)[number]['field'];

/** The fields of `record` that translate: those of the list it has. */
export function translatableFields(record: object): Field[] {
  return TRANSLATABLE.filter(({ field }) => field in record).map(({ field }) => field);
}

/** The translations a staff read of a record carries (none before any is written). */
export function translationsOf(record: object): Translations {
  return ((record as { translations?: Translations | null }).translations ?? {}) as Translations;
}

/**
 * Which language staff edit a record in: the store's own (`base`, the record's form) or one of its
 * markets' (the record's translation in that locale). Shown only when the store has another locale.
 * `withBase` false offers the translations alone (a dialog that only translates).
 */
export function LanguageSwitcher({ value, onChange, withBase = true }: { value: string | null; onChange: (locale: string | null) => void; withBase?: boolean }) {
  const { base, translated } = useStoreLocales();
  if (!base || translated.length === 0) return null;
  const data = [
    ...(withBase ? [{ value: base, label: `${languageLabel(base)}: the base text` }] : []),
    ...translated.map((locale) => ({ value: locale, label: languageLabel(locale) })),
  ];
  return (
    <Select
      label="Language"
      size="sm"
      w={260}
      data={data}
      allowDeselect={false}
      value={value ?? base}
      onChange={(locale) => onChange(locale === base ? null : locale)}
    />
  );
}

/** A rich text editor for the `content` field (the content screens' own), else a textarea is used. */
export type RichEditor = (props: { label: string; value: string; onChange: (html: string) => void; readOnly: boolean; error?: ReactNode }) => ReactNode;

/**
 * A record's text in one translation locale: each field's base text, read-only, beside its
 * translation. Saving sends only the fields changed (an emptied one is removed: the storefront falls
 * back to the base text); the server's errors (`translations[fr][permalink]`) land beside the field.
 */
export function TranslationEditor({ record, locale, action, save, richEditor, fields = translatableFields(record), title }: {
  record: object;
  locale: string;
  /** What saving calls (`product.update`). */
  action: string;
  save: (change: TranslationsChange) => Promise<unknown>;
  richEditor?: RichEditor;
  fields?: readonly Field[];
  title?: string;
}) {
  const readOnly = !useCan().can(action);
  const { base } = useStoreLocales();
  const stored = () => Object.fromEntries(fields.map((field) => [field, translationsOf(record)[locale]?.[field] ?? ''])) as Record<string, string>;
  const form = useForm<Record<string, string>>({ initialValues: stored() });
  const problems = useServerErrors(form, ['translations'], (path) => path.split('.').slice(2).join('.') || path);
  // The record read again (saved here or elsewhere), or another locale chosen: the form shows it.
  useEffect(() => {
    problems.clear();
    form.setValues(stored());
    form.resetDirty(stored());
  }, [record, locale]);

  const submit = form.onSubmit(async (values) => {
    problems.clear();
    const before = stored();
    const changed = Object.fromEntries(
      fields.filter((field) => (values[field] ?? '') !== before[field]).map((field) => [field, (values[field] ?? '').trim() === '' ? null : values[field]!]),
    );
    try {
      await save({ translations: { [locale]: changed } });
      form.resetDirty(values);
      notifyDone(`${languageName(locale)} text saved`);
    } catch (error) {
      problems.show(error);
    }
  });

  const baseName = base ? languageName(base) : 'Base text';
  const language = languageName(locale);
  return (
    <form onSubmit={submit} noValidate aria-label={`${title ?? 'Translation'} in ${language}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {baseName} on the left, as the record’s form saves it; {language} on the right. An empty field shows the base text to buyers reading {language}.
        </Text>
        {fields.map((field) => {
          const { label, long } = TRANSLATABLE.find((candidate) => candidate.field === field)!;
          const baseText = String((record as Record<string, unknown>)[field] ?? '');
          const input = form.getInputProps(field);
          const rich = field === 'content' && richEditor;
          return (
            <Grid key={field} gap="md">
              <Grid.Col span={{ base: 12, md: 6 }}>
                {rich ? (
                  richEditor({ label: `${label} in ${baseName}`, value: baseText, onChange: () => undefined, readOnly: true })
                ) : long ? (
                  <Textarea label={`${label} in ${baseName}`} value={baseText} readOnly autosize minRows={2} maxRows={12} variant="filled" />
                ) : (
                  <TextInput label={`${label} in ${baseName}`} value={baseText} readOnly variant="filled" />
                )}
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                {rich ? (
                  richEditor({ label: `${label} in ${language}`, value: form.values[field] ?? '', onChange: (html) => form.setFieldValue(field, html), readOnly, error: form.errors[field] })
                ) : long ? (
                  <Textarea label={`${label} in ${language}`} autosize minRows={2} maxRows={12} readOnly={readOnly} placeholder={baseText} {...input} />
                ) : (
                  <TextInput label={`${label} in ${language}`} readOnly={readOnly} placeholder={baseText} {...input} />
                )}
              </Grid.Col>
            </Grid>
          );
        })}
        <Group justify="flex-end">
          <SaveButton action={action} saved dirty={form.isDirty()} saving={form.submitting} label={`Save ${language}`} message={problems.message} />
        </Group>
      </Stack>
    </form>
  );
}
