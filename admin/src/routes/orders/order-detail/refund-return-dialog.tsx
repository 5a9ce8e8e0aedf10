import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { Order, Return } from 'storefront/client';
import { useMoveReturn } from '../../../api/returns';
import { AmountInput } from '../../../components/amount-input';
import { FormDialog } from '../../../components/form-dialog';
import { formatMoney, toMajor, toMinor } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { moneyOf } from './order-money';

/**
 * Refund a return: the amount starts at the items' paid share (no more than is left to refund), as
 * the server would refund it; staff may change it and the server judges it. A return still requested
 * is received first (its stock goes back), then refunded, in one go (Shopify's "Restock and refund"):
 * should the refund be refused, the return stays received and the dialog says why.
 */
export function RefundReturnDialog({ order, ret, label, onClose }: { order: Order; ret: Return | null; label: string; onClose: () => void }) {
  const move = useMoveReturn(order.id);
  const suggested = ret ? Math.min(ret.amount, moneyOf(order).refundable) : 0;
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: toMajor(suggested, order.currency) },
    validate: { amount: (value) => (value === '' ? 'Enter an amount' : null) },
  });
  const problems = useServerErrors(form, ['amount']);
  // Received by this dialog already, its refund refused: a second try only refunds.
  const [received, setReceived] = useState(false);
  useEffect(() => {
    if (!ret) return;
    form.setValues({ amount: toMajor(suggested, order.currency) });
    problems.clear();
    setReceived(false);
  }, [ret?.id]);

  const receiving = ret?.status === 'requested';
  const submit = form.onSubmit(async ({ amount }) => {
    if (!ret) return;
    problems.clear();
    try {
      if (receiving && !received) {
        await move.mutateAsync({ returnId: ret.id, move: 'receive' });
        setReceived(true);
      }
      const refunded = await move.mutateAsync({ returnId: ret.id, move: 'refund', amount: toMinor(Number(amount), order.currency) });
      notifyDone(`${label} ${receiving ? 'received and ' : ''}refunded: ${formatMoney(refunded.refunded_amount ?? 0, order.currency)}`);
      onClose();
    } catch (error) {
      problems.show(error);
    }
  });

  return (
    <FormDialog action="return.refund" dirty={form.isDirty()} opened={ret !== null} onClose={onClose} title={`${receiving ? 'Receive and refund' : 'Refund'} ${label.toLowerCase()}`} onSubmit={submit} message={problems.message} submit={receiving ? 'Receive and refund' : 'Refund'} pending={move.isPending} submitColor="red">
      <AmountInput currency={order.currency} description={`The returned items' paid share is ${formatMoney(ret?.amount ?? 0, order.currency)}`} {...form.getInputProps('amount')} />
      <Text size="xs" c="dimmed">
        {receiving ? 'The items are received first: their stock goes back if the return restocks. ' : ''}The money goes back through the order’s gateway.
      </Text>
    </FormDialog>
  );
}
