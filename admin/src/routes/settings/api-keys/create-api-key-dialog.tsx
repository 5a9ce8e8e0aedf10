import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useCreateApiKey } from '../../../api/access';
import { FormDialog } from '../../../components/form-dialog';
import { useServerErrors } from '../../../lib/use-server-errors';
import type { Role } from '../../../lib/access';
import { roleDescription, roleOptions } from '../team/role-options';

/** Makes a staff key of a role (a read-only one is `rk_…`); `onCreated` receives its token, which only this answer carries. */
export function CreateApiKeyDialog({ opened, readOnly = false, onClose, onCreated }: { opened: boolean; readOnly?: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const create = useCreateApiKey();
  const form = useForm({ initialValues: { name: '', role: 'admin' as Role } });
  const problems = useServerErrors(form, ['name', 'role']);
  useEffect(() => {
    if (!opened) return;
    form.setInitialValues({ name: '', role: readOnly ? 'read_only' : 'admin' });
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ name, role }) => {
    problems.clear();
    create.mutate(
      { ...(name.trim() === '' ? {} : { name: name.trim() }), role },
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
    <FormDialog action="api_key.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title={readOnly ? 'New read-only key' : 'New API key'} onSubmit={submit} message={problems.message} submit="Create key" pending={create.isPending}>
      <TextInput label="Name" description="Who or what uses it, e.g. Accounting export" data-autofocus {...form.getInputProps('name')} />
      <Select label="Role" description={roleDescription(form.values.role)} data={roleOptions} allowDeselect={false} {...form.getInputProps('role')} />
    </FormDialog>
  );
}
