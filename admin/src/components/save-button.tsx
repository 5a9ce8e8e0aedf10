import { Group, Stack, Text } from '@mantine/core';
import { LeaveGuard } from './leave-guard';
import { FormAlert } from './problem-alert';
import { WriteButton } from './write-button';

/**
 * The submit button of a record's form: a saved record says when it has unsaved changes and can be
 * saved only then; a new one can always be created. What the server said that no field shows
 * (`message`, from useServerErrors) appears beside it, where staff just clicked; leaving the form
 * with unsaved changes asks first (LeaveGuard).
 */
export function SaveButton({ action, saved, dirty, saving, label, message = null }: {
  /** What saving calls (`product.update`). */
  action: string;
  saved: boolean;
  dirty: boolean;
  /** True while the save is under way (the form's `submitting` included). */
  saving: boolean;
  label: string;
  message?: string | null;
}) {
  return (
    <Stack gap="xs">
      <FormAlert message={message} />
      <Group justify="flex-end">
        {saved && dirty && (
          <Text size="sm" c="dimmed">
            Unsaved changes
          </Text>
        )}
        <WriteButton action={action} type="submit" loading={saving} disabled={saved && !dirty}>
          {label}
        </WriteButton>
      </Group>
      <LeaveGuard when={dirty && !saving} />
    </Stack>
  );
}
