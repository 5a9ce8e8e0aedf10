import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

/**
 * Asks before staff leave a form with unsaved changes (`when`): a move inside the dashboard (a link,
 * back) opens "Leave without saving?", where Stay keeps the form as it is; closing or reloading the
 * tab gets the browser's own question. Forms render it through SaveButton or FormDialog, or
 * themselves beside their submit button; `when` is false while a save is under way, so the move a
 * save makes (a new record opening on its own screen) goes through.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  // Read at the moment of the move, so the question follows the form as it is then.
  const guarding = useRef(when);
  guarding.current = when;
  const blocker = useBlocker({ shouldBlockFn: () => guarding.current, enableBeforeUnload: () => guarding.current, withResolver: true });
  const blocked = blocker.status === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave without saving?" zIndex={400}>
      <Stack>
        <Text size="sm">Your changes will be lost if you leave this page.</Text>
        <Group justify="flex-end">
          <Button variant="default" data-autofocus onClick={() => blocker.reset?.()}>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
