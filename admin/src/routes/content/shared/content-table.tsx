import { Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from '../../../components/table-scroll';
import { formatTime } from '../../../lib/format';
import { PublishingBadge, publicationDate } from './publishing';

interface Row {
  id: string;
  title: string;
  permalink: string;
  is_published: boolean;
  published_at: number | null;
  updated_at: number;
}

/** Posts or pages, newest first as the server sorts them, each title a link to its editor. */
export function ContentTable<T extends Row>({ label, rows, link, empty }: { label: string; rows: T[]; link: (row: T) => ReactNode; empty: string }) {
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Text ta="center" c="dimmed">
          {empty}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder>
      <TableScroll label={label} minWidth={720}>
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Permalink</Table.Th>
              <Table.Th w={130}>Status</Table.Th>
              <Table.Th>Publication</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{link(row)}</Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {row.permalink}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PublishingBadge item={row} />
                </Table.Td>
                <Table.Td>{publicationDate(row)}</Table.Td>
                <Table.Td>{formatTime(row.updated_at)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}
