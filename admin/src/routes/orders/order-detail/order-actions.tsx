import { Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { Order } from 'storefront/client';
import { useArchiveOrder, useMoveMoney } from '../../../api/orders';
import { ButtonLink } from '../../../components/links';
import { WriteButton } from '../../../components/write-button';
import { formatMoney } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { CancelOrderDialog } from './cancel-order-dialog';
import { FulfilDialog } from './fulfil-dialog';
import { MoneyDialog } from './money-dialog';
import { allowedActions, moneyOf } from './order-money';

/** What staff can do with the order now; moves that cannot be undone ask first. */
export function OrderActions({ order }: { order: Order }) {
  const allowed = allowedActions(order);
  const [capturing, capture] = useDisclosure();
  const [refunding, refund] = useDisclosure();
  const [fulfilling, fulfil] = useDisclosure();
  const [canceling, cancel] = useDisclosure();
  const move = useMoveMoney(order.id);
  const archive = useArchiveOrder(order.id);
  const money = moneyOf(order);

  const confirmVoid = () =>
    modals.openConfirmModal({
      title: 'Void the payment?',
      children: <Text size="sm">The authorization of {formatMoney(money.capturable, order.currency)} is released and can no longer be captured.</Text>,
      labels: { confirm: 'Void payment', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => move.mutate({ kind: 'void' }, { onSuccess: () => notifyDone('Payment voided'), onError: (error) => notifyProblem('The payment was not voided', error) }),
    });
  const confirmArchive = () =>
    modals.openConfirmModal({
      title: 'Archive the order?',
      children: <Text size="sm">An archived order is done with: it can no longer be fulfilled or canceled.</Text>,
      labels: { confirm: 'Archive order', cancel: 'Keep it open' },
      onConfirm: () => archive.mutate(undefined, { onSuccess: () => notifyDone('Order archived'), onError: (error) => notifyProblem('The order was not archived', error) }),
    });

  return (
    <>
      <Group gap="xs" aria-label="Order actions" role="group">
        {allowed.capture && <WriteButton action="transaction.create" onClick={capture.open}>Capture payment</WriteButton>}
        {allowed.fulfil && <WriteButton action="fulfillment.create" onClick={fulfil.open}>Fulfil items</WriteButton>}
        {allowed.refund && <WriteButton action="transaction.create" variant="default" onClick={refund.open}>Refund</WriteButton>}
        {allowed.void && <WriteButton action="transaction.create" variant="default" color="red" onClick={confirmVoid} loading={move.isPending}>Void payment</WriteButton>}
        {allowed.archive && <WriteButton action="order.archive" variant="default" onClick={confirmArchive} loading={archive.isPending}>Archive</WriteButton>}
        {allowed.cancel && <WriteButton action="order.cancel" variant="default" color="red" onClick={cancel.open}>Cancel order</WriteButton>}
        {order.status !== 'created' && order.is_shipping_required && (
          <ButtonLink variant="default" to="/orders/$orderId/packing-slip" params={{ orderId: order.id }}>
            Packing slip
          </ButtonLink>
        )}
      </Group>
      <MoneyDialog kind="capture" order={order} opened={capturing} onClose={capture.close} />
      <MoneyDialog kind="refund" order={order} opened={refunding} onClose={refund.close} />
      <FulfilDialog order={order} opened={fulfilling} onClose={fulfil.close} />
      <CancelOrderDialog order={order} opened={canceling} onClose={cancel.close} />
    </>
  );
}
