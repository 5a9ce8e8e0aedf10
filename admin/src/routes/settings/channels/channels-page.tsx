import { Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Channel, ChannelKey } from 'storefront/client';
import { useChannels, useIssueChannelKey, useRevokeChannelKey } from '../../../api/access';
import { ListTable } from '../../../components/list-panel';
import { Pager } from '../../../components/pager';
import { ProblemAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { PageHeader } from '../page-header';
import { SecretDialog } from '../secret-dialog';
import { ChannelDialog } from './channel-dialog';

const route = getRouteApi('/_shell/settings/channels');

/**
 * Sales channels (a web shop, a kiosk, an app) and their keys (`ck_…`), with which storefronts call the
 * API. A channel is never deleted, as its carts and orders name it: revoking its keys closes it.
 */
export function ChannelsPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const channels = useChannels(page);
  // The channel being edited (null: a new one), or undefined while no dialog is open.
  const [editing, setEditing] = useState<Channel | null | undefined>(undefined);
  const [token, setToken] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="Channels" fetching={channels.isFetching} action={<WriteButton action="channel.create" onClick={() => setEditing(null)}>New channel</WriteButton>}>
        Each storefront calls the API with a key of its channel. Carts and orders remember the channel they came from.
      </PageHeader>
      {channels.error ? (
        <ProblemAlert error={channels.error} title="The channels could not be read" />
      ) : !channels.data ? (
        <Loader aria-label="Loading channels" />
      ) : (
        <>
          {channels.data.data.map((channel) => (
            <ChannelPanel key={channel.id} channel={channel} onEdit={() => setEditing(channel)} onIssued={setToken} />
          ))}
          <Pager pagination={channels.data.meta.pagination} noun="channels" onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })} />
        </>
      )}
      <ChannelDialog channel={editing ?? null} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
      <SecretDialog title="Copy the new channel key" label="Channel key" secret={token} onClose={() => setToken(null)} />
    </Stack>
  );
}

function ChannelPanel({ channel, onEdit, onIssued }: { channel: Channel; onEdit: () => void; onIssued: (token: string) => void }) {
  const issue = useIssueChannelKey();
  const issueKey = () =>
    issue.mutate(channel.id, {
      onSuccess: (key) => onIssued(key.token ?? ''),
      onError: (error) => notifyProblem('No key was issued', error),
    });

  return (
    <Section
      title={channel.name}
      actions={
        <Group gap="xs">
          <WriteButton action="channel.update" size="xs" variant="default" onClick={onEdit} aria-label={`Rename ${channel.name}`}>
            Rename
          </WriteButton>
          <WriteButton action="api_key.create" size="xs" onClick={issueKey} loading={issue.isPending} aria-label={`Issue a key for ${channel.name}`}>
            Issue a key
          </WriteButton>
        </Group>
      }
    >
      <Text size="xs" c="dimmed" mb="xs">
        {channel.id} · created {formatTime(channel.created_at)}
      </Text>
      {channel.keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          No key: no storefront can use this channel.
        </Text>
      ) : (
        <ListTable
          label={`Keys of ${channel.name}`}
          minWidth={560}
          compact
          columns={
            <>
              <Table.Th>Key</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {channel.keys.map((key) => (
            <ChannelKeyRow key={key.id} channel={channel} channelKey={key} />
          ))}
        </ListTable>
      )}
    </Section>
  );
}

function ChannelKeyRow({ channel, channelKey }: { channel: Channel; channelKey: ChannelKey }) {
  const revoke = useRevokeChannelKey();
  const label = `ck_…${channelKey.last_four}`;
  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: `Revoke the key ${label}?`,
      children: (
        <Text size="sm">
          Storefronts of {channel.name} using it are refused from now on, and their buyers' carts stop working. This cannot be undone: issue a new key and
          give it to them.
        </Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(
          { channelId: channel.id, keyId: channelKey.id },
          { onSuccess: () => notifyDone(`Key ${label} revoked`), onError: (error) => notifyProblem('The key was not revoked', error) },
        ),
    });
  return (
    <Table.Tr>
      <Table.Td ff="monospace">{label}</Table.Td>
      <Table.Td>{channelKey.last_used_at ? formatTime(channelKey.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>{formatTime(channelKey.created_at)}</Table.Td>
      <Table.Td ta="right">
        <WriteButton action="api_key.delete" size="xs" variant="default" color="red" onClick={confirmRevoke} loading={revoke.isPending} aria-label={`Revoke ${label}`}>
          Revoke
        </WriteButton>
      </Table.Td>
    </Table.Tr>
  );
}
