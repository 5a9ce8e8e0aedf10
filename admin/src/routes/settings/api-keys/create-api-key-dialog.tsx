import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useCreateApiKey } from '../../../api/access';
import { FormAlert } from '../../../components/problem-alert';
import { useServerErrors } from '../../../lib/use-server-errors';

/** Makes a staff key; `onCreated` receives its token, which only this answer carries. */
export function CreateApiKeyDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { name: '', read_only: false } });
  const problems = useServerErrors(form, ['name', 'read_only']);
  useEffect(() => {
    if (!opened) return;
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
    <Modal opened={opened} onClose={onClose} title="New API key">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={problems.message} />
          <TextInput label="Name" description="Who or what uses it, e.g. Accounting export" data-autofocus {...form.getInputProps('name')} />
          <Switch label="Read-only" description="May look at everything, change nothing (rk_…)" {...form.getInputProps('read_only', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
