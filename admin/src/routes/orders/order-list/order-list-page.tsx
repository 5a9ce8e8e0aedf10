import { Grid, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Order } from 'storefront/client';
import { useOrders } from '../../../api/orders';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { SelectionBar, SelectPageCell, SelectRowCell, selectedRowProps, useRowSelection, type RowSelection } from '../../../components/row-selection';
import { SearchField } from '../../../components/search-field';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { WriteButton } from '../../../components/write-button';
import { formatMoney, formatTime } from '../../../lib/format';
import { buyerName } from './buyer-name';
import { OrderBulkActions } from './order-bulk-actions';
import { financialStatuses, fulfillmentStatuses, orderStatuses, type OrderListSearch } from './search';

const route = getRouteApi('/_shell/orders');

const options = (values: readonly string[]) => values.map((value) => ({ value, label: statusLabel(value) }));

/** Orders, newest first: searched, filtered and paged by the server. */
export function OrderListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const orders = useOrders(search);
  const filter = (change: Partial<OrderListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.q || search.status || search.financial_status || search.fulfillment_status);
  const page = orders.data?.data ?? [];
  const selection = useRowSelection(page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm">
          <Title order={1}>Orders</Title>
          {orders.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="cart.create" onClick={() => void go({ to: '/orders/new' })}>New order</WriteButton>
      </Group>
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SearchField value={search.q} onSearch={(q) => filter({ q })} placeholder="Order number, buyer's name, sku code, vendor…" title="Whole words: an order number, a buyer's first or last name, a sku code, a vendor, a total in cents" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Status" placeholder="Any" data={options(orderStatuses)} value={search.status ?? null} onChange={(value) => filter({ status: (value ?? undefined) as OrderListSearch['status'] })} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Payment" placeholder="Any" data={options(financialStatuses)} value={search.financial_status ?? null} onChange={(value) => filter({ financial_status: (value ?? undefined) as OrderListSearch['financial_status'] })} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Fulfilment" placeholder="Any" data={options(fulfillmentStatuses)} value={search.fulfillment_status ?? null} onChange={(value) => filter({ fulfillment_status: (value ?? undefined) as OrderListSearch['fulfillment_status'] })} clearable />
          </Grid.Col>
        </Grid>
      </Paper>
      <SelectionBar selection={selection} noun="orders">
        <OrderBulkActions selection={selection} />
      </SelectionBar>
      <ListPanel
        query={orders}
        noun="orders"
        label="Orders"
        minWidth={840}
        empty={filtered ? 'No order matches these filters.' : 'No orders yet: they appear here once buyers check out.'}
        columns={
          <>
            <SelectPageCell selection={selection} page={page} />
            <Table.Th>Order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Buyer</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Fulfilment</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </>
        }
        row={(order) => <OrderRow key={order.id} order={order} selection={selection} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function OrderRow({ order, selection }: { order: Order; selection: RowSelection<Order> }) {
  return (
    <Table.Tr {...selectedRowProps(selection, order.id)}>
      <SelectRowCell selection={selection} item={order} name={`order ${order.number ?? order.id}`} />
      <Table.Td>
        <AnchorLink to="/orders/$orderId" params={{ orderId: order.id }} fw={600}>
          {order.number ?? 'Checkout'}
        </AnchorLink>
      </Table.Td>
      <Table.Td>{formatTime(order.placed_at ?? order.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm">{buyerName(order)}</Text>
        {order.email && buyerName(order) !== order.email && (
          <Text size="xs" c="dimmed">
            {order.email}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={order.status} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={order.financial_status} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={order.fulfillment_status} />
      </Table.Td>
      <Table.Td ta="right">{formatMoney(order.total_price, order.currency)}</Table.Td>
    </Table.Tr>
  );
}
