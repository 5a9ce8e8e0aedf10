import { Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useWebhooks } from '../../../api/webhooks';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { PageHeader } from '../page-header';
import { SecretDialog } from '../secret-dialog';
import { WebhookDialog } from './webhook-dialog';
import { topicsOf, webhookHealth, WebhookHealthBadge } from './webhook-health';

const route = getRouteApi('/_shell/settings/webhooks');

/** The endpoints events are sent to, and how each is doing. */
export function WebhooksPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const webhooks = useWebhooks(page);
  const [creating, create] = useDisclosure();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="Webhooks" fetching={webhooks.isFetching} action={<WriteButton action="webhook.create" onClick={create.open}>New webhook</WriteButton>}>
        Each event is sent, signed, to the endpoints subscribed to its kind. Failed deliveries are tried again for three days.
      </PageHeader>
      <ListPanel
        query={webhooks}
        noun="webhooks"
        label="Webhooks"
        minWidth={760}
        empty="No webhook yet: add one to tell another system about orders, products and customers as they change."
        columns={
          <>
            <Table.Th>Endpoint</Table.Th>
            <Table.Th>Events</Table.Th>
            <Table.Th>Health</Table.Th>
            <Table.Th>Created</Table.Th>
          </>
        }
        row={(webhook) => (
          <Table.Tr key={webhook.id}>
            <Table.Td maw={420}>
              <AnchorLink to="/settings/webhooks/$webhookId" params={{ webhookId: webhook.id }} fw={600} style={{ wordBreak: 'break-all' }}>
                {webhook.url}
              </AnchorLink>
              {webhook.description && (
                <Text size="xs" c="dimmed">
                  {webhook.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={2}>
                {topicsOf(webhook)}
              </Text>
            </Table.Td>
            <Table.Td>
              <WebhookHealthBadge webhook={webhook} />
              {webhookHealth(webhook).detail && (
                <Text size="xs" c="dimmed">
                  {webhookHealth(webhook).detail}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{formatTime(webhook.created_at)}</Table.Td>
          </Table.Tr>
        )}
        onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
      />
      <WebhookDialog webhook={null} opened={creating} onClose={create.close} onCreated={setSecret} />
      <SecretDialog title="Copy the signing secret" label="Signing secret" secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
