import { Table } from '@mantine/core';
import { useRecordHistory } from '../api/audit-log';
import { useCan } from '../lib/access';
import { ActionCell, actorName, StatusCell, WhenCell } from './audit-entry-cells';
import { AnchorLink } from './links';
import { ListTable } from './list-panel';
import { QueryPanel } from './query-panel';
import { Section } from './section';

/**
 * A record's own history: the changes sent for it and for its parts (`objectIds`, the record's own
 * first), by whom, newest first, refused ones too. Shown to the roles that may read the audit log.
 */
export function RecordHistory({ objectIds }: { objectIds: readonly string[] }) {
  const { can } = useCan();
  if (!can('audit_log.read')) return null;
  return <History objectIds={objectIds} />;
}

function History({ objectIds }: { objectIds: readonly string[] }) {
  const history = useRecordHistory(objectIds);
  return (
    <Section
      title="History"
      actions={
        <AnchorLink to="/settings/audit-log" search={{ object_id: objectIds[0] }} size="sm">
          In the audit log
        </AnchorLink>
      }
    >
      <QueryPanel query={history} what="history" empty="No change recorded yet.">
        {(entries) => (
          <ListTable
            compact
            label="Changes"
            minWidth={560}
            columns={
              <>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Status</Table.Th>
              </>
            }
          >
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <WhenCell entry={entry} />
                <Table.Td>{actorName(entry.actor)}</Table.Td>
                <ActionCell entry={entry} />
                <StatusCell entry={entry} />
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryPanel>
    </Section>
  );
}
