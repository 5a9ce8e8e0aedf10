import { Stack, Text } from '@mantine/core';
import type { Order } from 'storefront/client';
import { useAllMarkets } from '../../../api/markets';
import { useStore } from '../../../api/store';
import { Section } from '../../../components/section';
import { useCan } from '../../../lib/access';
import { rateWords } from '../../../lib/format';
import { languageLabel } from '../../../lib/locales';

/**
 * The market the order was placed in, its currency and the rate kept with it (`EUR at 0.92 per
 * USD`: what reports convert it back at), and the buyer's language. Shown only for an order placed
 * in a market or in another currency than the store's.
 */
export function OrderMarket({ order }: { order: Order }) {
  const { can } = useCan();
  const store = useStore();
  const markets = useAllMarkets(can('market.read') && order.market_id !== null);
  const storeCurrency = store.data?.currency;
  if (order.market_id === null && (storeCurrency === undefined || order.currency === storeCurrency)) return null;
  const market = markets.data?.find((candidate) => candidate.id === order.market_id);
  return (
    <Section title="Market">
      <Stack gap={4}>
        {order.market_id !== null && (
          <Text size="sm">
            <Text span fw={600}>
              {market?.name ?? order.market_id}
            </Text>
            {market === undefined && markets.isSuccess ? ' (deleted since)' : ''}
          </Text>
        )}
        <Text size="sm">{order.exchange_rate && storeCurrency ? rateWords(order.currency, order.exchange_rate, storeCurrency) : `In ${order.currency}`}</Text>
        {order.locale && <Text size="sm">Language: {languageLabel(order.locale)}</Text>}
      </Stack>
    </Section>
  );
}
