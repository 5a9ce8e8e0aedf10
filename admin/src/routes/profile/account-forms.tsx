import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { User } from 'storefront/client';
import { useUpdateMe } from '../../api/users';
import { FormAlert } from '../../components/problem-alert';
import { notifyDone } from '../../lib/notify';
import { useServerErrors } from '../../lib/use-server-errors';

/** The user's name, as the team list and the audit log show it. */
export function NameForm({ me, role }: { me: User; role: string }) {
  const update = useUpdateMe();
  const form = useForm({ initialValues: { name: me.name ?? '' } });
  const problems = useServerErrors(form, ['name']);
  useEffect(() => {
    form.setInitialValues({ name: me.name ?? '' });
    form.reset();
  }, [me.updated_at]);

  return (
    <form
      onSubmit={form.onSubmit(({ name }) => {
        problems.clear();
        update.mutate({ name: name.trim() }, { onSuccess: () => notifyDone('Your name is saved'), onError: problems.show });
      })}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          {me.email} · {role}
        </Text>
        <TextInput label="Name" autoComplete="name" {...form.getInputProps('name')} />
        <FormAlert message={problems.message} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={update.isPending} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new password, given with the current one; the server judges its strength. */
export function PasswordForm() {
  const update = useUpdateMe();
  const form = useForm({
    initialValues: { current_password: '', password: '' },
    validate: {
      current_password: (value) => (value === '' ? 'Enter your current password' : null),
      password: (value) => (value === '' ? 'Choose a new password' : null),
    },
  });
  const problems = useServerErrors(form, ['current_password', 'password']);

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        problems.clear();
        update.mutate(values, {
          onSuccess: () => {
            form.reset();
            notifyDone('Your password is changed');
          },
          onError: problems.show,
        });
      })}
      noValidate
    >
      <Stack gap="sm">
        {/* Plain inputs typed as passwords: Mantine's PasswordInput marks its wrapper, not the input, invalid. */}
        <TextInput label="Current password" type="password" autoComplete="current-password" {...form.getInputProps('current_password')} />
        <TextInput label="New password" type="password" autoComplete="new-password" description="A long phrase of unrelated words is strong" {...form.getInputProps('password')} />
        <FormAlert message={problems.message} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={update.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
