import { PasswordInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Customer } from 'storefront/client';
import { useUpdateCustomer } from '../../../api/customers';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

/** Staff set the customer's password (one they agreed on by phone, say); every session of theirs ends. */
export function PasswordDialog({ customer, opened, onClose }: { customer: Customer; opened: boolean; onClose: () => void }) {
  const save = useUpdateCustomer(customer.id);
  const form = useForm({ initialValues: { password: '' } });
  const problems = useServerErrors(form, ['password']);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ password }) => {
    problems.clear();
    save.mutate(
      { email: customer.email, password },
      {
        onSuccess: () => {
          notifyDone('Password set');
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="customer.update" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Set a password" onSubmit={submit} message={problems.message} submit="Set password" pending={save.isPending}>
      <Text size="sm">The customer is signed out on every device and signs in again with this password.</Text>
      <PasswordInput
        label="New password"
        description="At least 8 characters, and not easy to guess"
        required
        autoComplete="new-password"
        data-autofocus
        {...form.getInputProps('password')}
        // Mantine's password input marks an error only by its colour: say it to assistive technology too.
        aria-invalid={Boolean(form.errors.password)}
      />
    </FormDialog>
  );
}
