import { Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { Customer } from 'storefront/client';
import { useCustomerOrders } from '../../../api/customers';
import { AnchorLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { QueryPanel } from '../../../components/query-panel';
import { Section } from '../../../components/section';
import { StatusBadge } from '../../../components/status-badge';
import { TableScroll } from '../../../components/table-scroll';
import { formatMoney, formatTime } from '../../../lib/format';

/** The orders that belong to the customer, newest first, each a link to its screen. */
export function CustomerOrders({ customer }: { customer: Customer }) {
  const [page, setPage] = useState(1);
  const orders = useCustomerOrders(customer.id, page);
  return (
    <Section title="Orders">
      <QueryPanel query={orders} what="orders" empty="">
        {(list) =>
          list.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No orders yet. A guest's orders join an account once it verifies its email.
            </Text>
          ) : (
            <>
              <TableScroll label="Orders of the customer" minWidth={520}>
                <Table verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Payment</Table.Th>
                      <Table.Th>Fulfilment</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.data.map((order) => (
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
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
              <Pager pagination={list.meta.pagination} noun="orders" onPage={setPage} />
            </>
          )
        }
      </QueryPanel>
    </Section>
  );
}
