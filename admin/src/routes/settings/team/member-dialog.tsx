import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { User } from 'storefront/client';
import { useUpdateUser } from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import type { Role } from '../../../lib/access';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { roleDescription, roleOptions } from './role-options';

/**
 * A colleague's email, name and role; only what changed is sent. Nobody changes their own role, and
 * the server refuses to leave the store without an active owner (its words shown in the dialog).
 */
export function MemberDialog({ user, isYou, onClose }: { user: User | null; isYou: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  const form = useForm({ initialValues: { email: '', name: '', role: 'fulfillment' as Role } });
  const problems = useServerErrors(form, ['email', 'name', 'role']);
  useEffect(() => {
    if (!user) return;
    form.setInitialValues({ email: user.email, name: user.name ?? '', role: user.role });
    form.reset();
    problems.clear();
  }, [user]);
  const name = user ? user.name || user.email : '';

  const submit = form.onSubmit((values) => {
    if (!user) return;
    problems.clear();
    const changes = {
      ...(values.email.trim() !== user.email ? { email: values.email.trim() } : {}),
      ...(values.name.trim() !== (user.name ?? '') ? { name: values.name.trim() } : {}),
      ...(values.role !== user.role ? { role: values.role } : {}),
    };
    update.mutate(
      { id: user.id, ...changes },
      {
        onSuccess: (saved) => {
          onClose();
          notifyDone(`${saved.name || saved.email} saved`);
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="user.update" dirty={form.isDirty()} opened={user !== null} onClose={onClose} title={`Edit ${name}`} onSubmit={submit} message={problems.message} submit="Save" pending={update.isPending}>
      <TextInput label="Email" type="email" required description="Where they sign in and get the dashboard's mail" {...form.getInputProps('email')} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Select
        label="Role"
        data={roleOptions}
        allowDeselect={false}
        disabled={isYou}
        description={isYou ? 'Another owner may change your role' : roleDescription(form.values.role)}
        data-autofocus
        {...form.getInputProps('role')}
      />
    </FormDialog>
  );
}
