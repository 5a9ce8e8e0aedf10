import { Text, Timeline } from '@mantine/core';
import type { Order } from 'storefront/client';
import { useFulfillments } from '../../../api/fulfillments';
import { useRelatedEvents } from '../../../api/events';
import { QueryPanel } from '../../../components/query-panel';
import { Section } from '../../../components/section';
import { formatTime } from '../../../lib/format';

const kinds: Record<string, string> = {
  'order.placed': 'Order placed',
  'order.paid': 'Payment completed',
  'order.canceled': 'Order canceled',
  'order.archived': 'Order archived',
  'order.updated': 'Order updated',
  'order.refunded': 'Money refunded',
  'order.fulfilled': 'Everything shipped',
  'fulfillment.created': 'Shipment created',
  'fulfillment.updated': 'Shipment updated',
};

/** The events recorded about the order and its shipments, newest first (what webhooks received). */
export function OrderEvents({ order }: { order: Order }) {
  const fulfillments = useFulfillments(order.id);
  const ids = [order.id, ...(fulfillments.data ?? []).map((fulfillment) => fulfillment.id)];
  const events = useRelatedEvents(ids, fulfillments.isSuccess || !order.is_shipping_required);

  return (
    <Section title="Events">
      <QueryPanel query={events} what="events" empty="No events yet.">
        {(list) => (
          <Timeline bulletSize={12} lineWidth={2}>
            {list.map((event) => (
              <Timeline.Item key={event.id} title={kinds[event.kind] ?? event.kind}>
                <Text size="xs" c="dimmed">
                  {formatTime(event.created_at)} · {event.kind} · {event.id}
                  {event.pending_webhooks > 0 ? ` · ${event.pending_webhooks} webhook ${event.pending_webhooks === 1 ? 'delivery' : 'deliveries'} pending` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </QueryPanel>
    </Section>
  );
}
