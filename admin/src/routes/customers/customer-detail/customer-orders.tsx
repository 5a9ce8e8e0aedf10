import { Table } from '@mantine/core';
import { useState } from 'react';
import type { Customer } from 'storefront/client';
import { useCustomerOrders } from '../../../api/customers';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { Section } from '../../../components/section';
import { StatusBadge } from '../../../components/status-badge';
import { formatMoney, formatTime } from '../../../lib/format';

/** The orders that belong to the customer, newest first, each a link to its screen. */
export function CustomerOrders({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customer.id, page);
  return (
    <Section title="Orders">
      <ListPanel
        query={orders}
        noun="orders"
        label="Orders of the customer"
        minWidth={520}
        inSection
        empty="No orders yet. A guest's orders join an account once it verifies its email."
        columns={
          <>
            <Table.Th>Order</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Fulfilment</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </>
        }
        row={(order) => (
          <Table.Tr key={order.id}>
            <Table.Td>
              <AnchorLink to="/orders/$orderId" params={{ orderId: order.id }} fw={600}>
                {order.number ?? 'Checkout'}
              </AnchorLink>
            </Table.Td>
            <Table.Td>{formatTime(order.placed_at ?? order.created_at)}</Table.Td>
            <Table.Td>
              <StatusBadge status={order.financial_status} />
            </Table.Td>
            <Table.Td>
              <StatusBadge status={order.fulfillment_status} />
            </Table.Td>
            <Table.Td ta="right">{formatMoney(order.total_price, order.currency)}</Table.Td>
          </Table.Tr>
        )}
        onPage={setPage}
      />
    </Section>
  );
}
