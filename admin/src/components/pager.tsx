import { Group, Pagination, Text } from '@mantine/core';
import type { components } from 'storefront/client';

type PaginationMeta = components['schemas']['Pagination'];

/** Which items of how many are on screen, and the pages to go to. */
export function Pager({ pagination, onPage, noun }: { pagination: PaginationMeta; onPage: (page: number) => void; noun: string }) {
  const { from, to, total_items: total, total_pages: pages, current_page: page } = pagination;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total === 0 ? `No ${noun}` : `${from.toLocaleString()}–${to.toLocaleString()} of ${total.toLocaleString()} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
