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
 * One page of a list the server searched and paged: its problem, a loader, a line saying why it is
 * empty, or a table of `columns` (the header row's cells) and one `row` an item, with the pager under it.
 */
export function ListPanel<T>({ query, noun, label, minWidth, empty, columns, row, onPage }: {
  query: UseQueryResult<ListPage<T>>;
  /** Plural, lower case: `orders`. */
  noun: string;
  /** The table's name, for the scrolling region. */
  label: string;
  minWidth: number;
  empty: string;
  columns: ReactNode;
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (query.error) return <ProblemAlert error={query.error} title={`The ${noun} could not be read`} />;
  if (!query.data) return <Loader aria-label={`Loading ${noun}`} />;
  if (query.data.data.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Text ta="center" c="dimmed">
          {empty}
        </Text>
      </Paper>
    );
  }
  return (
    <>
      <Paper withBorder>
        <TableScroll label={label} minWidth={minWidth}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>{columns}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data.data.map(row)}</Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
      <Pager pagination={query.data.meta.pagination} noun={noun} onPage={onPage} />
    </>
  );
}
