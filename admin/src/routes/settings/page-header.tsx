import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings screen's title, a spinner while its list is read again, its main action, and what it is for. */
export function PageHeader({ title, fetching, action, children }: { title: string; fetching: boolean; action?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Group gap="sm" align="baseline">
          <Title order={1}>{title}</Title>
          {fetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        {action}
      </Group>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}
