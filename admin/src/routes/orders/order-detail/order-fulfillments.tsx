import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Fulfillment, Order } from 'storefront/client';
import { useCancelFulfillment, useFulfillments } from '../../../api/fulfillments';
import { QueryPanel } from '../../../components/query-panel';
import { Section } from '../../../components/section';
import { StatusBadge } from '../../../components/status-badge';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { trackingUrl } from '../../../lib/tracking';

/** The order's shipments, each with its tracking and the units it holds. */
export function OrderFulfillments({ order }: { order: Order }) {
  const fulfillments = useFulfillments(order.id);
  const cancel = useCancelFulfillment(order.id);
  if (!order.is_shipping_required) return null;

  const confirmCancel = (fulfillment: Fulfillment) =>
    modals.openConfirmModal({
      title: 'Cancel this shipment?',
      children: <Text size="sm">Its {fulfillment.items_count} unit(s) count as not shipped again. A canceled shipment cannot be restored.</Text>,
      labels: { confirm: 'Cancel shipment', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(fulfillment.id, { onSuccess: () => notifyDone('Shipment canceled'), onError: (error) => notifyProblem('The shipment was not canceled', error) }),
    });

  return (
    <Section title="Fulfilments">
      <QueryPanel query={fulfillments} what="shipments" empty="Nothing shipped yet.">
        {(list) => (
          <Stack gap="sm">
            {list.map((fulfillment, index) => (
              <Paper key={fulfillment.id} withBorder p="sm" component="article" aria-label={`Shipment ${index + 1}`}>
                <Group justify="space-between" align="flex-start">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        Shipment {index + 1}
                      </Text>
                      <StatusBadge status={fulfillment.status} />
                    </Group>
                    <Text size="sm">
                      {fulfillment.items.map((item) => `${item.fulfilled_quantity} × ${item.sku_name}`).join(', ')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatTime(fulfillment.created_at)}
                      {fulfillment.carrier ? ` · ${fulfillment.carrier}` : ''}
                      {fulfillment.tracking_code ? ' · tracking ' : ' · no tracking code'}
                      {fulfillment.tracking_code && <TrackingCode carrier={fulfillment.carrier} code={fulfillment.tracking_code} />}
                    </Text>
                  </Stack>
                  {(fulfillment.status === 'succeeded' || fulfillment.status === 'pending') && (
                    <WriteButton action="fulfillment.cancel" size="xs" variant="default" color="red" onClick={() => confirmCancel(fulfillment)} aria-label={`Cancel shipment ${index + 1}`}>
                      Cancel shipment
                    </WriteButton>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryPanel>
    </Section>
  );
}

/** A tracking code, a link to the carrier's tracking page where that page is known. */
function TrackingCode({ carrier, code }: { carrier: string | null; code: string }) {
  const url = trackingUrl(carrier, code);
  if (!url) return <>{code}</>;
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="xs" underline="always">
      {code}
    </Anchor>
  );
}
