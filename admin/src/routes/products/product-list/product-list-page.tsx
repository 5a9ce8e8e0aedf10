import { Badge, Grid, Group, Image, Loader, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useProducts, type Product } from '../../../api/products';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { SelectionBar, SelectPageCell, SelectRowCell, selectedRowProps, useRowSelection, type RowSelection } from '../../../components/row-selection';
import { SearchField } from '../../../components/search-field';
import { WriteButton } from '../../../components/write-button';
import { formatMoney } from '../../../lib/format';
import { isPublished } from '../product-edit/publishing';
import { ProductBulkActions } from './product-bulk-actions';
import type { ProductListSearch } from './search';

const route = getRouteApi('/_shell/products');

const yesNo = (yes: string, no: string) => [
  { value: 'true', label: yes },
  { value: 'false', label: no },
];

const sorts = [
  { value: 'created-descending', label: 'Newest first' },
  { value: 'created-ascending', label: 'Oldest first' },
  { value: 'name-ascending', label: 'Name, A to Z' },
  { value: 'name-descending', label: 'Name, Z to A' },
  { value: 'price-ascending', label: 'Price, lowest first' },
  { value: 'price-descending', label: 'Price, highest first' },
];

const asFlag = (value: string | null) => (value === null ? undefined : value === 'true');

/** Products, searched, filtered and paged by the server: a shop has thousands. */
export function ProductListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const go = useNavigate();
  const products = useProducts(search);
  const currency = useStore().data?.currency ?? 'USD';
  const filter = (change: Partial<ProductListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.q || search.active !== undefined || search.published !== undefined);
  const page = products.data?.data ?? [];
  const selection = useRowSelection(page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm" align="baseline">
          <Title order={1}>Products</Title>
          {products.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="product.create" onClick={() => void go({ to: '/products/new' })}>New product</WriteButton>
      </Group>
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <SearchField value={search.q} onSearch={(q) => filter({ q })} placeholder="Name, permalink or sku code…" title="Each word is found anywhere in the product's name, its permalink or a sku code" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Active" placeholder="Any" data={yesNo('Active', 'Inactive')} value={search.active === undefined ? null : String(search.active)} onChange={(value) => filter({ active: asFlag(value) })} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Published" placeholder="Any" data={yesNo('Published', 'Not yet published')} value={search.published === undefined ? null : String(search.published)} onChange={(value) => filter({ published: asFlag(value) })} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, lg: 2 }}>
            <Select label="Sort" data={sorts} value={search.sort_by ?? 'created-descending'} onChange={(value) => filter({ sort_by: (value ?? undefined) as ProductListSearch['sort_by'] })} allowDeselect={false} />
          </Grid.Col>
        </Grid>
      </Paper>
      <SelectionBar selection={selection} noun="products">
        <ProductBulkActions selection={selection} currency={currency} />
      </SelectionBar>
      <ListPanel
        query={products}
        noun="products"
        label="Products"
        minWidth={800}
        empty={filtered ? 'No product matches these filters.' : 'No products yet: create the first with New product.'}
        columns={
          <>
            <SelectPageCell selection={selection} page={page} />
            <Table.Th w={56}>
              <VisuallyHidden>Image</VisuallyHidden>
            </Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Vendor</Table.Th>
            <Table.Th>Skus</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
          </>
        }
        row={(product) => <ProductRow key={product.id} product={product} currency={currency} selection={selection} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function ProductRow({ product, currency, selection }: { product: Product; currency: string; selection: RowSelection<Product> }) {
  return (
    <Table.Tr {...selectedRowProps(selection, product.id)}>
      <SelectRowCell selection={selection} item={product} name={product.name} />
      <Table.Td>{product.image_url ? <Image src={product.image_url} alt="" w={40} h={40} radius="sm" fit="cover" /> : null}</Table.Td>
      <Table.Td>
        <AnchorLink to="/products/$productId" params={{ productId: product.id }} fw={600}>
          {product.name}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          {product.permalink}
        </Text>
      </Table.Td>
      <Table.Td>{product.vendor?.name ?? '—'}</Table.Td>
      <Table.Td>{product.skus.length}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge variant="light" radius="sm" color={product.is_active ? 'green' : 'gray'}>
            {product.is_active ? 'Active' : 'Inactive'}
          </Badge>
          <Badge variant="light" radius="sm" color={isPublished(product.available_at) ? 'blue' : 'yellow'}>
            {isPublished(product.available_at) ? 'Published' : 'Scheduled'}
          </Badge>
        </Group>
      </Table.Td>
      <Table.Td ta="right">{formatMoney(product.price, currency)}</Table.Td>
    </Table.Tr>
  );
}
