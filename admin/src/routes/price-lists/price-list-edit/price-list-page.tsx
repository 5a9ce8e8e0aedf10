import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useDeletePriceList, usePriceList, useSavePriceList } from '../../../api/price-lists';
import { useStore } from '../../../api/store';
import { RecordFrame } from '../../../components/record-frame';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { confirmDelete } from '../../settings/shared/confirm-delete';
import { DELETE_CONSEQUENCE, priceListStatus, pricesInWords, scheduleInWords } from '../price-list-words';
import { PriceListForm } from './price-list-form';

const route = getRouteApi('/_shell/price-lists/$priceListId');

/** One price list: every field and its prices, and its deletion. */
export function PriceListPage() {
  const { priceListId } = route.useParams();
  const list = usePriceList(priceListId);
  const save = useSavePriceList();
  const remove = useDeletePriceList();
  const store = useStore();
  const navigate = useNavigate();

  return (
    <RecordFrame query={list} noun="price list" back={{ to: '/price-lists', label: 'Price lists' }} ready={store.data !== undefined}>
      {(data) => {
        const status = priceListStatus(data);
        return (
          store.data && (
            <>
              <Group justify="space-between" align="flex-start" gap="md">
                <Stack gap={4}>
                  <Group gap="sm">
                    <Title order={1}>{data.name}</Title>
                    <Badge variant="light" radius="sm" color={status.colour}>
                      {status.words}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {pricesInWords(data.prices.length)} · {scheduleInWords(data)} · updated {formatTime(data.updated_at)} · {data.id}
                  </Text>
                </Stack>
                <WriteButton
                  action="price_list.delete"
                  variant="default"
                  color="red"
                  onClick={() => confirmDelete({ what: 'price list', name: data.name, consequence: DELETE_CONSEQUENCE, id: data.id, remove, onDeleted: () => void navigate({ to: '/price-lists' }) })}
                >
                  Delete price list
                </WriteButton>
              </Group>
              <PriceListForm
                list={data}
                storeCurrency={store.data.currency}
                saving={save.isPending}
                submitLabel="Save price list"
                save={async (body) => {
                  await save.mutateAsync({ id: data.id, body });
                  notifyDone('Price list saved');
                }}
              />
            </>
          )
        );
      }}
    </RecordFrame>
  );
}
