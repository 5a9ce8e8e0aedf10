import { Badge, Grid, Group, Loader, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useInventory } from '../../../api/inventory';
import type { Sku } from '../../../api/products';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { SearchField } from '../../../components/search-field';
import type { InventorySearch } from './search';
import { StockInput } from './stock-input';

const route = getRouteApi('/_shell/inventory');

/** Every sku that counts its stock, low stock first, its stock editable where it stands. */
export function InventoryPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const skus = useInventory(search);
  const filter = (change: Partial<InventorySearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.q || search.low);

  return (
    <Stack gap="md">
      <Group gap="sm" align="baseline">
        <Title order={1}>Inventory</Title>
        {skus.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Text c="dimmed" size="sm">
        The skus that count their stock, those at or below their low threshold first. Type a new stock and press Enter, or leave the box, to save it.
      </Text>
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 8, lg: 6 }}>
            <SearchField value={search.q} onSearch={(q) => filter({ q })} placeholder="Product name or sku code…" title="Each word is found anywhere in the product's name, its permalink or the sku's code" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 6 }}>
            <Switch label="Low stock only" checked={search.low ?? false} onChange={(event) => filter({ low: event.currentTarget.checked || undefined })} mb={8} />
          </Grid.Col>
        </Grid>
      </Paper>
      <ListPanel
        query={skus}
        noun="skus"
        label="Inventory"
        minWidth={600}
        empty={filtered ? 'No sku matches these filters.' : 'No sku counts its stock yet: turn on stock tracking on a sku of a product.'}
        columns={
          <>
            <Table.Th>Sku</Table.Th>
            <Table.Th>In stock</Table.Th>
            <Table.Th ta="right">Low at</Table.Th>
            <Table.Th>State</Table.Th>
          </>
        }
        row={(sku) => <InventoryRow key={sku.id} sku={sku} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function InventoryRow({ sku }: { sku: Sku }) {
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/products/$productId" params={{ productId: sku.product_id }} fw={600}>
          {sku.name}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {sku.code ?? 'No code'}
        </Text>
      </Table.Td>
      <Table.Td>
        <StockInput sku={sku} />
      </Table.Td>
      <Table.Td ta="right">{sku.low_threshold ?? '—'}</Table.Td>
      <Table.Td>
        <StockState sku={sku} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Out of stock, low (at or below the threshold, as the API's `low_stock`), or in stock. */
function StockState({ sku }: { sku: Sku }) {
  const stock = sku.in_stock ?? 0;
  if (stock <= 0) return <Badge color="red" variant="light" radius="sm">Out of stock</Badge>;
  if (sku.low_threshold !== null && stock <= sku.low_threshold) return <Badge color="orange" variant="light" radius="sm">Low</Badge>;
  return <Badge color="green" variant="light" radius="sm">In stock</Badge>;
}
