import { Badge, Group } from '@mantine/core';
import type { Customer } from 'storefront/client';

/** Whether the email is proven and the account may sign in. */
export function AccountBadges({ customer }: { customer: Customer }) {
  return (
    <Group gap={6}>
      <Badge color={customer.is_verified ? 'green' : 'gray'} variant="light" radius="sm">
        {customer.is_verified ? 'Verified' : 'Not verified'}
      </Badge>
      {!customer.is_active && (
        <Badge color="red" variant="light" radius="sm">
          Deactivated
        </Badge>
      )}
    </Group>
  );
}
