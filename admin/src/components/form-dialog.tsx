import { Button, Group, Modal, Stack, type MantineSpacing, type ModalProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useCan } from '../lib/access';
import { LeaveGuard } from './leave-guard';
import { FormAlert } from './problem-alert';
import { WriteButton } from './write-button';

/**
 * A form in a dialog: its fields, the server's message that no field can show beside the buttons,
 * then a button that closes it and one that submits it (disabled when the role may not do `action`,
 * and Cancel then says Close). With `dirty`, leaving the page (a link, back, closing the tab) asks first.
 */
export function FormDialog({ action, title, opened, onClose, size, gap, onSubmit, message, submit, pending, submitColor, submitDisabled, cancel = 'Cancel', dirty = false, children }: {
  /** What submitting calls (`product.update`). */
  action: string;
  title: ReactNode;
  opened: boolean;
  onClose: () => void;
  size?: ModalProps['size'];
  /** Between the fields; Mantine's default when not given. */
  gap?: MantineSpacing;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** From useServerErrors: what the server said that no field of the form shows. */
  message: string | null;
  /** The submit button's words: `Create collection`. */
  submit: string;
  pending: boolean;
  submitColor?: string;
  submitDisabled?: boolean;
  cancel?: string;
  /** The form has unsaved changes. */
  dirty?: boolean;
  children: ReactNode;
}) {
  const readOnly = !useCan().can(action);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap={gap}>
          {children}
          <FormAlert message={message} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {readOnly ? 'Close' : cancel}
            </Button>
            <WriteButton action={action} type="submit" color={submitColor} loading={pending} disabled={submitDisabled}>
              {submit}
            </WriteButton>
          </Group>
        </Stack>
      </form>
      {opened && <LeaveGuard when={dirty && !pending} />}
    </Modal>
  );
}
