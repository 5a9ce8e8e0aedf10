import { Accordion, Code, Group, Text } from '@mantine/core';
import type { Event } from 'storefront/client';
import { AnchorLink } from '../../../components/links';
import { formatTime } from '../../../lib/format';

/** The order an event is about: the order itself, or the record's `order_id` (a fulfilment, a return). */
export function orderOf(event: Event): string | null {
  const object = event.data.object as { id?: unknown; object?: unknown; order_id?: unknown };
  if (object.object === 'order' && typeof object.id === 'string') return object.id;
  return typeof object.order_id === 'string' ? object.order_id : null;
}

/** One event: its kind and record at a glance, its data as formatted JSON when opened. */
export function EventData({ event }: { event: Event }) {
  const object = event.data.object as { id?: unknown };
  const orderId = orderOf(event);
  return (
    <Accordion.Item value={event.id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Text fw={600} size="sm" ff="monospace">
              {event.kind}
            </Text>
            <Text size="sm" c="dimmed">
              {typeof object.id === 'string' ? object.id : ''}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {formatTime(event.created_at)}
            {event.pending_webhooks > 0 ? ` · ${event.pending_webhooks} pending` : ''}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Group gap="md" mb="xs">
          <Text size="xs" c="dimmed">
            {event.id}
          </Text>
          {orderId && (
            <AnchorLink to="/orders/$orderId" params={{ orderId }} size="sm">
              Open the order
            </AnchorLink>
          )}
        </Group>
        <Code block role="region" aria-label={`Data of ${event.kind} ${event.id}`} tabIndex={0} style={{ maxHeight: 420, overflow: 'auto' }}>
          {JSON.stringify(event.data.object, null, 2)}
        </Code>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
