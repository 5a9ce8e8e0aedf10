import { Button, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { Order, OrderAddress } from 'storefront/client';
import { useOrder } from '../../../api/orders';
import { useStore } from '../../../api/store';
import { RecordFrame } from '../../../components/record-frame';
import { formatTime } from '../../../lib/format';
import { Address } from '../order-detail/order-buyer';
import classes from './packing-slip.module.css';

const route = getRouteApi('/_shell/orders/$orderId/packing-slip');

/**
 * The order's packing slip, to print and put in the parcel: who it goes to and what is in it, by
 * variant and code, without prices (a gift must not tell what it cost). Printing leaves the
 * dashboard's frame out.
 */
export function PackingSlipPage() {
  const { orderId } = route.useParams();
  const order = useOrder(orderId);
  const store = useStore();
  return (
    <RecordFrame query={order} noun="order" back={{ to: '/orders/$orderId', params: { orderId }, label: 'The order' }}>
      {(data) => (
        <div className={classes.slip}>
          <Group justify="flex-end" className={classes.noPrint} mb="md">
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
          <Stack gap="lg" maw={720}>
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Title order={1} size="h2">
                  Packing slip
                </Title>
                <Text size="sm">{store.data?.name}</Text>
              </Stack>
              <Stack gap={2} align="flex-end">
                <Text fw={700}>Order {data.number ?? data.id}</Text>
                <Text size="sm">{formatTime(data.placed_at ?? data.created_at)}</Text>
              </Stack>
            </Group>
            <Group align="flex-start" gap="xl">
              <AddressBlock title="Ship to" address={data.shipping} />
              {data.billing && <AddressBlock title="Bill to" address={data.billing} />}
            </Group>
            <Table aria-label="In the parcel" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64}>Qty</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Code</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {toShip(data).map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{item.quantity}</Table.Td>
                    <Table.Td>{item.sku_name}</Table.Td>
                    <Table.Td>{item.code ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.is_gift && data.gift_message && (
              <Stack gap={2}>
                <Text fw={600}>A gift, with a message</Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{data.gift_message}</Text>
              </Stack>
            )}
            {data.customer_note && (
              <Stack gap={2}>
                <Text fw={600}>The buyer's note</Text>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{data.customer_note}</Text>
              </Stack>
            )}
            <Divider />
            <Text size="sm" c="dimmed">
              Thank you for shopping with {store.data?.name ?? 'us'}.
            </Text>
          </Stack>
        </div>
      )}
    </RecordFrame>
  );
}

/** The items that travel in a parcel: those that need shipping. */
function toShip(order: Order) {
  return order.items.filter((item) => item.is_shipping_required);
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress | null }) {
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Address address={address} none="No address" />
    </Stack>
  );
}
