import { Loader, Paper, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { components } from 'storefront/client';
import { Pager } from './pager';
import { ProblemAlert } from './problem-alert';
import { TableScroll } from './table-scroll';

interface ListPage<T> {
  data: T[];
  meta: { pagination: components['schemas']['Pagination'] };
}

/**
 * A table of `columns` (the header row's cells) and the rows given as children, scrolling sideways in
 * a narrow window. `compact`: inside a titled section of a detail screen, tighter and without hover;
 * otherwise in a list's panel, which has no padding of its own.
 */
export function ListTable({ label, minWidth, columns, compact = false, children }: { label: string; minWidth: number; columns: ReactNode; compact?: boolean; children: ReactNode }) {
  return (
    <TableScroll label={label} minWidth={minWidth} inset={!compact}>
      <Table highlightOnHover={!compact} verticalSpacing={compact ? 'xs' : 'sm'}>
        <Table.Thead>
          <Table.Tr>{columns}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * One page of a list the server searched and paged: its problem, a loader, a line saying why it is
 * empty, or a table of `columns` (the header row's cells) and one `row` an item, with the pager under it.
 * `inSection`: the list is a part of a detail screen's `Section`, so it draws no panel of its own.
 */
export function ListPanel<T>({ query, noun, what = noun, label, minWidth, empty, columns, row, onPage, inSection = false }: {
  query: UseQueryResult<ListPage<T>>;
  /** Plural, lower case: `orders`. */
  noun: string;
  /** What could not be read or is loading, when it is not `noun`. */
  what?: string;
  /** The table's name, for the scrolling region. */
  label: string;
  minWidth: number;
  empty: string;
  columns: ReactNode;
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
  inSection?: boolean;
}) {
  if (query.error) return <ProblemAlert error={query.error} title={`The ${what} could not be read`} />;
  if (!query.data) {
    if (!inSection) return <Loader aria-label={`Loading ${what}`} />;
    return (
      <Text size="sm" c="dimmed">
        Loading {what}…
      </Text>
    );
  }
  if (query.data.data.length === 0) {
    if (inSection) {
      return (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      );
    }
    return (
      <Paper withBorder p="xl">
        <Text ta="center" c="dimmed">
          {empty}
        </Text>
      </Paper>
    );
  }
  const table = (
    <ListTable label={label} minWidth={minWidth} columns={columns} compact={inSection}>
      {query.data.data.map(row)}
    </ListTable>
  );
  return (
    <>
      {inSection ? table : <Paper withBorder>{table}</Paper>}
      <Pager pagination={query.data.meta.pagination} noun={noun} onPage={onPage} />
    </>
  );
}
