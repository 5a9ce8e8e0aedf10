import { Badge, Group, Menu, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import type { Access, User } from 'storefront/client';
import { useRemoveUser, useResendInvitation, useUpdateUser, useUpdateUserPolicy, useUserPolicy, useUsers } from '../../../api/users';
import { ListPanel } from '../../../components/list-panel';
import { WriteButton } from '../../../components/write-button';
import { roleName, useAccess, useCan } from '../../../lib/access';
import { formatTime } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { PageHeader } from '../page-header';
import { InviteDialog } from './invite-dialog';
import { MemberDialog } from './member-dialog';

const route = getRouteApi('/_shell/settings/team');

/** The store's staff (owner): who they are, their role, whether they may sign in and how. */
export function TeamPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const users = useUsers(page);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const access = useAccess();

  return (
    <Stack gap="md">
      <PageHeader title="Team" fetching={users.isFetching} action={<WriteButton action="user.create" onClick={() => setInviting(true)}>Invite</WriteButton>}>
        Everyone who signs in to this dashboard with their email. Each role opens part of the store: an owner manages the team and the API keys.
      </PageHeader>
      <TwoFactorPolicy />
      <ListPanel
        query={users}
        noun="members"
        label="Team"
        minWidth={860}
        empty="Nobody yet."
        columns={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Two-factor</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(user) => <UserRow key={user.id} user={user} onEdit={() => setEditing(user)} />}
        onPage={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
      />
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
      <MemberDialog user={editing} isYou={editing !== null && isYou(access, editing)} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/** "Require two-factor sign-in for everyone": saved as it is switched. */
function TwoFactorPolicy() {
  const policy = useUserPolicy();
  const update = useUpdateUserPolicy();
  const { can, why } = useCan();
  const allowed = can('user.policy');
  return (
    <Switch
      label="Require two-factor sign-in for everyone"
      description="Staff without it are asked to set it up before they can use the dashboard"
      checked={policy.data?.is_two_factor_required ?? false}
      disabled={!policy.data || !allowed || update.isPending}
      title={allowed ? undefined : why}
      onChange={(event) => {
        const required = event.currentTarget.checked;
        update.mutate(
          { is_two_factor_required: required },
          {
            onSuccess: () => notifyDone(required ? 'Two-factor sign-in is required of everyone' : 'Two-factor sign-in is up to each member'),
            onError: (error) => notifyProblem('The setting was not saved', error),
          },
        );
      }}
    />
  );
}

/** The signed-in user's own row. */
function isYou(access: Access, user: User): boolean {
  return access.actor.type === 'user' && access.actor.id === user.id;
}

function statusOf(user: User): { label: string; color: string } {
  if (!user.is_active) return { label: 'Deactivated', color: 'gray' };
  if (user.is_invitation_pending) return { label: 'Invited', color: 'yellow' };
  return { label: 'Active', color: 'green' };
}

function UserRow({ user, onEdit }: { user: User; onEdit: () => void }) {
  const access = useAccess();
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const resend = useResendInvitation();
  const name = user.name || user.email;
  const you = isYou(access, user);
  const status = statusOf(user);

  const setActive = (active: boolean) =>
    update.mutate(
      { id: user.id, is_active: active },
      {
        onSuccess: () => notifyDone(active ? `${name} may sign in again` : `${name} is deactivated and signed out`),
        onError: (error) => notifyProblem(active ? `${name} was not reactivated` : `${name} was not deactivated`, error),
      },
    );

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: `Deactivate ${name}?`,
      children: <Text size="sm">They are signed out at once and cannot sign in until they are reactivated. Their part in the audit log stays.</Text>,
      labels: { confirm: 'Deactivate', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: () => setActive(false),
    });

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: `Remove ${name}?`,
      children: <Text size="sm">They lose their account for good; the audit log still names them. To let them back, invite them again.</Text>,
      labels: { confirm: 'Remove', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => notifyDone(`${name} removed`),
          onError: (error) => notifyProblem(`${name} was not removed`, error),
        }),
    });

  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {name}
            </Text>
            {you && (
              <Badge variant="light" color="blue" radius="sm">
                You
              </Badge>
            )}
          </Group>
          {user.name && (
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{roleName(user.role)}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={status.color} radius="sm">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>{user.is_two_factor_enabled ? 'On' : 'Off'}</Table.Td>
      <Table.Td>{user.last_sign_in_at ? formatTime(user.last_sign_in_at) : 'Never'}</Table.Td>
      <Table.Td ta="right">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <WriteButton action="user.update" size="xs" variant="default" loading={update.isPending || remove.isPending} aria-label={`Actions for ${name}`}>
              Manage
            </WriteButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={onEdit}>Edit email, name or role</Menu.Item>
            {user.is_invitation_pending && user.is_active && (
              <Menu.Item
                onClick={() =>
                  resend.mutate(user.id, {
                    onSuccess: () => notifyDone(`Invitation sent to ${user.email} again`),
                    onError: (error) => notifyProblem('The invitation was not sent', error),
                  })
                }
              >
                Send the invitation again
              </Menu.Item>
            )}
            {user.is_active ? (
              <Menu.Item onClick={confirmDeactivate} disabled={you} title={you ? 'You cannot deactivate yourself' : undefined}>
                Deactivate
              </Menu.Item>
            ) : (
              <Menu.Item onClick={() => setActive(true)}>Reactivate</Menu.Item>
            )}
            <Menu.Item color="red" onClick={confirmRemove} disabled={you} title={you ? 'You cannot remove yourself' : undefined}>
              Remove
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}
