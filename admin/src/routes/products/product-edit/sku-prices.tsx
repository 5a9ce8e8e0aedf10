import { ActionIcon, Button, Grid, Group, Input, List, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useAllMarkets } from '../../../api/markets';
import type { Sku } from '../../../api/products';
import { useCan } from '../../../lib/access';
import { formatMoney, minorDigits, toMajor, toMinor } from '../../../lib/format';

/** A fixed price of a sku in another currency, as staff type it (major units; blank for none). */
export interface FixedPriceValues {
  currency: string;
  price: number | string;
  compared_price: number | string;
}

export type SkuPriceWrite = { currency: string; price: number; compared_price: number | null };

export function fixedPricesOf(sku: Sku | null): FixedPriceValues[] {
  return (sku?.prices ?? []).map((price) => ({
    currency: price.currency,
    price: toMajor(price.price, price.currency),
    compared_price: price.compared_price == null ? '' : toMajor(price.compared_price, price.currency),
  }));
}

/** The rows staff filled in, as the API takes them (a row without a currency is left out). */
export function fixedPricesInput(rows: FixedPriceValues[]): SkuPriceWrite[] {
  return rows
    .filter((row) => row.currency !== '')
    .map((row) => ({
      currency: row.currency,
      price: row.price === '' ? 0 : toMinor(Number(row.price), row.currency),
      compared_price: row.compared_price === '' ? null : toMinor(Number(row.compared_price), row.currency),
    }));
}

/**
 * A sku's fixed prices in the markets' currencies (a fixed price wins over the converted one in
 * every market of that currency), edited in the sku's form under `prices`.
 */
export function FixedPricesField({ rows, onChange, inputProps, error, storeCurrency, readOnly }: {
  rows: FixedPriceValues[];
  onChange: (rows: FixedPriceValues[]) => void;
  /** The form's props of a row's field (`prices.0.price`), its server error with them. */
  inputProps: (path: string) => GetInputPropsReturnType;
  error: string | undefined;
  storeCurrency: string;
  readOnly: boolean;
}) {
  const { can } = useCan();
  const markets = useAllMarkets(can('market.read'));
  // The currencies of the markets, the store's own excepted (its price is the sku's price).
  const currencies = useMemo(
    () => [...new Set((markets.data ?? []).map((market) => market.currency))].filter((currency) => currency !== storeCurrency).sort(),
    [markets.data, storeCurrency],
  );
  const free = currencies.filter((currency) => !rows.some((row) => row.currency === currency));
  const input = (index: number, field: keyof FixedPriceValues) => inputProps(`prices.${index}.${field}`);
  return (
    <Input.Wrapper label="Fixed prices" description="A price in a market’s currency that is sold as it is, instead of the converted price" error={error}>
      <Stack gap="xs" mt={6}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            None: every market sells at the converted price.
          </Text>
        )}
        {rows.map((row, index) => {
          const money = { decimalScale: minorDigits(row.currency || storeCurrency), fixedDecimalScale: true, hideControls: true, clampBehavior: 'none' as const, min: 0, readOnly };
          return (
            <Grid key={index} gap="xs" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Select
                  label="Currency"
                  data={[...new Set([row.currency, ...free].filter(Boolean))]}
                  allowDeselect={false}
                  readOnly={readOnly}
                  searchable
                  {...input(index, 'currency')}
                  value={row.currency || null}
                  onChange={(currency) => onChange(rows.map((other, at) => (at === index ? { ...other, currency: currency ?? '' } : other)))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 4 }}>
                <NumberInput label={`Price${row.currency ? ` (${row.currency})` : ''}`} {...money} {...input(index, 'price')} />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 4 }}>
                <NumberInput label="Compared price" {...money} {...input(index, 'compared_price')} />
              </Grid.Col>
              <Grid.Col span={{ base: 2, sm: 1 }}>
                {!readOnly && (
                  <ActionIcon variant="subtle" color="red" mb={4} onClick={() => onChange(rows.filter((_, other) => other !== index))} aria-label={`Remove the price in ${row.currency || 'this currency'}`}>
                    ×
                  </ActionIcon>
                )}
              </Grid.Col>
            </Grid>
          );
        })}
        {!readOnly && (
          <Group>
            <Button size="xs" variant="default" disabled={free.length === 0} title={free.length === 0 ? (currencies.length === 0 ? 'No market sells in another currency' : 'Every market currency has a price') : undefined} onClick={() => onChange([...rows, { currency: free[0] ?? '', price: '', compared_price: '' }])}>
              Add a fixed price
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * What the sku sells at in each market (`market_prices`, written by the server): its fixed price,
 * its converted price, or not sold there (no fixed price and no rate).
 */
export function MarketPrices({ sku }: { sku: Sku }) {
  const { can } = useCan();
  const markets = useAllMarkets(can('market.read'));
  if (!can('market.read') || !markets.data || markets.data.length === 0) return null;
  return (
    <Input.Wrapper label="In each market" description="As saved; a change above shows here once the sku is saved">
      <List size="sm" mt={6} spacing={2} aria-label={`Prices of the sku in each market`}>
        {markets.data.map((market) => {
          const row = sku.market_prices?.find((price) => price.market_id === market.id);
          return (
            <List.Item key={market.id}>
              <Text span size="sm" fw={600}>
                {market.name}
                {market.is_active ? '' : ' (inactive)'}:
              </Text>{' '}
              {row ? `${row.is_fixed ? 'fixed' : 'converted'}: ${formatMoney(row.price, row.currency)}` : 'not sold'}
              {row?.compared_price != null && (
                <Text span size="sm" c="dimmed" td="line-through" ml={6}>
                  {formatMoney(row.compared_price, row.currency)}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Input.Wrapper>
  );
}
