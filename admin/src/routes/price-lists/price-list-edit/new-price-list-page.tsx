import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useSavePriceList } from '../../../api/price-lists';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { notifyDone } from '../../../lib/notify';
import { PriceListForm } from './price-list-form';

/** A new price list: saved, it opens on its own screen. */
export function NewPriceListPage() {
  const create = useSavePriceList();
  const navigate = useNavigate();
  const store = useStore();
  if (!store.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="md">
      <div>
        <AnchorLink to="/price-lists" size="sm">
          ← Price lists
        </AnchorLink>
        <Title order={1}>New price list</Title>
      </div>
      <PriceListForm
        storeCurrency={store.data.currency}
        saving={create.isPending}
        submitLabel="Create price list"
        save={async (body) => {
          const list = await create.mutateAsync({ id: null, body });
          notifyDone(`${list.name} created`);
          await navigate({ to: '/price-lists/$priceListId', params: { priceListId: list.id } });
        }}
      />
    </Stack>
  );
}
