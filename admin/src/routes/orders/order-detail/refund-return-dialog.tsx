import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order, Return } from 'storefront/client';
import { useMoveReturn } from '../../../api/returns';
import { AmountInput } from '../../../components/amount-input';
import { FormDialog } from '../../../components/form-dialog';
import { formatMoney, toMajor, toMinor } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { moneyOf } from './order-money';

/**
 * Refund a received return: the amount starts at the items' paid share (no more than is left to
 * refund), as the server would refund it; staff may change it and the server judges it.
 */
export function RefundReturnDialog({ order, ret, label, onClose }: { order: Order; ret: Return | null; label: string; onClose: () => void }) {
  const move = useMoveReturn(order.id);
  const suggested = ret ? Math.min(ret.amount, moneyOf(order).refundable) : 0;
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: toMajor(suggested, order.currency) },
    validate: { amount: (value) => (value === '' ? 'Enter an amount' : null) },
  });
  const problems = useServerErrors(form, ['amount']);
  useEffect(() => {
    if (!ret) return;
    form.setValues({ amount: toMajor(suggested, order.currency) });
    problems.clear();
  }, [ret?.id]);

  const submit = form.onSubmit(({ amount }) => {
    if (!ret) return;
    problems.clear();
    move.mutate(
      { returnId: ret.id, move: 'refund', amount: toMinor(Number(amount), order.currency) },
      {
        onSuccess: (refunded) => {
          notifyDone(`${label} refunded: ${formatMoney(refunded.refunded_amount ?? 0, order.currency)}`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog dirty={form.isDirty()} opened={ret !== null} onClose={onClose} title={`Refund ${label.toLowerCase()}`} onSubmit={submit} message={problems.message} submit="Refund" pending={move.isPending} submitColor="red">
      <AmountInput currency={order.currency} description={`The returned items' paid share is ${formatMoney(ret?.amount ?? 0, order.currency)}`} {...form.getInputProps('amount')} />
      <Text size="xs" c="dimmed">
        The money goes back through the order’s gateway.
      </Text>
    </FormDialog>
  );
}
