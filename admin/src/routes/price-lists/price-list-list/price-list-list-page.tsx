import { Badge, Table } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAllGroups } from '../../../api/customer-groups';
import { useDeletePriceList, usePriceLists } from '../../../api/price-lists';
import { AnchorLink } from '../../../components/links';
import { useCan } from '../../../lib/access';
import { confirmDelete } from '../../settings/shared/confirm-delete';
import { RowActions, SettingsList } from '../../settings/shared/settings-list';
import { DELETE_CONSEQUENCE, pricesInWords, priceListStatus, scheduleInWords } from '../price-list-words';

/** Price lists (Shopify's B2B catalogs): prices that the signed-in customers of groups pay. */
export function PriceListListPage() {
  const [page, setPage] = useState(1);
  const lists = usePriceLists(page);
  const groups = useAllGroups(useCan().can('customer_group.read'));
  const remove = useDeletePriceList();
  const navigate = useNavigate();
  const groupName = (id: string) => groups.data?.find((group) => group.id === id)?.name ?? id;
  const open = (id: string) => void navigate({ to: '/price-lists/$priceListId', params: { priceListId: id } });

  return (
    <SettingsList
      object="price_list"
      title="Price lists"
      intro="Prices for groups of customers, such as wholesale buyers: a signed-in customer of a group pays the lowest of a sku’s regular price and its groups’ active lists, and sees the regular price beside it. Guests never see them."
      add="New price list"
      onAdd={() => void navigate({ to: '/price-lists/new' })}
      query={lists}
      noun="price lists"
      empty="No price lists yet: create a customer group (Customers → Groups), then a price list for it."
      onPage={setPage}
      columns={['Price list', 'Groups', 'Schedule', 'Status', 'Prices']}
      minWidth={820}
      row={(list) => {
        const status = priceListStatus(list);
        return (
          <>
            <Table.Td>
              <AnchorLink to="/price-lists/$priceListId" params={{ priceListId: list.id }} fw={600}>
                {list.name}
              </AnchorLink>
            </Table.Td>
            <Table.Td>{list.customer_group_ids.map(groupName).join(', ') || 'No group: nobody pays it'}</Table.Td>
            <Table.Td>{scheduleInWords(list)}</Table.Td>
            <Table.Td>
              <Badge variant="light" radius="sm" color={status.colour}>
                {status.words}
              </Badge>
            </Table.Td>
            <Table.Td>{pricesInWords(list.prices.length)}</Table.Td>
            <Table.Td>
              <RowActions
                object="price_list"
                name={`the price list ${list.name}`}
                onEdit={() => open(list.id)}
                onDelete={() => confirmDelete({ what: 'price list', name: list.name, consequence: DELETE_CONSEQUENCE, id: list.id, remove })}
              />
            </Table.Td>
          </>
        );
      }}
    />
  );
}
