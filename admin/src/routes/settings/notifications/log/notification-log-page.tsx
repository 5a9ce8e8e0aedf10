import { Grid, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { Notification } from 'storefront/client';
import { useNotifications, type NotificationKind, type NotificationStatus } from '../../../../api/notifications';
import { AnchorLink } from '../../../../components/links';
import { ListPanel } from '../../../../components/list-panel';
import { MailSetupPanel } from '../../../../components/mail-setup';
import { formatTime } from '../../../../lib/format';
import { PageHeader } from '../../page-header';
import { kindLabel, kindOptions, NotificationStatusBadge, statusOptions } from '../notification-words';
import type { NotificationListSearch } from '../search';

const route = getRouteApi('/_shell/settings/notifications');

/** Every email the shop composed, newest first, filtered by kind and status and paged by the server. */
export function NotificationLogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const notifications = useNotifications(search);
  const filter = (change: Partial<NotificationListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }), replace: true });
  const filtered = Boolean(search.kind || search.status);

  return (
    <Stack gap="md">
      <PageHeader
        title="Notifications"
        fetching={notifications.isFetching}
        action={
          <AnchorLink to="/settings/notifications/templates/$kind" params={{ kind: search.kind ?? 'order_confirmation' }}>
            Edit templates
          </AnchorLink>
        }
      >
        The emails sent to buyers and customers, each written with the change that caused it and delivered by the worker, with retries.
      </PageHeader>
      <MailSetupPanel />
      <Paper withBorder p="md">
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label="Kind" placeholder="Any kind" data={kindOptions} value={search.kind ?? null} onChange={(value) => filter({ kind: (value ?? undefined) as NotificationKind | undefined })} clearable />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select label="Status" placeholder="Any status" data={statusOptions} value={search.status ?? null} onChange={(value) => filter({ status: (value ?? undefined) as NotificationStatus | undefined })} clearable />
          </Grid.Col>
        </Grid>
      </Paper>
      <ListPanel
        query={notifications}
        noun="messages"
        label="Notifications"
        minWidth={960}
        empty={filtered ? 'No message matches these filters.' : 'No email yet: one is written when an order is placed, shipped, canceled or refunded, and for account mail.'}
        columns={
          <>
            <Table.Th>Created</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last error</Table.Th>
          </>
        }
        row={(message) => <MessageRow key={message.id} message={message} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
    </Stack>
  );
}

function MessageRow({ message }: { message: Notification }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatTime(message.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <AnchorLink to="/settings/notifications/$notificationId" params={{ notificationId: message.id }} fw={600}>
          {kindLabel(message.kind)}
        </AnchorLink>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {message.subject ?? 'Not rendered yet'}
        </Text>
      </Table.Td>
      <Table.Td style={{ wordBreak: 'break-all' }}>{message.recipient}</Table.Td>
      <Table.Td>
        <NotificationStatusBadge status={message.status} />
      </Table.Td>
      <Table.Td>{message.attempts}</Table.Td>
      <Table.Td maw={300}>
        <Text size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {message.last_error ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
