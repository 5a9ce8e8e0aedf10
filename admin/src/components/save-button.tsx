import { Group, Text } from '@mantine/core';
import { WriteButton } from './write-button';

/**
 * The submit button of a record's form: a saved record says when it has unsaved changes and can be
 * saved only then; a new one can always be created.
 */
export function SaveButton({ saved, dirty, saving, label }: { saved: boolean; dirty: boolean; saving: boolean; label: string }) {
  return (
    <Group justify="flex-end">
      {saved && dirty && (
        <Text size="sm" c="dimmed">
          Unsaved changes
        </Text>
      )}
      <WriteButton type="submit" loading={saving} disabled={saved && !dirty}>
        {label}
      </WriteButton>
    </Group>
  );
}
