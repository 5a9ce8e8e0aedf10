import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useDeleteGroup, useGroup, useGroupMembers } from '../../../api/customer-groups';
import { ListPanel } from '../../../components/list-panel';
import { RecordFrame } from '../../../components/record-frame';
import { WriteButton } from '../../../components/write-button';
import { useCan } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { CustomerCells, CustomerColumns } from '../../customers/customer-cells';
import { confirmDelete } from '../../settings/shared/confirm-delete';
import { GroupDialog } from '../group-dialog';
import { DELETE_CONSEQUENCE, membersInWords } from '../group-words';

const route = getRouteApi('/_shell/customer-groups/$groupId');

/** One group: its name, and its members a page at a time (`GET /v1/customers?group_id=`). */
export function GroupPage() {
  const { groupId } = route.useParams();
  const group = useGroup(groupId);
  const [page, setPage] = useState(1);
  const members = useGroupMembers(groupId, page);
  const remove = useDeleteGroup();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const look = useCan().can('customer_group.update') ? 'Rename' : 'View name';

  return (
    <RecordFrame query={group} noun="group" back={{ to: '/customer-groups', label: 'Customer groups' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Title order={1}>{data.name}</Title>
              <Text size="sm" c="dimmed">
                {membersInWords(data.customer_count)} · created {formatTime(data.created_at)} · {data.id}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button variant="default" onClick={() => setRenaming(true)}>
                {look}
              </Button>
              <WriteButton
                action="customer_group.delete"
                variant="default"
                color="red"
                onClick={() =>
                  confirmDelete({
                    what: 'group',
                    name: data.name,
                    consequence: DELETE_CONSEQUENCE,
                    id: data.id,
                    remove,
                    onDeleted: () => void navigate({ to: '/customer-groups' }),
                  })
                }
              >
                Delete group
              </WriteButton>
            </Group>
          </Group>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Members
            </Title>
            <Text size="sm" c="dimmed">
              Add a customer to the group, or take one out, on the customer’s page (its Groups).
            </Text>
          </Stack>
          <ListPanel
            query={members}
            noun="customers"
            what="members"
            label="Members"
            minWidth={760}
            empty="No customers in this group yet: add them from their pages."
            columns={<CustomerColumns />}
            row={(customer) => (
              <Table.Tr key={customer.id}>
                <CustomerCells customer={customer} />
              </Table.Tr>
            )}
            onPage={setPage}
          />
          <GroupDialog group={renaming ? data : undefined} onClose={() => setRenaming(false)} />
        </>
      )}
    </RecordFrame>
  );
}
