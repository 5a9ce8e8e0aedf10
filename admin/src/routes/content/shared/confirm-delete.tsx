import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { FormAlert } from '../../../components/problem-alert';
import { WriteButton } from '../../../components/write-button';
import { problemOf } from '../../../lib/problems';

/**
 * A delete button that asks first, saying what goes for good (and `consequence`, a sentence, if any);
 * the server's refusal (a blog that still has posts) shows in the dialog.
 */
export function ConfirmDelete({ action, noun, name, consequence, pending, error, onDelete, onOpen }: {
  /** What deleting calls (`post.delete`). */
  action: string;
  noun: string;
  name: string;
  consequence?: string;
  pending: boolean;
  error: unknown;
  onDelete: () => void;
  /** Forgets an earlier refusal (the mutation's reset), so a new try starts clean. */
  onOpen?: () => void;
}) {
  const [opened, { open, close }] = useDisclosure();
  const title = `Delete the ${noun}?`;
  return (
    <>
      <WriteButton action={action}
        variant="default"
        color="red"
        c="red.8"
        onClick={() => {
          onOpen?.();
          open();
        }}
      >
        Delete {noun}
      </WriteButton>
      <Modal opened={opened} onClose={close} title={title}>
        <Stack>
          <FormAlert message={error ? problemOf(error).detail : null} />
          <Text size="sm">
            “{name}” is deleted for good: this cannot be undone.{consequence ? ` ${consequence}` : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Keep it
            </Button>
            <Button color="red" loading={pending} onClick={onDelete}>
              Delete {noun}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
