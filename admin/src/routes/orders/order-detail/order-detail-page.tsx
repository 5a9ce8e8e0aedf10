import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useOrder } from '../../../api/orders';
import { RecordFrame } from '../../../components/record-frame';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/format';
import { OrderActions } from './order-actions';
import { OrderBuyer } from './order-buyer';
import { OrderEvents } from './order-events';
import { OrderFulfillments } from './order-fulfillments';
import { OrderHistory } from './order-history';
import { OrderMetadata } from './order-metadata';
import { OrderItems } from './order-items';
import { OrderMarket } from './order-market';
import { OrderNote } from './order-note';
import { OrderPayments } from './order-payments';
import { OrderReturns } from './order-returns';

const route = getRouteApi('/_shell/orders/$orderId');

/** One order: what was bought, by whom, the money and the shipments, and what staff can do next. */
export function OrderDetailPage() {
  const { orderId } = route.useParams();
  const order = useOrder(orderId);

  return (
    <RecordFrame query={order} noun="order" back={{ to: '/orders', label: 'Orders' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1}>{data.number ? `Order ${data.number}` : 'Checkout in progress'}</Title>
                <Group gap={6} role="group" aria-label="Status">
                  <StatusBadge status={data.status} />
                  <StatusBadge status={data.financial_status} />
                  <StatusBadge status={data.fulfillment_status} />
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                {data.placed_at ? `Placed ${formatTime(data.placed_at)}` : `Started ${formatTime(data.created_at)}`}
                {data.source_name ? ` · from ${data.source_name}` : ''} · {data.id}
              </Text>
              {data.status === 'canceled' && (
                <Text size="sm" c="red.8">
                  Canceled {formatTime(data.canceled_at)}
                  {data.cancel_reason ? `: ${data.cancel_reason}` : ''}
                </Text>
              )}
            </Stack>
            <OrderActions order={data} />
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="lg">
                <OrderItems order={data} />
                <OrderPayments order={data} />
                <OrderFulfillments order={data} />
                <OrderReturns order={data} />
                <OrderEvents order={data} />
                <OrderHistory order={data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <OrderBuyer order={data} />
                <OrderMarket order={data} />
                <OrderNote order={data} />
                <OrderMetadata order={data} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordFrame>
  );
}
