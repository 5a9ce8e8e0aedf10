import { Badge, Group, Loader, Table, Text, VisuallyHidden } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { Delivery } from 'storefront/client';
import { useDeliveries, useRedeliver } from '../../../api/webhooks';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';

const route = getRouteApi('/_shell/settings/webhooks/$webhookId');

/** Every attempt to deliver to the endpoint, newest first, with a way to send an event again. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const deliveries = useDeliveries(webhookId, page);

  return (
    <Section title="Deliveries" actions={deliveries.isFetching ? <Loader size="xs" aria-label="Loading" /> : undefined}>
      <ListPanel
        query={deliveries}
        noun="attempts"
        what="deliveries"
        label="Delivery attempts"
        minWidth={860}
        inSection
        empty="Nothing sent yet: attempts appear here as events of its kinds happen."
        columns={
          <>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Event</Table.Th>
            <Table.Th>Attempt</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(attempt) => <AttemptRow key={attempt.id} webhookId={webhookId} attempt={attempt} />}
        onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
      />
    </Section>
  );
}

function AttemptRow({ webhookId, attempt }: { webhookId: string; attempt: Delivery }) {
  const redeliver = useRedeliver(webhookId);
  const resend = () =>
    redeliver.mutate(attempt.event_id, {
      onSuccess: () => notifyDone('Queued to be sent again'),
      onError: (error) => notifyProblem('The event was not queued again', error),
    });
  return (
    <Table.Tr>
      <Table.Td>{formatTime(attempt.created_at)}</Table.Td>
      <Table.Td>
        <AnchorLink to="/settings/events" search={{ id: attempt.event_id }} ff="monospace" size="sm">
          {attempt.event_id}
        </AnchorLink>
      </Table.Td>
      <Table.Td>{attempt.attempt}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={attempt.succeeded ? 'green' : 'red'} variant="light" radius="sm">
            {attempt.succeeded ? 'Delivered' : 'Failed'}
          </Badge>
          <Text size="xs" c="dimmed">
            {attempt.duration_ms} ms
          </Text>
        </Group>
        {attempt.next_attempt_at !== null && (
          <Text size="xs" c="dimmed">
            Next try {formatTime(Math.floor(attempt.next_attempt_at / 1000))}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{attempt.status_code ?? '—'}</Table.Td>
      <Table.Td maw={280}>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {attempt.error ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <WriteButton action="webhook.redeliver" size="xs" variant="default" onClick={resend} loading={redeliver.isPending} aria-label={`Send ${attempt.event_id} again`}>
          Redeliver
        </WriteButton>
      </Table.Td>
    </Table.Tr>
  );
}
