import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { Order, Return } from 'storefront/client';
import { useMoveReturn } from '../../../api/returns';
import { Section } from '../../../components/section';
import { StatusBadge } from '../../../components/status-badge';
import { WriteButton } from '../../../components/write-button';
import { formatMoney, formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { RefundReturnDialog } from './refund-return-dialog';
import { ReturnDialog } from './return-dialog';
import { reasonLabel, returnableUnits } from './return-units';

/** The order's returns, what each holds and why, and the moves each allows now. */
export function OrderReturns({ order }: { order: Order }) {
  const [returning, returnItems] = useDisclosure();
  const [refunding, setRefunding] = useState<{ ret: Return; label: string } | null>(null);
  const move = useMoveReturn(order.id);
  if (order.status === 'created') return null;
  const canReturn = (order.status === 'placed' || order.status === 'archived') && [...returnableUnits(order).values()].some((units) => units > 0);
  const names = new Map(order.items.map((item) => [item.id, item.product_name]));

  const confirm = (ret: Return, label: string, action: 'receive' | 'cancel') => {
    const words = action === 'receive'
      ? {
          title: `Receive ${label.toLowerCase()}?`,
          text: ret.restock ? 'The items arrived: they go back into stock.' : 'The items arrived. They stay out of stock, as the return asks.',
          confirm: 'Receive items', done: `${label} received`, failed: `${label} was not received`,
        }
      : { title: `Cancel ${label.toLowerCase()}?`, text: 'Its items may be returned again later. A canceled return cannot be restored.', confirm: 'Cancel return', done: `${label} canceled`, failed: `${label} was not canceled` };
    modals.openConfirmModal({
      title: words.title,
      children: <Text size="sm">{words.text}</Text>,
      labels: { confirm: words.confirm, cancel: 'Not now' },
      confirmProps: action === 'cancel' ? { color: 'red' } : undefined,
      onConfirm: () =>
        move.mutate({ returnId: ret.id, move: action }, { onSuccess: () => notifyDone(words.done), onError: (error) => notifyProblem(words.failed, error) }),
    });
  };

  return (
    <Section
      title="Returns"
      actions={
        <WriteButton action="return.create" size="xs" variant="default" onClick={returnItems.open} disabled={!canReturn}>
          Return items
        </WriteButton>
      }
    >
      {order.returns.length === 0 ? (
        <Text size="sm" c="dimmed">
          No returns.
        </Text>
      ) : (
        <Stack gap="sm">
          {order.returns.map((ret, index) => {
            const label = `Return ${index + 1}`;
            return (
              <Paper key={ret.id} withBorder p="sm" component="article" aria-label={label}>
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {label}
                      </Text>
                      <StatusBadge status={ret.status} />
                    </Group>
                    {ret.items.map((item) => (
                      <Text size="sm" key={item.id}>
                        {item.quantity} × {names.get(item.id) ?? item.name} · {reasonLabel(item.reason)}
                      </Text>
                    ))}
                    {ret.note && (
                      <Text size="sm" c="dimmed">
                        “{ret.note}”
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {progressOf(ret, order.currency)}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    {ret.status === 'requested' && (
                      <>
                        <WriteButton action="return.receive" size="xs" onClick={() => confirm(ret, label, 'receive')} aria-label={`Receive ${label.toLowerCase()}`}>
                          Receive
                        </WriteButton>
                        <WriteButton action="return.refund" size="xs" variant="default" onClick={() => setRefunding({ ret, label })} aria-label={`Receive and refund ${label.toLowerCase()}`}>
                          Receive and refund
                        </WriteButton>
                        <WriteButton action="return.cancel" size="xs" variant="default" color="red" onClick={() => confirm(ret, label, 'cancel')} aria-label={`Cancel ${label.toLowerCase()}`}>
                          Cancel
                        </WriteButton>
                      </>
                    )}
                    {ret.status === 'received' && (
                      <WriteButton action="return.refund" size="xs" onClick={() => setRefunding({ ret, label })} aria-label={`Refund ${label.toLowerCase()}`}>
                        Refund
                      </WriteButton>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ReturnDialog order={order} opened={returning} onClose={returnItems.close} />
      <RefundReturnDialog order={order} ret={refunding?.ret ?? null} label={refunding?.label ?? ''} onClose={() => setRefunding(null)} />
    </Section>
  );
}

/** Where a return stands, in one line: its money, its stock and when it last moved. */
function progressOf(ret: Return, currency: string): string {
  const share = `Paid share ${formatMoney(ret.amount, currency)}`;
  switch (ret.status) {
    case 'requested':
      return `${share} · ${ret.restock ? 'back in stock when received' : 'not to be restocked'} · requested ${formatTime(ret.created_at)}`;
    case 'received':
      return `${share} · ${ret.restock ? 'back in stock' : 'not restocked'} · received ${formatTime(ret.received_at)}`;
    case 'refunded':
      return `Refunded ${formatMoney(ret.refunded_amount ?? 0, currency)} · ${formatTime(ret.refunded_at)}`;
    default:
      return `Canceled ${formatTime(ret.canceled_at)}`;
  }
}
