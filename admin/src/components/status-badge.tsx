import { Badge } from '@mantine/core';
import { humanise } from '../lib/format';

// Colours by what the word asks of staff: green done, yellow waiting on them, red gone wrong, grey over.
const colours: Record<string, string> = {
  created: 'gray',
  placed: 'blue',
  canceled: 'red',
  archived: 'gray',
  unpaid: 'gray',
  pending: 'yellow',
  authorized: 'yellow',
  partially_paid: 'yellow',
  paid: 'green',
  partially_refunded: 'orange',
  refunded: 'orange',
  voided: 'gray',
  unfulfilled: 'yellow',
  partially_fulfilled: 'yellow',
  fulfilled: 'green',
  not_required: 'gray',
  succeeded: 'green',
  failed: 'red',
  requested: 'yellow',
  received: 'blue',
  queued: 'gray',
  running: 'blue',
};

const labels: Record<string, string> = {
  created: 'Not placed',
  not_required: 'No shipping',
};

/** A status word of the API as a coloured badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={colours[status] ?? 'gray'} variant="light" radius="sm">
      {labels[status] ?? humanise(status)}
    </Badge>
  );
}

/** The label a status has on its badge, for filters that offer the same words. */
export function statusLabel(status: string): string {
  return labels[status] ?? humanise(status);
}
