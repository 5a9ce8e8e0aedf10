import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order } from 'storefront/client';
import { useCancelOrder } from '../../../api/orders';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

/** Cancel the order, saying why; the dialog is the confirmation. */
export function CancelOrderDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const cancel = useCancelOrder(order.id);
  const form = useForm({ initialValues: { reason: '' } });
  const problems = useServerErrors(form, ['reason']);
  useEffect(() => {
    if (!opened) return;
    form.reset();
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ reason }) => {
    problems.clear();
    cancel.mutate(reason.trim() === '' ? {} : { reason: reason.trim() }, {
      onSuccess: () => {
        notifyDone('Order canceled');
        onClose();
      },
      onError: problems.show,
    });
  });

  return (
    <FormDialog action="order.cancel" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Cancel the order?" onSubmit={submit} message={problems.message} submit="Cancel order" pending={cancel.isPending} submitColor="red" cancel="Keep the order">
      <Text size="sm">
        {order.status === 'placed' ? 'Its items go back into stock. ' : ''}
        Money is not moved by a cancel: refund or void the payment as well.
      </Text>
      <Textarea label="Reason" description="Kept on the order" autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
    </FormDialog>
  );
}
