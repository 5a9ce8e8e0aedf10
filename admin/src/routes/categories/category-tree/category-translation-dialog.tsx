import { Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unwrap, type CategoryNode } from 'storefront/client';
import { categoryKeys, useUpdateCategories } from '../../../api/categories';
import { ProblemAlert } from '../../../components/problem-alert';
import { LanguageSwitcher, TranslationEditor } from '../../../components/translation-editor';
import { useStoreLocales } from '../../../lib/locales';
import { useSession } from '../../../lib/session';

/**
 * A category's title and permalink in the store's other languages: the tree names each category in
 * the base language, so the category itself (with its translations) is read when the dialog opens.
 */
export function CategoryTranslationDialog({ category, onClose }: { category: CategoryNode | null; onClose: () => void }) {
  const { client } = useSession();
  const { translated } = useStoreLocales();
  const [chosen, setChosen] = useState<string | null>(null);
  const locale = chosen ?? translated[0] ?? null;
  const update = useUpdateCategories();
  const stored = useQuery({
    queryKey: [...categoryKeys.all, 'detail', category?.id],
    enabled: category !== null,
    queryFn: async ({ signal }) => unwrap(await client.GET('/v1/categories/{id}', { params: { path: { id: category!.id } }, signal })).data,
  });
  return (
    <Modal opened={category !== null} onClose={onClose} title={category ? `Translate “${category.title}”` : ''} size="xl">
      <Stack gap="md">
        <LanguageSwitcher value={locale} onChange={setChosen} withBase={false} />
        {stored.isPending && <Loader size="sm" aria-label="Loading the category" />}
        {stored.error && <ProblemAlert error={stored.error} title="The category could not be read" />}
        {stored.data && locale && (
          <TranslationEditor
            record={stored.data}
            locale={locale}
            action="category.update"
            title="Category"
            save={(change) => update.mutateAsync([{ id: stored.data.id, body: { title: stored.data.title, ...change } }])}
          />
        )}
      </Stack>
    </Modal>
  );
}
