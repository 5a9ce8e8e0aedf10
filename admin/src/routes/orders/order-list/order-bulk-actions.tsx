import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Order } from 'storefront/client';
import { useBulk } from '../../../api/bulk';
import { fulfilWhole } from '../../../api/fulfillments';
import { orderKeys } from '../../../api/orders';
import type { RowSelection } from '../../../components/row-selection';
import { statusLabel } from '../../../components/status-badge';
import { WriteButton } from '../../../components/write-button';
import { counted, notifyBulk } from '../../../lib/bulk';
import { csvName, downloadCsv, toCsv } from '../../../lib/csv';
import { minorDigits, toMajor } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { buyerName } from './buyer-name';

const nameOf = (order: Order) => order.number ?? order.id;

/** What staff do to the selected orders at once: fulfil those ready to ship, export them. */
export function OrderBulkActions({ selection }: { selection: RowSelection<Order> }) {
  const { client } = useSession();
  const bulk = useBulk<Order>(['orders']);
  const orders = selection.items;

  const fulfil = () =>
    modals.openConfirmModal({
      title: `Fulfil ${counted(orders.length, 'order')}?`,
      children: (
        <Text size="sm">
          Everything left to ship in each paid order is fulfilled in one shipment, without tracking and without telling the buyer. Orders that are not paid, not placed or
          already shipped are left as they are and named after.
        </Text>
      ),
      labels: { confirm: 'Fulfil', cancel: 'Not now' },
      onConfirm: () =>
        bulk.mutate(
          { items: orders, work: (order) => fulfilWhole(client, order.id) },
          {
            onSuccess: (result) => {
              notifyBulk(result, { noun: 'order', done: 'fulfilled', nameOf });
              selection.keepOnly(result.failed.map(({ item }) => item.id));
            },
          },
        ),
    });

  return (
    <>
      <WriteButton action="fulfillment.create" size="xs" variant="default" loading={bulk.isPending} onClick={fulfil}>
        Fulfil
      </WriteButton>
      <Button size="xs" variant="default" onClick={() => exportOrders(orders)}>
        Export CSV
      </Button>
    </>
  );
}

function exportOrders(orders: Order[]): void {
  const money = (cents: number, currency: string) => toMajor(cents, currency).toFixed(minorDigits(currency));
  const time = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
  downloadCsv(
    csvName('orders'),
    toCsv(
      ['ID', 'Number', 'Placed at', 'Buyer', 'Email', 'Status', 'Payment', 'Fulfilment', 'Items', 'Total', 'Currency'],
      orders.map((order) => [
        order.id,
        order.number,
        time(order.placed_at ?? order.created_at),
        buyerName(order),
        order.email,
        statusLabel(order.status),
        statusLabel(order.financial_status),
        statusLabel(order.fulfillment_status),
        order.items.reduce((sum, item) => sum + item.quantity, 0),
        money(order.total_price, order.currency),
        order.currency,
      ]),
    ),
  );
}
