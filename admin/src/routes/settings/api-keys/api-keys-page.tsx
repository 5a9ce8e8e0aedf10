import { Badge, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiKey } from 'storefront/client';
import { useApiKeys, useRevokeApiKey } from '../../../api/access';
import { ListPanel } from '../../../components/list-panel';
import { WriteButton } from '../../../components/write-button';
import { roleName } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { signOut } from '../../../lib/session';
import { PageHeader } from '../page-header';
import { SecretDialog } from '../secret-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const route = getRouteApi('/_shell/settings/api-keys');

/** Staff keys of a role (`sk_…`; read-only ones `rk_…`). A key's token is shown once, at creation. */
export function ApiKeysPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const keys = useApiKeys(page);
  // null: closed; else the kind of key the dialog starts with (Stripe's "secret" and "restricted" keys).
  const [creating, setCreating] = useState<'admin' | 'read_only' | null>(null);
  const [token, setToken] = useState<string | null>(null);

  return (
    <Stack gap="md">
      <PageHeader title="API keys" fetching={keys.isFetching} action={
          <Group gap="xs">
            <WriteButton action="api_key.create" variant="default" onClick={() => setCreating('read_only')}>
              New read-only key
            </WriteButton>
            <WriteButton action="api_key.create" onClick={() => setCreating('admin')}>New key</WriteButton>
          </Group>
        }>
        Keys call the API for a program, or sign in here, with the rights of their role. A read-only key may look at everything and change nothing. Storefronts use channel keys instead; colleagues sign in with their email (Team).
      </PageHeader>
      <ListPanel
        query={keys}
        noun="keys"
        label="API keys"
        minWidth={720}
        empty="No keys."
        columns={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Key</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(key) => <KeyRow key={key.id} apiKey={key} />}
        onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
      />
      <CreateApiKeyDialog opened={creating !== null} readOnly={creating === 'read_only'} onClose={() => setCreating(null)} onCreated={setToken} />
      <SecretDialog title="Copy the new key" label="Key" secret={token} onClose={() => setToken(null)} />
    </Stack>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const name = apiKey.name ?? 'Unnamed key';

  const confirmRevoke = () =>
    modals.openConfirmModal({
      title: `Revoke ${name}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">Anything using the key ending in {apiKey.last_four} is refused from now on. This cannot be undone: a new key has a new token.</Text>
          {apiKey.is_current && (
            <Text size="sm" fw={700} c="red.8">
              This is the key you are signed in with: revoking it signs you out at once.
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: apiKey.is_current ? 'Revoke and sign out' : 'Revoke key', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate({ id: apiKey.id, current: apiKey.is_current }, {
          onSuccess: () => {
            notifyDone(`${name} revoked`);
            if (!apiKey.is_current) return;
            signOut();
            queryClient.clear();
            void navigate({ to: '/sign-in' });
          },
          onError: (error) => notifyProblem('The key was not revoked', error),
        }),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          {apiKey.is_current && (
            <Badge variant="light" color="blue" radius="sm">
              You are signed in with this key
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{roleName(apiKey.role)}</Table.Td>
      <Table.Td ff="monospace">
        {apiKey.read_only ? 'rk' : 'sk'}_…{apiKey.last_four}
      </Table.Td>
      <Table.Td>{apiKey.last_used_at ? formatTime(apiKey.last_used_at) : 'Never'}</Table.Td>
      <Table.Td>{formatTime(apiKey.created_at)}</Table.Td>
      <Table.Td ta="right">
        <WriteButton action="api_key.delete" size="xs" variant="default" color="red" onClick={confirmRevoke} loading={revoke.isPending} aria-label={`Revoke ${name}`}>
          Revoke
        </WriteButton>
      </Table.Td>
    </Table.Tr>
  );
}
