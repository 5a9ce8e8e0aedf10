import { Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Page, PageBody, Post, PostBody } from '../../../api/content';
import { MetadataSection } from '../../../components/metadata-section';
import { LanguageSwitcher, TranslationEditor } from '../../../components/translation-editor';
import { formatTime } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { ConfirmDelete } from './confirm-delete';
import { ContentForm } from './content-form';
import { RichTextField } from './rich-text-field';

type Handlers = { onSuccess?: () => void; onError?: (error: unknown) => void };

/** The mutations the editor drives, as useUpdatePost / useDeletePost (and the page ones) give them. */
interface Writes {
  update: { mutate: (body: PostBody & PageBody, handlers: Handlers) => void; isPending: boolean };
  remove: { mutate: (body: undefined, handlers: Handlers) => void; reset: () => void; isPending: boolean; error: unknown };
}

/** A post or a page that exists: its title, the editor, and its delete, which asks first; `onDeleted` leaves the screen. */
export function SavedContentEditor({ kind, item, update, remove, onDeleted }: Writes & { kind: 'post' | 'page'; item: Post | Page; onDeleted: () => void }) {
  const noun = kind === 'post' ? 'Post' : 'Page';
  // The language edited: null for the store's own (the editor), else a translation's locale.
  const [locale, setLocale] = useState<string | null>(null);
  const save = (body: PostBody & PageBody) => new Promise<void>((resolve, reject) => update.mutate(body, { onSuccess: resolve, onError: reject }));
  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{item.title}</Title>
          <Text size="sm" c="dimmed">
            Updated {formatTime(item.updated_at)} · {item.id}
          </Text>
        </Stack>
        <LanguageSwitcher value={locale} onChange={setLocale} />
      </Group>
      {locale ? (
        <TranslationEditor record={item} locale={locale} action={`${kind}.update`} title={noun} save={save} richEditor={(props) => <RichTextField {...props} />} />
      ) : (
        <ContentForm
          kind={kind}
          item={item}
          saving={update.isPending}
          save={(body, { onError, onSaved }) =>
            update.mutate(body, {
              onSuccess: () => {
                onSaved();
                notifyDone(`${noun} saved`);
              },
              onError,
            })
          }
          actions={
            <ConfirmDelete
              action={`${kind}.delete`}
              noun={kind}
              name={item.title}
              pending={remove.isPending}
              error={remove.error}
              onOpen={remove.reset}
              onDelete={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    notifyDone(`${noun} deleted`);
                    onDeleted();
                  },
                })
              }
            />
          }
        />
      )}
      <MetadataSection
        key={item.updated_at}
        record={item}
        action={`${kind}.update`}
        save={save}
      />
    </>
  );
}
