import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { UseMutationResult } from '@tanstack/react-query';
import { notifyDone, notifyProblem } from '../../../lib/notify';

/**
 * Asks before deleting a setting (a zone, a tax rate, a gateway), saying what goes with it and that
 * it cannot be undone, then deletes it and says how that went; `onDeleted` then leaves its screen.
 */
export function confirmDelete({ what, name, consequence, id, remove, onDeleted }: {
  what: string;
  name: string;
  consequence: string;
  id: string;
  remove: UseMutationResult<void, Error, string>;
  onDeleted?: () => void;
}) {
  modals.openConfirmModal({
    title: `Delete the ${what}?`,
    children: (
      <Text size="sm">
        {name}: {consequence} This cannot be undone.
      </Text>
    ),
    labels: { confirm: `Delete ${what}`, cancel: 'Keep it' },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      remove.mutate(id, {
        onSuccess: () => {
          notifyDone(`${what.charAt(0).toUpperCase()}${what.slice(1)} deleted`);
          onDeleted?.();
        },
        onError: (error) => notifyProblem(`The ${what} was not deleted`, error),
      }),
  });
}
