import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SalesReport } from 'storefront/client';
import { AnchorLink } from '../../components/links';
import { Section } from '../../components/section';
import { formatMoney } from '../../lib/format';

interface Ranked {
  key: string;
  /** The record's name, a link to its screen. */
  name: ReactNode;
  count: number;
  sales: number;
}

/** A period's ranking: a record a row, how many it counts, and its sales net of refunds. */
function RankedTable({ title, noun, countLabel, empty, rows, currency }: { title: string; noun: string; countLabel: string; empty: string; rows: Ranked[]; currency: string }) {
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={title.split(',')[0]}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{noun}</Table.Th>
              <Table.Th ta="right">{countLabel}</Table.Th>
              <Table.Th ta="right">Net sales</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{row.count.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.sales, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The period's best-selling products, by what the shop kept of their sales. */
export function TopProducts({ report }: { report: SalesReport }) {
  const rows = report.top_products.map((product) => ({
    key: product.product_id,
    name: (
      <AnchorLink to="/products/$productId" params={{ productId: product.product_id }} size="sm">
        {product.name}
      </AnchorLink>
    ),
    count: product.units_sold,
    sales: product.total_sales,
  }));
  return <RankedTable title="Top products, last 30 days" noun="Product" countLabel="Units" empty="No product sold in these days." rows={rows} currency={report.currency} />;
}

/** The period's customers who spent most, refunds taken off. */
export function TopCustomers({ report }: { report: SalesReport }) {
  const rows = report.top_customers.map((customer) => ({
    key: customer.customer_id,
    name: (
      <AnchorLink to="/customers/$customerId" params={{ customerId: customer.customer_id }} size="sm">
        {customer.name ?? customer.email ?? customer.customer_id}
      </AnchorLink>
    ),
    count: customer.order_count,
    sales: customer.total_sales,
  }));
  return <RankedTable title="Top customers, last 30 days" noun="Customer" countLabel="Orders" empty="No customer bought in these days." rows={rows} currency={report.currency} />;
}
