import { Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useCreateApiKey } from '../../../api/access';
import { FormDialog } from '../../../components/form-dialog';
import { useServerErrors } from '../../../lib/use-server-errors';

/** Makes a staff key; `onCreated` receives its token, which only this answer carries. */
export function CreateApiKeyDialog({ opened, readOnly = false, onClose, onCreated }: { opened: boolean; readOnly?: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { name: '', read_only: false } });
  const problems = useServerErrors(form, ['name', 'read_only']);
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ name: '', read_only: readOnly });
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ name, read_only }) => {
    problems.clear();
    create.mutate(
      { ...(name.trim() === '' ? {} : { name: name.trim() }), read_only },
      {
        onSuccess: (key) => {
          onClose();
          onCreated(key.token ?? '');
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog dirty={form.isDirty()} opened={opened} onClose={onClose} title={readOnly ? 'New read-only key' : 'New API key'} onSubmit={submit} message={problems.message} submit="Create key" pending={create.isPending}>
      <TextInput label="Name" description="Who or what uses it, e.g. Accounting export" data-autofocus {...form.getInputProps('name')} />
      <Switch label="Read-only" description="May look at everything, change nothing (rk_…)" {...form.getInputProps('read_only', { type: 'checkbox' })} />
    </FormDialog>
  );
}
