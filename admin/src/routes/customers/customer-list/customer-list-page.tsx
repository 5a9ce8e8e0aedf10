import { Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Customer } from 'storefront/client';
import { useCustomers } from '../../../api/customers';
import { AnchorLink } from '../../../components/links';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { TableScroll } from '../../../components/table-scroll';
import { formatTime } from '../../../lib/format';
import { AccountBadges } from '../account-badges';
import { customerName } from '../customer-name';

const route = getRouteApi('/_shell/customers');

/** Customers, oldest first, paged by the server; an email finds its customer. */
export function CustomerListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const customers = useCustomers(search);
  const [email, setEmail] = useState(search.email ?? '');

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    void navigate({ search: { email: email.trim() === '' ? undefined : email.trim() }, replace: true });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Customers</Title>
        {customers.isFetching && <Loader size="xs" aria-label="Loading" />}
      </Group>
      <Paper withBorder p="md">
        <form onSubmit={find} role="search" aria-label="Customers">
          <Group align="flex-end" gap="sm">
            <TextInput
              type="search"
              label="Email"
              description="The whole address, in any case"
              placeholder="ada@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              style={{ flex: '1 1 280px' }}
            />
            <AnchorLink to="/customers" search={{}} size="sm" mb={8} onClick={() => setEmail('')} hidden={!search.email}>
              Show all customers
            </AnchorLink>
          </Group>
        </form>
      </Paper>
      {customers.error ? (
        <ProblemAlert error={customers.error} title="The customers could not be read" />
      ) : !customers.data ? (
        <Loader aria-label="Loading customers" />
      ) : customers.data.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed">
            {search.email ? `No customer has the email ${search.email}.` : 'No customers yet: they appear here as buyers check out or sign up.'}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder>
          <TableScroll label="Customers" minWidth={720}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Tags</Table.Th>
                  <Table.Th>Since</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customers.data.data.map((customer) => (
                  <CustomerRow key={customer.id} customer={customer} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Paper>
      )}
      {customers.data && customers.data.data.length > 0 && (
        <Pager pagination={customers.data.meta.pagination} noun="customers" onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })} />
      )}
    </Stack>
  );
}

function CustomerRow({ customer }: { customer: Customer }) {
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/customers/$customerId" params={{ customerId: customer.id }} fw={600}>
          {customerName(customer)}
        </AnchorLink>
      </Table.Td>
      <Table.Td>{customer.email}</Table.Td>
      <Table.Td>
        <AccountBadges customer={customer} />
      </Table.Td>
      <Table.Td>{customer.tags.join(', ') || '—'}</Table.Td>
      <Table.Td>{formatTime(customer.created_at)}</Table.Td>
    </Table.Tr>
  );
}
