import { Checkbox, Group, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Customer } from 'storefront/client';
import { useUpdateCustomer } from '../../../api/customers';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';

const fields = ['first_name', 'last_name', 'email', 'is_newsletterable', 'is_active', 'notes', 'tags'] as const;

function valuesOf(customer: Customer) {
  return {
    first_name: customer.first_name ?? '',
    last_name: customer.last_name ?? '',
    email: customer.email,
    is_newsletterable: customer.is_newsletterable,
    is_active: customer.is_active,
    notes: customer.notes ?? '',
    tags: customer.tags,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What staff may set of a customer: names, email, the newsletter, whether it may sign in, notes and tags. */
export function CustomerProfile({ customer }: { customer: Customer }) {
  const readOnly = !useCan().can('customer.update');
  const save = useUpdateCustomer(customer.id);
  const form = useForm({ initialValues: valuesOf(customer) });
  const problems = useServerErrors(form, fields);
  // A change saved elsewhere shows once the customer is read again, unless staff are typing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues(valuesOf(customer));
    form.resetDirty(valuesOf(customer));
  }, [customer.updated_at]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    save.mutate(
      { ...values, first_name: orNull(values.first_name), last_name: orNull(values.last_name), notes: orNull(values.notes), email: values.email.trim() },
      { onSuccess: () => notifyDone('Customer saved'), onError: problems.show },
    );
  });

  return (
    <Section title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput label="First name" readOnly={readOnly} {...form.getInputProps('first_name')} />
            <TextInput label="Last name" readOnly={readOnly} {...form.getInputProps('last_name')} />
          </Group>
          <TextInput label="Email" type="email" required description="A new email is not verified until the customer proves it" readOnly={readOnly} {...form.getInputProps('email')} />
          <TagsInput label="Tags" description="Press Enter after each tag" readOnly={readOnly} {...form.getInputProps('tags')} />
          <Textarea label="Notes" description="Seen by staff only" autosize minRows={3} readOnly={readOnly} {...form.getInputProps('notes')} />
          <Checkbox label="Accepts the newsletter" disabled={readOnly} {...form.getInputProps('is_newsletterable', { type: 'checkbox' })} />
          <Checkbox
            label="May sign in"
            description="Turning this off signs the customer out everywhere"
            disabled={readOnly}
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
          <FormAlert message={problems.message} />
          <Group justify="flex-end">
            <WriteButton action="customer.update" type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save customer
            </WriteButton>
          </Group>
          <LeaveGuard when={form.isDirty() && !save.isPending} />
        </Stack>
      </form>
    </Section>
  );
}
