import { Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCreateDiscount } from '../../../api/discounts';
import { useStore } from '../../../api/store';
import { AnchorLink } from '../../../components/links';
import { notifyDone } from '../../../lib/notify';
import { DiscountForm } from './discount-form';

/** A new discount: saved, it opens on its own screen. */
export function NewDiscountPage() {
  const create = useCreateDiscount();
  const navigate = useNavigate();
  const store = useStore();
  if (!store.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="md">
      <div>
        <AnchorLink to="/discounts" size="sm">
          ← Discounts
        </AnchorLink>
        <Title order={1}>New discount</Title>
      </div>
      <DiscountForm
        currency={store.data.currency}
        saving={create.isPending}
        submitLabel="Create discount"
        save={async (body) => {
          const discount = await create.mutateAsync(body);
          notifyDone(`${discount.code ?? discount.title} created`);
          await navigate({ to: '/discounts/$discountId', params: { discountId: discount.id } });
        }}
      />
    </Stack>
  );
}
