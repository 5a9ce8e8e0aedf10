import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useDiscount, useUpdateDiscount } from '../../../api/discounts';
import { useStore } from '../../../api/store';
import { MetadataSection } from '../../../components/metadata-section';
import { RecordFrame } from '../../../components/record-frame';
import { formatTime } from '../../../lib/format';
import { notifyDone } from '../../../lib/notify';
import { discountState, stateColours, stateWords, valueInWords } from '../discount-words';
import { DeleteDiscountButton } from './delete-discount-button';
import { DiscountForm } from './discount-form';

const route = getRouteApi('/_shell/discounts/$discountId');

/** One discount: every field, how often it was used, and its deletion. */
export function DiscountPage() {
  const { discountId } = route.useParams();
  const discount = useDiscount(discountId);
  const update = useUpdateDiscount(discountId);
  const store = useStore();

  return (
    <RecordFrame query={discount} noun="discount" back={{ to: '/discounts', label: 'Discounts' }} ready={store.data !== undefined}>
      {(data) =>
        // `ready` holds the frame's loader until the store's currency is known too.
        store.data && (
          <>
            <Group justify="space-between" align="flex-start" gap="md">
              <Stack gap={4}>
                <Group gap="sm">
                  <Title order={1}>{data.code ?? data.title}</Title>
                  <Badge variant="light" radius="sm" color={stateColours[discountState(data)]}>
                    {stateWords[discountState(data)]}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {data.code ? 'Code' : 'Automatic'} · {valueInWords(data, store.data.currency)} · Updated {formatTime(data.updated_at)} · {data.id}
                </Text>
              </Stack>
              <DeleteDiscountButton discount={data} />
            </Group>
            <DiscountForm
              discount={data}
              currency={store.data.currency}
              saving={update.isPending}
              submitLabel="Save discount"
              save={async (body) => {
                await update.mutateAsync(body);
                notifyDone('Discount saved');
              }}
            />
            <MetadataSection key={data.updated_at} record={data} action="discount.update" save={(changes) => update.mutateAsync(changes)} />
          </>
        )
      }
    </RecordFrame>
  );
}
