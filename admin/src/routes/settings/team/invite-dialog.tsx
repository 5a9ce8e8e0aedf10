import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useInviteUser } from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import type { Role } from '../../../lib/access';
import { roleDescription, roleOptions } from './role-options';

/** Invites a colleague by email: the server mails them a link, valid for 7 days, to choose their password. */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const form = useForm({
    initialValues: { email: '', name: '', role: 'fulfillment' as Role },
    validate: { email: (value) => (value.trim() === '' ? 'Enter their email' : null) },
  });
  const problems = useServerErrors(form, ['email', 'name', 'role']);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ email, name, role }) => {
    problems.clear();
    invite.mutate(
      { email: email.trim(), role, ...(name.trim() === '' ? {} : { name: name.trim() }) },
      {
        onSuccess: (user) => {
          onClose();
          notifyDone(`Invitation sent to ${user.email}`);
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="user.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Invite a colleague" onSubmit={submit} message={problems.message} submit="Send invitation" pending={invite.isPending}>
      <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Select label="Role" data={roleOptions} allowDeselect={false} description={roleDescription(form.values.role)} {...form.getInputProps('role')} />
    </FormDialog>
  );
}
