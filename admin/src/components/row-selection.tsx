import { Button, Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * The rows staff picked in a list, by id, with the record as it was on screen: the selection lasts
 * across pages and searches (the count says how many), and an export reads the records from it.
 */
export interface RowSelection<T> {
  items: T[];
  count: number;
  isSelected: (id: string) => boolean;
  toggle: (item: T) => void;
  /** Selects every row of the page, or none of them when all were. */
  togglePage: (page: T[]) => void;
  /** Keeps only these ids (those a bulk action could not change, for another try); none: clears. */
  keepOnly: (ids?: readonly string[]) => void;
}

/** `page`: the rows on screen now, whose fresher reading replaces the one kept at selection. */
export function useRowSelection<T extends { id: string }>(page: readonly T[] = []): RowSelection<T> {
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());
  const fresh = new Map(page.map((item) => [item.id, item]));
  const change = (edit: (next: Map<string, T>) => void) =>
    setSelected((previous) => {
      const next = new Map(previous);
      edit(next);
      return next;
    });
  return {
    items: [...selected.values()].map((item) => fresh.get(item.id) ?? item),
    count: selected.size,
    isSelected: (id) => selected.has(id),
    toggle: (item) => change((next) => (next.has(item.id) ? next.delete(item.id) : next.set(item.id, item))),
    togglePage: (page) =>
      change((next) => {
        const all = page.every((item) => next.has(item.id));
        for (const item of page) {
          if (all) next.delete(item.id);
          else next.set(item.id, item);
        }
      }),
    keepOnly: (ids = []) => change((next) => {
      for (const id of [...next.keys()]) if (!ids.includes(id)) next.delete(id);
    }),
  };
}

/** The header cell that selects the whole page: ticked when every row is, a dash when some are. */
export function SelectPageCell<T extends { id: string }>({ selection, page }: { selection: RowSelection<T>; page: T[] }) {
  const chosen = page.filter((item) => selection.isSelected(item.id)).length;
  return (
    <Table.Th w={44}>
      <Checkbox
        aria-label="Select all on this page"
        checked={page.length > 0 && chosen === page.length}
        indeterminate={chosen > 0 && chosen < page.length}
        disabled={page.length === 0}
        onChange={() => selection.togglePage(page)}
      />
    </Table.Th>
  );
}

/**
 * The look of a selected row: the faintest grey (a stronger tint takes links below AA contrast) and
 * a bar at its start, drawn by SelectRowCell.
 */
export function selectedRowProps(selection: Pick<RowSelection<never>, 'isSelected'>, id: string) {
  return selection.isSelected(id) ? { bg: 'var(--mantine-color-gray-0)' } : {};
}

/** The cell that selects one row; `name` is how staff call the record (`Select Linen shirt`). */
export function SelectRowCell<T extends { id: string }>({ selection, item, name }: { selection: RowSelection<T>; item: T; name: string }) {
  return (
    <Table.Td style={selection.isSelected(item.id) ? { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' } : undefined}>
      <Checkbox aria-label={`Select ${name}`} checked={selection.isSelected(item.id)} onChange={() => selection.toggle(item)} />
    </Table.Td>
  );
}

/**
 * The bar of what can be done to the selected rows, shown while there are some: their count, the
 * actions, and a way to let go of them. It sticks under the header as the list scrolls.
 */
export function SelectionBar({ selection, noun, children }: { selection: Pick<RowSelection<never>, 'count' | 'keepOnly'>; noun: string; children: ReactNode }) {
  if (selection.count === 0) return null;
  return (
    <Paper withBorder p="sm" pos="sticky" top={64} style={{ zIndex: 2 }} bg="var(--mantine-color-body)" role="region" aria-label={`Selected ${noun}`}>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={600} aria-live="polite">
            {selection.count} selected
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => selection.keepOnly()}>
            Clear selection
          </Button>
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
