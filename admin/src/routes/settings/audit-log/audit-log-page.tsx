import { Button, CloseButton, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuditLog } from '../../../api/audit-log';
import { useUsers } from '../../../api/users';
import { ActionCell, actorName, RecordLink, StatusCell, WhenCell } from '../../../components/audit-entry-cells';
import { ListPanel } from '../../../components/list-panel';
import { useCan } from '../../../lib/access';
import { PageHeader } from '../page-header';

const route = getRouteApi('/_shell/settings/audit-log');

/**
 * Every change made through the API, by whom, newest first, refused ones included (owner and admin):
 * filtered by a person or key, or by a record, the filters kept in the address.
 */
export function AuditLogPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const log = useAuditLog(search);
  const filter = (next: { actor_id?: string; object_id?: string }) => void navigate({ search: (before) => ({ ...before, ...next, page: undefined }) });

  return (
    <Stack gap="md">
      <PageHeader title="Audit log" fetching={log.isFetching}>
        Who changed what, and when: every change sent with a colleague's sign-in or an API key, refused ones too. Entries are kept a year.
      </PageHeader>
      <Group align="flex-end" gap="sm">
        <PersonFilter value={search.actor_id} onChange={(actor_id) => filter({ actor_id })} />
        <RecordFilter value={search.object_id} onChange={(object_id) => filter({ object_id })} />
      </Group>
      <ListPanel
        query={log}
        noun="entries"
        label="Audit log"
        minWidth={900}
        empty={search.actor_id || search.object_id ? 'Nothing matches these filters.' : 'Nothing has been changed yet.'}
        columns={
          <>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Record</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Address</Table.Th>
          </>
        }
        row={(entry) => (
          <Table.Tr key={entry.id}>
            <WhenCell entry={entry} />
            <Table.Td>
              <Button variant="subtle" size="compact-sm" px={4} onClick={() => filter({ actor_id: entry.actor.id })} title="Only what they did">
                {actorName(entry.actor)}
              </Button>
            </Table.Td>
            <ActionCell entry={entry} />
            <Table.Td>
              <RecordLink entry={entry} />
            </Table.Td>
            <StatusCell entry={entry} />
            <Table.Td ff="monospace" fz="sm">
              {entry.ip ?? '—'}
            </Table.Td>
          </Table.Tr>
        )}
        onPage={(next) => void navigate({ search: (before) => ({ ...before, page: next > 1 ? next : undefined }) })}
      />
    </Stack>
  );
}

/** The person (or key) whose changes are shown: the team to pick from for an owner, else the one clicked in the list. */
function PersonFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const { can } = useCan();
  if (can('user.read')) return <TeamPicker value={value} onChange={onChange} />;
  if (!value) {
    return (
      <Text size="sm" c="dimmed">
        Click a name to see only what they did.
      </Text>
    );
  }
  return (
    <Group gap={4}>
      <Text size="sm">
        Person: <Text span ff="monospace">{value}</Text>
      </Text>
      <CloseButton size="sm" aria-label="Show everyone" onClick={() => onChange(undefined)} />
    </Group>
  );
}

function TeamPicker({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  // The first page of the team: a store's staff is short.
  const users = useUsers(1);
  const people = (users.data?.data ?? []).map((user) => ({ value: user.id, label: user.name || user.email }));
  // A key clicked in the list is not among the team: it is still shown as chosen.
  if (value && !people.some((person) => person.value === value)) people.push({ value, label: value });
  return <Select label="Person" placeholder="Everyone" data={people} value={value ?? null} onChange={(id) => onChange(id ?? undefined)} clearable searchable w={240} />;
}

/** A record's id (`ord_…`), as its page shows it. */
function RecordFilter({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const [typed, setTyped] = useState(value ?? '');
  const apply = () => onChange(typed.trim() === '' ? undefined : typed.trim());
  return (
    <TextInput
      label="Record"
      placeholder="ord_…, prd_…"
      description="Its id, as its page shows it"
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      rightSection={value ? <CloseButton size="sm" aria-label="Every record" onClick={() => { setTyped(''); onChange(undefined); }} /> : null}
      w={280}
    />
  );
}
