import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a detail screen, its title a heading and its name for assistive technology. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}
