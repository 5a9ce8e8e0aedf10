import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';

/** A query's answer once it is there: its problem, a loading line, or `empty` when the list is empty. */
export function QueryPanel<T>({ query, what, empty, children }: { query: UseQueryResult<T>; what: string; empty: string; children: (data: T) => ReactNode }) {
  if (query.error) return <ProblemAlert error={query.error} title={`The ${what} could not be read`} />;
  if (query.data === undefined) {
    return (
      <Text size="sm" c="dimmed">
        Loading {what}…
      </Text>
    );
  }
  if (Array.isArray(query.data) && query.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
