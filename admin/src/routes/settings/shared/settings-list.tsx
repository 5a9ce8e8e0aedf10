import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { components } from 'storefront/client';
import { ListPanel } from '../../../components/list-panel';
import { WriteButton } from '../../../components/write-button';
import { useCan } from '../../../lib/access';

interface Page<T> {
  data: T[];
  meta: { pagination: components['schemas']['Pagination'] };
}

/**
 * A settings screen that lists records a page at a time: its title, what it is for, a button to add
 * one, and the table of them (or its problem, or a word when there is none yet), a row each, the
 * last column for the row's actions.
 */
export function SettingsList<T extends { id: string }>({
  object, title, intro, add, onAdd, query, noun, empty, onPage, columns, minWidth, row,
}: {
  /** The API's name of the records (`tax_rate`): adding one is `<object>.create`. */
  object: string;
  title: string;
  intro: ReactNode;
  add: string;
  onAdd: () => void;
  query: UseQueryResult<Page<T>>;
  noun: string;
  empty: string;
  onPage: (page: number) => void;
  columns: readonly string[];
  minWidth: number;
  row: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed" maw={720}>
            {intro}
          </Text>
        </Stack>
        <WriteButton action={`${object}.create`} onClick={onAdd}>{add}</WriteButton>
      </Group>
      <ListPanel
        query={query}
        noun={noun}
        label={title}
        minWidth={minWidth}
        empty={empty}
        columns={
          <>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        row={(item) => <Table.Tr key={item.id}>{row(item)}</Table.Tr>}
        onPage={onPage}
      />
    </Stack>
  );
}

/** Edit (or `edit`'s word: Rename) and Delete for one row, named after it for assistive technology. */
export function RowActions({ object, name, onEdit, onDelete, edit = 'Edit' }: { object: string; name: string; onEdit: () => void; onDelete: () => void; edit?: string }) {
  // A role that may not change it opens the same form to look, with its inputs read-only.
  const look = useCan().can(`${object}.update`) ? edit : 'View';
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button variant="default" size="xs" onClick={onEdit} aria-label={`${look} ${name}`}>
        {look}
      </Button>
      <WriteButton action={`${object}.delete`} variant="default" color="red" size="xs" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </WriteButton>
    </Group>
  );
}
