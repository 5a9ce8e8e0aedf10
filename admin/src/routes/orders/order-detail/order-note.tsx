import { Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order } from 'storefront/client';
import { useUpdateOrderNote } from '../../../api/orders';
import { LeaveGuard } from '../../../components/leave-guard';
import { FormAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';

/** The staff's own note on the order; buyers never see it. */
export function OrderNote({ order }: { order: Order }) {
  const readOnly = !useCan().can('order.update');
  const save = useUpdateOrderNote(order.id);
  const form = useForm({ initialValues: { order_note: order.order_note ?? '' } });
  const problems = useServerErrors(form, ['order_note']);
  // A note saved elsewhere (another tab) shows once the order is read again, unless staff are typing.
  useEffect(() => {
    if (!form.isDirty()) form.setValues({ order_note: order.order_note ?? '' });
    form.resetDirty({ order_note: order.order_note ?? '' });
  }, [order.order_note]);

  const submit = form.onSubmit(({ order_note }) => {
    problems.clear();
    save.mutate(order_note, { onSuccess: () => notifyDone('Note saved'), onError: problems.show });
  });

  return (
    <Section title="Staff note">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Textarea label="Note" description="Seen by staff only" autosize minRows={3} readOnly={readOnly} {...form.getInputProps('order_note')} />
          <FormAlert message={problems.message} />
          <LeaveGuard when={form.isDirty() && !save.isPending} />
          <Group justify="flex-end">
            <WriteButton action="order.update" type="submit" size="xs" loading={save.isPending} disabled={!form.isDirty()}>
              Save note
            </WriteButton>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
