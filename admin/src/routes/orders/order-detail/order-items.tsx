import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { Order } from 'storefront/client';
import { AnchorLink } from '../../../components/links';
import { Section } from '../../../components/section';
import { TableScroll } from '../../../components/table-scroll';
import { formatMoney } from '../../../lib/format';
import { moneyOf } from './order-money';

/** The lines bought, what they cost, and the money in and out. */
export function OrderItems({ order }: { order: Order }) {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const paid = moneyOf(order);
  const taxIncluded = order.total_price === order.subtotal_price + order.shipping_rate && order.total_taxes > 0;
  return (
    <Section title="Items">
      <TableScroll label="Items" minWidth={560}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Shipped</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <AnchorLink to="/products/$productId" params={{ productId: item.product_id }} size="sm" fw={500}>
                    {item.product_name}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    {[item.sku_name !== item.product_name ? item.sku_name : null, item.code, item.vendor].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{money(item.price)}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{item.is_shipping_required ? `${item.fulfilled} of ${item.quantity}` : 'Not shipped'}</Table.Td>
                <Table.Td ta="right">{money(item.subtotal)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Stack gap={4} mt="md" ml="auto" maw={320}>
        <Line label={`Items (${order.total_items})`} value={money(order.total_items_price)} />
        {order.total_discount > 0 && <Line label={discountLabel(order)} value={`−${money(order.total_discount)}`} />}
        <Line label={order.shipping_lines ? `Shipping (${order.shipping_lines.title})` : 'Shipping'} value={money(order.shipping_rate)} />
        <Line label={taxIncluded ? 'Taxes (included)' : 'Taxes'} value={money(order.total_taxes)} />
        <Divider my={4} />
        <Line label="Total" value={money(order.total_price)} strong />
        <Line label="Paid" value={money(paid.captured)} />
        {paid.refunded > 0 && <Line label="Refunded" value={`−${money(paid.refunded)}`} />}
      </Stack>
    </Section>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/** "Discount (WELCOME10, automatic)": the codes the buyer entered and whether an automatic one applied. */
function discountLabel(order: Order): string {
  const names = order.discount_codes.map((discount) => discount.code ?? 'automatic');
  return names.length > 0 ? `Discount (${[...new Set(names)].join(', ')})` : 'Discount';
}
