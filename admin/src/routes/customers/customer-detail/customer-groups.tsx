import { Group, Pill, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Customer } from 'storefront/client';
import { useAllGroups } from '../../../api/customer-groups';
import { useUpdateCustomer } from '../../../api/customers';
import { AnchorLink } from '../../../components/links';
import { Section } from '../../../components/section';
import { useCan } from '../../../lib/access';
import { notifyDone } from '../../../lib/notify';
import { splitProblem } from '../../../lib/problems';

/**
 * The groups a customer is in, as chips: staff add one from the store's groups or take one out, each
 * saved at once through the customer update's `group_ids` (the list sent replaces the customer's).
 */
export function CustomerGroups({ customer }: { customer: Customer }) {
  const { can } = useCan();
  const readsGroups = can('customer_group.read');
  const mayChange = can('customer.update');
  const groups = useAllGroups(readsGroups);
  const save = useUpdateCustomer(customer.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const nameOf = (id: string) => groups.data?.find((group) => group.id === id)?.name ?? id;
  const others = (groups.data ?? []).filter((group) => !customer.group_ids.includes(group.id));
  // A role that may not read the groups (fulfilment) would see only their ids.
  if (!readsGroups) return null;

  const change = (groupIds: string[], done: string) => {
    setProblem(null);
    setTyped('');
    save.mutate(
      { email: customer.email, group_ids: groupIds },
      {
        onSuccess: () => notifyDone(done),
        onError: (error) => {
          const { fields, rest } = splitProblem(error, ['group_ids']);
          setProblem([...Object.values(fields), rest].filter(Boolean).join(' · '));
        },
      },
    );
  };

  return (
    <Section title="Groups">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Signed in, the customer pays the prices of their groups’ price lists.
        </Text>
        {customer.group_ids.length === 0 ? (
          <Text size="sm">In no group.</Text>
        ) : (
          <Group gap="xs" component="ul" aria-label="Groups of the customer" p={0} m={0} style={{ listStyle: 'none' }}>
            {customer.group_ids.map((id) => (
              <li key={id}>
                <Pill
                  size="md"
                  withRemoveButton={mayChange}
                  disabled={save.isPending}
                  removeButtonProps={{ 'aria-label': `Take the customer out of ${nameOf(id)}` }}
                  onRemove={() => change(customer.group_ids.filter((other) => other !== id), `Taken out of ${nameOf(id)}`)}
                >
                  <AnchorLink to="/customer-groups/$groupId" params={{ groupId: id }} size="sm" c="inherit">
                    {nameOf(id)}
                  </AnchorLink>
                </Pill>
              </li>
            ))}
          </Group>
        )}
        {mayChange && (
          groups.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              The store has no groups yet: create one in <AnchorLink to="/customer-groups" underline="always">Customer groups</AnchorLink>.
            </Text>
          ) : (
            <Select
              label="Add to a group"
              placeholder={others.length === 0 && groups.data ? 'In every group already' : 'Choose a group'}
              data={others.map((group) => ({ value: group.id, label: group.name }))}
              value={null}
              searchable
              searchValue={typed}
              onSearchChange={setTyped}
              nothingFoundMessage="No group of that name"
              disabled={save.isPending || others.length === 0}
              onChange={(id) => id && change([...customer.group_ids, id], `Added to ${nameOf(id)}`)}
              error={problem}
            />
          )
        )}
      </Stack>
    </Section>
  );
}
