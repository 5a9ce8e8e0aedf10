import { Table } from '@mantine/core';
import { useState } from 'react';
import { useDeleteGroup, useGroups, type CustomerGroup } from '../../../api/customer-groups';
import { AnchorLink } from '../../../components/links';
import { confirmDelete } from '../../settings/shared/confirm-delete';
import { RowActions, SettingsList } from '../../settings/shared/settings-list';
import { GroupDialog } from '../group-dialog';
import { DELETE_CONSEQUENCE, membersInWords } from '../group-words';

/** Customer groups: who a price list sells to (Shopify's companies and segments), with their members. */
export function GroupListPage() {
  const [page, setPage] = useState(1);
  const groups = useGroups(page);
  const remove = useDeleteGroup();
  // The group in the dialog: null to create one, undefined while it is closed.
  const [editing, setEditing] = useState<CustomerGroup | null | undefined>(undefined);

  return (
    <>
      <SettingsList
        object="customer_group"
        title="Customer groups"
        intro="Customers in a group, once signed in, pay the prices of the group’s price lists (Catalogue → Price lists). Add a customer to a group from the customer’s page."
        add="New group"
        onAdd={() => setEditing(null)}
        query={groups}
        noun="groups"
        empty="No groups yet: create one, such as Wholesale, then add customers to it from their pages."
        onPage={setPage}
        columns={['Group', 'Members']}
        minWidth={520}
        row={(group) => (
          <>
            <Table.Td>
              <AnchorLink to="/customer-groups/$groupId" params={{ groupId: group.id }} fw={600}>
                {group.name}
              </AnchorLink>
            </Table.Td>
            <Table.Td>{membersInWords(group.customer_count)}</Table.Td>
            <Table.Td>
              <RowActions
                object="customer_group"
                name={`the group ${group.name}`}
                edit="Rename"
                onEdit={() => setEditing(group)}
                onDelete={() => confirmDelete({ what: 'group', name: group.name, consequence: DELETE_CONSEQUENCE, id: group.id, remove })}
              />
            </Table.Td>
          </>
        )}
      />
      <GroupDialog group={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
