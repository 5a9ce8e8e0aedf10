import { Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { components } from 'storefront/client';
import { ListPanel } from '../../../components/list-panel';
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

/** Posts or pages, newest first as the server sorts them and paged by it, each title a link to its editor. */
export function ContentTable<T extends Row>({ query, noun, label, link, empty, onPage }: {
  query: UseQueryResult<{ data: T[]; meta: { pagination: components['schemas']['Pagination'] } }>;
  /** Plural, lower case: `posts`. */
  noun: string;
  label: string;
  link: (row: T) => ReactNode;
  empty: string;
  onPage: (page: number) => void;
}) {
  return (
    <ListPanel
      query={query}
      noun={noun}
      label={label}
      minWidth={720}
      empty={empty}
      columns={
        <>
          <Table.Th>Title</Table.Th>
          <Table.Th>Permalink</Table.Th>
          <Table.Th w={130}>Status</Table.Th>
          <Table.Th>Publication</Table.Th>
          <Table.Th>Updated</Table.Th>
        </>
      }
      row={(row) => (
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
      )}
      onPage={onPage}
    />
  );
}
