import { Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCreateCollection } from '../../../api/collections';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

/**
 * A new collection: its title and kind. A smart one starts with one rule (the API needs one), the
 * title's first word, to be refined on its page with the preview beside the rules.
 */
export function NewCollectionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateCollection();
  const navigate = useNavigate();
  const form = useForm({ initialValues: { title: '', kind: 'products' as 'products' | 'smart' } });
  const problems = useServerErrors(form, ['title', 'kind', 'permalink', 'rules']);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ title, kind }) => {
    problems.clear();
    const firstWord = title.trim().split(/\s+/)[0] ?? '';
    const rules = kind === 'smart' ? [{ field: 'title' as const, condition: 'contains' as const, value: firstWord }] : undefined;
    create.mutate(
      { title, kind, rules },
      {
        onSuccess: (collection) => {
          notifyDone('Collection created');
          onClose();
          void navigate({ to: '/collections/$collectionId', params: { collectionId: collection.id } });
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="collection.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="New collection" onSubmit={submit} message={problems.message} submit="Create collection" pending={create.isPending}>
      <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
      <Radio.Group label="Products" {...form.getInputProps('kind')}>
        <Stack gap="xs" mt="xs">
          <Radio value="products" label="Hand-picked: you choose them and their order" />
          <Radio value="smart" label="Smart: every product that matches rules" description="Starts with one rule, the product name contains the title's first word, to refine on the next screen" />
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}
