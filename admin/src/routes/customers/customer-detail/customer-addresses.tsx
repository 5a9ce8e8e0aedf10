import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import type { Address, Customer } from 'storefront/client';
import { useDeleteAddress } from '../../../api/customers';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { AddressDialog } from './address-dialog';

/** The address as it is written on a parcel, one line a part. */
export function addressLines(address: Address): string[] {
  return [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company ?? '',
    address.address1,
    address.address2 ?? '',
    [address.postcode, address.city].join(' '),
    [address.state, address.country].filter(Boolean).join(', '),
    address.phone,
  ].filter((line) => line.trim() !== '');
}

/** The customer's addresses: the primary one first is its default; add, change or delete them. */
export function CustomerAddresses({ customer }: { customer: Customer }) {
  // null: closed; 'new': adding; an address: changing it.
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const remove = useDeleteAddress(customer.id);

  const confirmDelete = (address: Address) =>
    modals.openConfirmModal({
      title: 'Delete the address?',
      children: (
        <Text size="sm">
          {address.address1}, {address.city} is deleted from the customer's addresses{address.is_primary ? '; the oldest other address becomes the primary one' : ''}. Orders keep their
          own copy. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete address', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(address.id, { onSuccess: () => notifyDone('Address deleted'), onError: (error) => notifyProblem('The address was not deleted', error) }),
    });

  return (
    <Section title="Addresses" actions={<WriteButton action="customer.update" size="xs" variant="default" onClick={() => setEditing('new')}>Add address</WriteButton>}>
      {customer.addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          No addresses.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {customer.addresses.map((address) => {
            const label = `${address.address1}, ${address.city}`;
            return (
              <Paper key={address.id} withBorder p="sm" component="article" aria-label={label}>
                <Stack gap={2}>
                  {address.is_primary && (
                    <Badge variant="light" radius="sm" mb={4}>
                      Primary
                    </Badge>
                  )}
                  {addressLines(address).map((line, i) => (
                    <Text key={i} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
                <Group gap="xs" mt="sm">
                  <WriteButton action="customer.update" size="xs" variant="default" onClick={() => setEditing(address)} aria-label={`Edit ${label}`}>
                    Edit
                  </WriteButton>
                  <WriteButton action="customer.update" size="xs" variant="default" color="red" onClick={() => confirmDelete(address)} aria-label={`Delete ${label}`}>
                    Delete
                  </WriteButton>
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      <AddressDialog customerId={customer.id} address={editing === 'new' ? null : editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Section>
  );
}
