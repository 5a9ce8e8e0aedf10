import { Group, Progress, Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';

/** A bulk job's state: its badge, and a bar of the rows done out of the rows counted (empty until counted). */
export function JobProgress({ label, job, unit }: { label: string; job: { status: string; total_rows: number | null; processed_rows: number }; unit: string }) {
  const total = job.total_rows;
  const done = job.status === 'succeeded' ? 100 : total ? Math.min(100, Math.round((job.processed_rows / total) * 100)) : 0;
  const words = total === null ? `${job.processed_rows.toLocaleString()} ${unit}` : `${job.processed_rows.toLocaleString()} of ${total.toLocaleString()} ${unit}`;
  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <StatusBadge status={job.status} />
        <Text size="xs" c="dimmed">
          {job.status === 'queued' ? 'Waiting to start' : words}
        </Text>
      </Group>
      <Progress value={done} aria-label={label} size="sm" color={job.status === 'failed' ? 'red' : undefined} animated={job.status === 'running'} />
    </Stack>
  );
}
