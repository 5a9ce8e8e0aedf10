import { Badge, Grid, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useDiscounts, type Discount } from '../../../api/discounts';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { SearchField } from '../../../components/search-field';
import { WriteButton } from '../../../components/write-button';
import { datesInWords, discountState, kindOptions, scopeInWords, stateColours, stateWords, usageInWords, valueInWords } from '../discount-words';
import type { DiscountListSearch } from './search';

const route = getRouteApi('/_shell/discounts');

const statuses = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const types = [
  { value: 'false', label: 'Codes' },
  { value: 'true', label: 'Automatic' },
];

/** Discount codes and automatic discounts, searched, filtered and paged by the server. */
export function DiscountListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const discounts = useDiscounts(search);
  const currency = useStore().data?.currency ?? 'USD';
  const filter = (change: Partial<DiscountListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.q || search.is_active !== undefined || search.kind || search.automatic !== undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm" align="baseline">
          <Title order={1}>Discounts</Title>
          {discounts.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="discount.create" onClick={() => void go({ to: '/discounts/new' })}>New discount</WriteButton>
      </Group>
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, lg: 3 }}>
            <SearchField value={search.q} onSearch={(q) => filter({ q })} placeholder="Code or title…" title="Words of the discount's code or title" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <Select
              label="Status"
              placeholder="Any"
              data={statuses}
              value={search.is_active === undefined ? null : String(search.is_active)}
              onChange={(value) => filter({ is_active: value === null ? undefined : value === 'true' })}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <Select
              label="Type"
              placeholder="Any"
              data={types}
              value={search.automatic === undefined ? null : String(search.automatic)}
              onChange={(value) => filter({ automatic: value === null ? undefined : value === 'true' })}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <Select label="Kind" placeholder="Any" data={kindOptions} value={search.kind ?? null} onChange={(value) => filter({ kind: (value ?? undefined) as DiscountListSearch['kind'] })} clearable />
          </Grid.Col>
        </Grid>
      </Paper>
      <ListPanel
        query={discounts}
        noun="discounts"
        label="Discounts"
        minWidth={880}
        empty={filtered ? 'No discount matches these filters.' : 'No discounts yet: make a code for buyers to enter, or one that applies by itself, with New discount.'}
        columns={
          <>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Value</Table.Th>
            <Table.Th>Applies to</Table.Th>
            <Table.Th>Used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Dates</Table.Th>
          </>
        }
        row={(discount) => <DiscountRow key={discount.id} discount={discount} currency={currency} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function DiscountRow({ discount, currency }: { discount: Discount; currency: string }) {
  const state = discountState(discount);
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/discounts/$discountId" params={{ discountId: discount.id }} fw={600} ff={discount.code ? 'monospace' : undefined}>
          {discount.code ?? discount.title}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {discount.code ? discount.title : 'Automatic'}
        </Text>
      </Table.Td>
      <Table.Td>{valueInWords(discount, currency)}</Table.Td>
      <Table.Td>{scopeInWords(discount.applies_to)}</Table.Td>
      <Table.Td>{usageInWords(discount)}</Table.Td>
      <Table.Td>
        <Badge variant="light" radius="sm" color={stateColours[state]}>
          {stateWords[state]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{datesInWords(discount)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
