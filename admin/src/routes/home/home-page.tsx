import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LOW_STOCK_SHOWN, useFailingWebhooks, useLowStock, useOrdersToShip, useSales } from '../../api/reports';
import { AnchorLink } from '../../components/links';
import { MailNotice } from '../../components/mail-setup';
import { ProblemAlert } from '../../components/problem-alert';
import { Section } from '../../components/section';
import { useAllMarkets } from '../../api/markets';
import { useCan } from '../../lib/access';
import { formatMoney } from '../../lib/format';
import { SalesChart } from './sales-chart';
import { TopCustomers, TopProducts } from './top-sellers';
import { salesFigures } from './sales-figures';

/** The shop at a glance: what sold (net of refunds), and what waits on staff. */
export function HomePage() {
  const sales = useSales();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Home</Title>
        {sales.data && (
          <Text size="sm" c="dimmed">
            Days in {sales.data.timezone}
          </Text>
        )}
      </Group>
      <MailNotice />
      {sales.error ? (
        <ProblemAlert error={sales.error} title="The sales could not be read" />
      ) : !sales.data ? (
        <Loader aria-label="Loading the sales" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }} role="list" aria-label="Sales">
          {salesFigures(sales.data.days).map((figure) => (
            <Tile key={figure.label} label={figure.label}>
              <Text fz={28} fw={700} lh={1.2}>
                {formatMoney(figure.total, sales.data.currency)}
              </Text>
              <Text size="sm" c="dimmed">
                {figure.orders === 1 ? '1 order' : `${figure.orders.toLocaleString()} orders`}
                {figure.refunds > 0 && ` · ${formatMoney(figure.refunds, sales.data.currency)} refunded`}
              </Text>
            </Tile>
          ))}
        </SimpleGrid>
      )}
      {sales.data && <OtherCurrencies currency={sales.data.currency} />}
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <OrdersToShip />
        <LowStock />
        <FailingWebhooks />
      </SimpleGrid>
      {sales.data && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <TopProducts report={sales.data} />
          <TopCustomers report={sales.data} />
        </SimpleGrid>
      )}
      <Section title="Daily sales, last 30 days">{sales.data ? <SalesChart report={sales.data} /> : <Text size="sm" c="dimmed">Loading the sales…</Text>}</Section>
    </Stack>
  );
}

/**
 * Which currencies the figures hold besides the store's: the API counts an order in a market's
 * currency converted back at the rate it kept, and leaves out those that kept none.
 */
function OtherCurrencies({ currency }: { currency: string }) {
  const { can } = useCan();
  const markets = useAllMarkets(can('market.read'));
  const others = [...new Set((markets.data ?? []).map((market) => market.currency))].filter((other) => other !== currency).sort();
  if (others.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" mt={-8}>
      In {currency}: orders in {others.join(', ')} count converted back at the exchange rate each order kept; those of a market without a rate are left out.
    </Text>
  );
}

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" role="listitem" aria-label={label}>
      <Text size="sm" fw={600} c="dimmed" mb={4}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

/** A count of the API's, or what stands in for it while it is read or when it could not be. */
function Count({ value, error }: { value: number | undefined; error: unknown }) {
  if (error) return <ProblemAlert error={error} title="Could not be counted" />;
  return (
    <Text fz={28} fw={700} lh={1.2}>
      {value === undefined ? '…' : value.toLocaleString()}
    </Text>
  );
}

function OrdersToShip() {
  const unshipped = useOrdersToShip('unfulfilled');
  const partly = useOrdersToShip('partially_fulfilled');
  const total = unshipped.data === undefined || partly.data === undefined ? undefined : unshipped.data + partly.data;
  return (
    <Section title="Orders to ship">
      <Count value={total} error={unshipped.error ?? partly.error} />
      <Stack gap={2} mt="xs">
        <AnchorLink to="/orders" search={{ status: 'placed', fulfillment_status: 'unfulfilled' }} size="sm">
          {unshipped.data === undefined ? 'Not shipped' : `${unshipped.data.toLocaleString()} not shipped`}
        </AnchorLink>
        <AnchorLink to="/orders" search={{ status: 'placed', fulfillment_status: 'partially_fulfilled' }} size="sm">
          {partly.data === undefined ? 'Shipped in part' : `${partly.data.toLocaleString()} shipped in part`}
        </AnchorLink>
      </Stack>
    </Section>
  );
}

function LowStock() {
  const low = useLowStock();
  const skus = low.data?.data ?? [];
  const total = low.data?.meta.pagination.total_items;
  return (
    <Section title="Low stock">
      <Count value={total} error={low.error} />
      <Text size="sm" c="dimmed">
        skus at or below their low-stock threshold
      </Text>
      {skus.length > 0 && (
        <Table mt="xs" verticalSpacing={4} aria-label="Low-stock skus">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sku</Table.Th>
              <Table.Th ta="right">In stock</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skus.map((sku) => (
              <Table.Tr key={sku.id}>
                <Table.Td>
                  <AnchorLink to="/products/$productId" params={{ productId: sku.product_id }} size="sm">
                    {sku.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right">
                  {sku.in_stock} / {sku.low_threshold}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {total !== undefined && total > LOW_STOCK_SHOWN && (
        <Text size="sm" mt={4}>
          and {(total - LOW_STOCK_SHOWN).toLocaleString()} more
        </Text>
      )}
    </Section>
  );
}

function FailingWebhooks() {
  const failing = useFailingWebhooks();
  return (
    <Section title="Failing webhooks">
      <Count value={failing.data} error={failing.error} />
      <Text size="sm" c="dimmed">
        endpoints failing since their last delivery went through
      </Text>
      <AnchorLink to="/settings/webhooks" size="sm" mt="xs" display="block">
        {failing.data ? 'See why in the delivery log' : 'Webhook settings'}
      </AnchorLink>
    </Section>
  );
}
