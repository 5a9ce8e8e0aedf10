import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Webhook } from 'storefront/client';
import { useDeleteWebhook, useRotateSecret, useSendTestEvent, useWebhook } from '../../../api/webhooks';
import { RecordFrame } from '../../../components/record-frame';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { SecretDialog } from '../secret-dialog';
import { WebhookDialog } from '../webhooks/webhook-dialog';
import { topicsOf, webhookHealth, WebhookHealthBadge } from '../webhooks/webhook-health';
import { DeliveryLog } from './delivery-log';

const route = getRouteApi('/_shell/settings/webhooks/$webhookId');

/** One endpoint: what it receives, how its deliveries went, and its secret. */
export function WebhookDetailPage() {
  const { webhookId } = route.useParams();
  const webhook = useWebhook(webhookId);

  return (
    <RecordFrame query={webhook} noun="webhook" back={{ to: '/settings/webhooks', label: 'Webhooks' }}>
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} maw="100%">
              <Group gap="sm">
                <Title order={1} size="h2" style={{ wordBreak: 'break-all' }}>
                  {data.url}
                </Title>
                <WebhookHealthBadge webhook={data} />
              </Group>
              <Text size="sm" c="dimmed">
                {data.id} · added {formatTime(data.created_at)}
              </Text>
            </Stack>
            <WebhookActions webhook={data} />
          </Group>
          <Section title="Endpoint">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Fact label="Events" value={topicsOf(data)} />
              <Fact label="Health" value={webhookHealth(data).detail ?? 'Delivering'} />
              <Fact label="Description" value={data.description ?? '—'} />
              <Fact label="Changed" value={formatTime(data.updated_at)} />
            </SimpleGrid>
          </Section>
          <DeliveryLog webhookId={data.id} />
        </>
      )}
    </RecordFrame>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function WebhookActions({ webhook }: { webhook: Webhook }) {
  const [editing, edit] = useDisclosure();
  const [secret, setSecret] = useState<string | null>(null);
  const rotate = useRotateSecret(webhook.id);
  const sendTest = useSendTestEvent(webhook.id);
  const remove = useDeleteWebhook();
  const navigate = useNavigate();

  const confirmRotate = () =>
    modals.openConfirmModal({
      title: 'Rotate the signing secret?',
      children: (
        <Text size="sm">
          A new secret is made and shown once. The current one keeps signing beside it for 24 hours, then stops: update the receiver within that time.
        </Text>
      ),
      labels: { confirm: 'Rotate secret', cancel: 'Keep the current one' },
      onConfirm: () =>
        rotate.mutate(undefined, { onSuccess: (rotated) => setSecret(rotated.secret ?? ''), onError: (error) => notifyProblem('The secret was not rotated', error) }),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this webhook?',
      children: <Text size="sm">Nothing more is sent to {webhook.url}, what was waiting is dropped, and its delivery log goes with it. This cannot be undone.</Text>,
      labels: { confirm: 'Delete webhook', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(webhook.id, {
          onSuccess: () => {
            notifyDone('Webhook deleted');
            void navigate({ to: '/settings/webhooks' });
          },
          onError: (error) => notifyProblem('The webhook was not deleted', error),
        }),
    });

  return (
    <>
      <Group gap="xs" role="group" aria-label="Webhook actions">
        <WriteButton action="webhook.update" onClick={edit.open}>Edit</WriteButton>
        <WriteButton action="webhook.test"
          variant="default"
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: (event) => notifyDone(`Test event ${event.id} queued: its delivery shows in the log below within seconds`),
              onError: (error) => notifyProblem('The test event was not sent', error),
            })
          }
          loading={sendTest.isPending}
          disabled={!webhook.is_enabled}
          title={webhook.is_enabled ? undefined : 'The endpoint is off: turn it on to test it'}
        >
          Send a test event
        </WriteButton>
        <WriteButton action="webhook.rotate_secret" variant="default" onClick={confirmRotate} loading={rotate.isPending}>
          Rotate secret
        </WriteButton>
        <WriteButton action="webhook.delete" variant="default" color="red" onClick={confirmDelete} loading={remove.isPending}>
          Delete
        </WriteButton>
      </Group>
      <WebhookDialog webhook={webhook} opened={editing} onClose={edit.close} />
      <SecretDialog title="Copy the new signing secret" label="Signing secret" secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
