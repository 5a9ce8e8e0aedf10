import { ActionIcon, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Sku } from '../../../api/price-lists';
import { useSkusById } from '../../../api/price-lists';
import { useSkuSearch } from '../../../api/staff-orders';
import { AmountInput } from '../../../components/amount-input';
import { TableScroll } from '../../../components/table-scroll';
import { formatMoney, toMinor } from '../../../lib/format';
import type { PriceRow } from './price-list-values';

/** A sku as staff recognise it: its name and code. */
const skuWords = (sku: Sku) => (sku.code ? `${sku.name} · ${sku.code}` : sku.name);

/**
 * The prices of a list, a row a sku: found by name or sku code (the skus listing's search), each at a
 * price typed in its currency (the store's unless staff choose a market's). `errorOf` gives the
 * server's word on a row's field (`prices.2.price`) or the row itself (`prices.2`: a sku twice).
 */
export function PricesTable({ rows, storeCurrency, currencies, readOnly, inputProps, errorOf, onAdd, onRemove, onCurrency }: {
  rows: PriceRow[];
  storeCurrency: string;
  /** The markets' currencies besides the store's: a choice of currency only when there are some. */
  currencies: string[];
  readOnly: boolean;
  inputProps: (path: string) => object;
  errorOf: (path: string) => string | undefined;
  onAdd: (sku: Sku) => void;
  onRemove: (index: number) => void;
  onCurrency: (index: number, currency: string | null) => void;
}) {
  const [typed, setTyped] = useState('');
  const [words] = useDebouncedValue(typed, 200);
  const found = useSkuSearch(words);
  // The skus picked from a search, known before the list is saved and read again.
  const [picked, setPicked] = useState(new Map<string, Sku>());
  const saved = useSkusById(rows.map((row) => row.sku_id).filter((id) => !picked.has(id)));
  const skuOf = (id: string) => picked.get(id) ?? saved.data?.get(id);
  const nameOf = (id: string) => {
    const sku = skuOf(id);
    return sku ? skuWords(sku) : saved.isPending ? 'Loading…' : `${id} (deleted)`;
  };

  const add = (id: string | null) => {
    const sku = found.data?.find((candidate) => candidate.id === id);
    if (!sku) return;
    setPicked((previous) => new Map(previous).set(sku.id, sku));
    onAdd(sku);
    setTyped('');
  };

  return (
    <Stack gap="sm">
      {!readOnly && (
        <Select
          label="Add a sku"
          description="By its product’s name or its sku code"
          placeholder="Name or sku code"
          searchable
          searchValue={typed}
          onSearchChange={setTyped}
          data={(found.data ?? []).map((sku) => ({ value: sku.id, label: `${skuWords(sku)} · ${formatMoney(sku.price, storeCurrency)}` }))}
          value={null}
          onChange={add}
          // The server has searched: show what it found as it is.
          filter={({ options }) => options}
          nothingFoundMessage={words.trim().length < 2 ? 'Type two letters or more' : found.isFetching ? 'Searching…' : 'No sku of that name or code'}
        />
      )}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No prices yet: add the skus the groups pay less for.
        </Text>
      ) : (
        <TableScroll label="Prices" minWidth={currencies.length > 0 ? 640 : 520}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sku</Table.Th>
                <Table.Th>Regular price</Table.Th>
                {currencies.length > 0 && <Table.Th>Currency</Table.Th>}
                <Table.Th>List price</Table.Th>
                <Table.Th aria-label="Remove" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => {
                const name = nameOf(row.sku_id);
                const sku = skuOf(row.sku_id);
                const currency = row.currency ?? storeCurrency;
                const rowProblem = errorOf(`prices.${index}`) ?? errorOf(`prices.${index}.sku_id`);
                // Members pay the lowest price that applies: a list price at or above the regular one is never paid.
                const isNotLower = sku !== undefined && row.currency === null && row.price !== '' && toMinor(Number(row.price), currency) >= sku.price;
                return (
                  <Table.Tr key={`${row.sku_id} ${index}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      {rowProblem && (
                        <Text size="xs" c="red.8" role="alert">
                          {rowProblem}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{sku ? formatMoney(sku.price, storeCurrency) : '—'}</Table.Td>
                    {currencies.length > 0 && (
                      <Table.Td>
                        <Select
                          aria-label={`Currency of ${name}`}
                          size="xs"
                          w={110}
                          data={[storeCurrency, ...currencies]}
                          value={currency}
                          allowDeselect={false}
                          readOnly={readOnly}
                          error={errorOf(`prices.${index}.currency`)}
                          onChange={(code) => onCurrency(index, code === storeCurrency ? null : code)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <AmountInput
                        currency={currency}
                        label={undefined}
                        aria-label={`List price of ${name} (${currency})`}
                        description={isNotLower ? 'Not below the regular price: never paid' : undefined}
                        inputWrapperOrder={['input', 'description', 'error']}
                        size="xs"
                        w={140}
                        readOnly={readOnly}
                        {...inputProps(`prices.${index}.price`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      {!readOnly && (
                        <Group justify="flex-end">
                          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(index)}>
                            ×
                          </ActionIcon>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
