import { Table, Text } from '@mantine/core';
import type { SalesReport } from 'storefront/client';
import { AnchorLink } from '../../components/links';
import { Section } from '../../components/section';
import { formatMoney } from '../../lib/format';

/** The period's best-selling products, by what the shop kept of their sales. */
export function TopProducts({ report }: { report: SalesReport }) {
  return (
    <Section title="Top products, last 30 days">
      {report.top_products.length === 0 ? (
        <Text size="sm" c="dimmed">
          No product sold in these days.
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label="Top products">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th ta="right">Units</Table.Th>
              <Table.Th ta="right">Net sales</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.top_products.map((product) => (
              <Table.Tr key={product.product_id}>
                <Table.Td>
                  <AnchorLink to="/products/$productId" params={{ productId: product.product_id }} size="sm">
                    {product.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">{product.units_sold.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{formatMoney(product.total_sales, report.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}

/** The period's customers who spent most, refunds taken off. */
export function TopCustomers({ report }: { report: SalesReport }) {
  return (
    <Section title="Top customers, last 30 days">
      {report.top_customers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No customer bought in these days.
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label="Top customers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Customer</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th ta="right">Net sales</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.top_customers.map((customer) => (
              <Table.Tr key={customer.customer_id}>
                <Table.Td>
                  <AnchorLink to="/customers/$customerId" params={{ customerId: customer.customer_id }} size="sm">
                    {customer.name ?? customer.email ?? customer.customer_id}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">{customer.order_count.toLocaleString()}</Table.Td>
                <Table.Td ta="right">{formatMoney(customer.total_sales, report.currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
