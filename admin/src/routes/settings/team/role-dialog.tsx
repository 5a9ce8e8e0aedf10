import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { User } from 'storefront/client';
import { useUpdateUser } from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import { roleName, type Role } from '../../../lib/access';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { roleOptions } from './role-options';

/** Changes a colleague's role; the server refuses to leave the store without an active owner. */
export function RoleDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useForm({ initialValues: { role: 'fulfillment' as Role } });
  const problems = useServerErrors(form, ['role']);
  useEffect(() => {
    if (!user) return;
    form.setInitialValues({ role: user.role });
    form.reset();
    problems.clear();
  }, [user]);
  const name = user ? user.name || user.email : '';

  const submit = form.onSubmit(({ role }) => {
    if (!user) return;
    problems.clear();
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          onClose();
          notifyDone(`${name} is now ${roleName(role)}`);
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="user.update" dirty={form.isDirty()} opened={user !== null} onClose={onClose} title={`Change the role of ${name}`} onSubmit={submit} message={problems.message} submit="Save role" pending={update.isPending}>
      <Select label="Role" data={roleOptions} allowDeselect={false} data-autofocus {...form.getInputProps('role')} />
    </FormDialog>
  );
}
