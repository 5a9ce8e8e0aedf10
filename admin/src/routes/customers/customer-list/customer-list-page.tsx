import { Group, Loader, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { Customer } from 'storefront/client';
import { useCustomers } from '../../../api/customers';
import { ListPanel } from '../../../components/list-panel';
import { SelectionBar, SelectPageCell, SelectRowCell, selectedRowProps, useRowSelection, type RowSelection } from '../../../components/row-selection';
import { useSearchAsTyped } from '../../../components/search-field';
import { CustomerCells, CustomerColumns } from '../customer-cells';
import { customerName } from '../customer-name';
import { CustomerBulkActions } from './customer-bulk-actions';

const route = getRouteApi('/_shell/customers');

/** Customers, oldest first, searched and paged by the server. */
export function CustomerListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useCustomers(search);
  const page = customers.data?.data ?? [];
  const selection = useRowSelection(page);
  const searchAsTyped = useSearchAsTyped((q) => void navigate({ search: { q }, replace: true }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Customers</Title>
        {customers.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Paper withBorder p="md">
        <TextInput
          type="search"
          label="Search"
          description="Words that start the email, the first or the last name"
          placeholder="ada, lovelace, ada@example.com…"
          defaultValue={search.q ?? ''}
          {...searchAsTyped}
        />
      </Paper>
      <SelectionBar selection={selection} noun="customers">
        <CustomerBulkActions selection={selection} />
      </SelectionBar>
      <ListPanel
        query={customers}
        noun="customers"
        label="Customers"
        minWidth={760}
        empty={search.q ? `No customer matches “${search.q}”.` : 'No customers yet: they appear here as buyers check out or sign up.'}
        columns={
          <>
            <SelectPageCell selection={selection} page={page} />
            <CustomerColumns />
          </>
        }
        row={(customer) => <CustomerRow key={customer.id} customer={customer} selection={selection} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function CustomerRow({ customer, selection }: { customer: Customer; selection: RowSelection<Customer> }) {
  return (
    <Table.Tr {...selectedRowProps(selection, customer.id)}>
      <SelectRowCell selection={selection} item={customer} name={customerName(customer)} />
      <CustomerCells customer={customer} />
    </Table.Tr>
  );
}
