import { Badge, Table, Text } from '@mantine/core';
import type { AuditEntry } from 'storefront/client';
import { actionInWords, outcomeOf, screenOf } from '../lib/audit-words';
import { formatTime } from '../lib/format';
import { AnchorLink } from './links';

/** Who did it: a colleague by name, or a key. */
export function actorName(actor: AuditEntry['actor']): string {
  if (actor.name) return actor.type === 'api_key' ? `${actor.name} (API key)` : actor.name;
  return actor.type === 'api_key' ? 'API key' : 'A removed colleague';
}

export function WhenCell({ entry }: { entry: AuditEntry }) {
  return <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(entry.created_at)}</Table.Td>;
}

/** The action in words, the request under it for those who know the API. */
export function ActionCell({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Td>
      {/* One block: on a phone the cell is a line of its own beside its column's name. */}
      <div style={{ minWidth: 0 }}>
        <Text size="sm">{actionInWords(entry.action, entry.path)}</Text>
        <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {entry.method} {entry.path}
        </Text>
      </div>
    </Table.Td>
  );
}

export function StatusCell({ entry }: { entry: AuditEntry }) {
  const outcome = outcomeOf(entry.status);
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      {/* Whole, not cut to an ellipsis when the table is tight. */}
      <Badge variant="light" radius="sm" color={outcome.color} maw="none" miw="max-content">
        {outcome.label}
      </Badge>
    </Table.Td>
  );
}

/**
 * The record's id, linked to its screen; a part without a screen of its own (a shipment `ful_…`)
 * to the screen of the record its path names (its order).
 */
export function RecordLink({ entry }: { entry: AuditEntry }) {
  const id = entry.object_id;
  if (!id) return <Text span size="sm" c="dimmed">—</Text>;
  const screen = screenOf(id) ?? entry.path.split('/').map(screenOf).find((found) => found !== null) ?? null;
  if (!screen) return <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{id}</Text>;
  return (
    // The screen is chosen by the id's kind at run time: the router cannot type it.
    <AnchorLink to={screen.to as never} params={screen.params as never} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {id}
    </AnchorLink>
  );
}
