import { Table, Text } from '@mantine/core';
import type { Order } from 'storefront/client';
import { Section } from '../../../components/section';
import { StatusBadge } from '../../../components/status-badge';
import { TableScroll } from '../../../components/table-scroll';
import { formatMoney, formatTime, humanise } from '../../../lib/format';

/** Every transaction of the order's payment, oldest first: the charge or authorization, then staff's moves. */
export function OrderPayments({ order }: { order: Order }) {
  return (
    <Section title="Payments">
      <Text size="sm" mb="sm">
        {order.gateway ? `Through ${order.gateway}` : 'No gateway chosen'}
        {order.payment_method ? ` · ${order.payment_method}` : ''}
      </Text>
      {order.transactions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment yet.
        </Text>
      ) : (
        <TableScroll label="Payments" minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Card</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.transactions.map((transaction) => (
                <Table.Tr key={transaction.id}>
                  <Table.Td>
                    {humanise(transaction.kind)}
                    {transaction.message && (
                      <Text size="xs" c="dimmed">
                        {transaction.message}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={transaction.status} />
                  </Table.Td>
                  <Table.Td>{formatTime(transaction.created_at)}</Table.Td>
                  <Table.Td>{transaction.credit_card_number ? `${transaction.credit_card_brand ?? 'Card'} ${transaction.credit_card_number}` : '—'}</Table.Td>
                  <Table.Td ta="right">{formatMoney(transaction.amount, transaction.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Section>
  );
}
