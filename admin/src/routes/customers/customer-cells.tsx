import { Table } from '@mantine/core';
import type { Customer } from 'storefront/client';
import { AnchorLink } from '../../components/links';
import { formatTime } from '../../lib/format';
import { AccountBadges } from './account-badges';
import { customerName } from './customer-name';

/** The header cells of a list of customers (the customer list, a group's members). */
export function CustomerColumns() {
  return (
    <>
      <Table.Th>Customer</Table.Th>
      <Table.Th>Email</Table.Th>
      <Table.Th>Account</Table.Th>
      <Table.Th>Tags</Table.Th>
      <Table.Th>Since</Table.Th>
    </>
  );
}

/** A customer's cells under CustomerColumns: their name linked to their page, email, account, tags and since when. */
export function CustomerCells({ customer }: { customer: Customer }) {
  return (
    <>
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
    </>
  );
}
