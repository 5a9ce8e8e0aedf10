import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order } from 'storefront/client';
import { useMoveMoney } from '../../../api/orders';
import { AmountInput } from '../../../components/amount-input';
import { FormDialog } from '../../../components/form-dialog';
import { formatMoney, toMajor, toMinor } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { moneyOf } from './order-money';

const words = {
  capture: { title: 'Capture payment', limit: 'left to capture', button: 'Capture', done: 'Payment captured' },
  refund: { title: 'Refund', limit: 'captured and not yet refunded', button: 'Refund', done: 'Refund made' },
} as const;

/** Capture or refund an amount (all that can move, unless staff change it); the server's refusal lands on the amount. */
export function MoneyDialog({ kind, order, opened, onClose }: { kind: 'capture' | 'refund'; order: Order; opened: boolean; onClose: () => void }) {
  const move = useMoveMoney(order.id);
  const money = moneyOf(order);
  const limit = kind === 'capture' ? money.capturable : money.refundable;
  const form = useForm<{ amount: number | string }>({
    initialValues: { amount: toMajor(limit, order.currency) },
    validate: { amount: (value) => (value === '' ? 'Enter an amount' : null) },
  });
  const problems = useServerErrors(form, ['amount']);
  // Each opening starts from what can move now.
  useEffect(() => {
    if (!opened) return;
    form.setValues({ amount: toMajor(limit, order.currency) });
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit(({ amount }) => {
    problems.clear();
    move.mutate(
      { kind, amount: toMinor(Number(amount), order.currency) },
      {
        onSuccess: (transaction) => {
          if (transaction.status !== 'succeeded') {
            problems.setMessage(`The gateway answered ${transaction.status}${transaction.message ? `: ${transaction.message}` : ''}`);
            return;
          }
          notifyDone(`${words[kind].done}: ${formatMoney(transaction.amount, transaction.currency)}`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="transaction.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title={words[kind].title} onSubmit={submit} message={problems.message} submit={words[kind].button} pending={move.isPending} submitColor={kind === 'refund' ? 'red' : undefined}>
      <AmountInput currency={order.currency} description={`${formatMoney(limit, order.currency)} ${words[kind].limit}`} {...form.getInputProps('amount')} />
      <Text size="xs" c="dimmed">
        {kind === 'refund' ? 'The money goes back through the order’s gateway; stock is not changed.' : 'The money is taken through the order’s gateway.'}
      </Text>
    </FormDialog>
  );
}
