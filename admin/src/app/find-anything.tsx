import '@mantine/spotlight/styles.css';
import { Button, Group, Kbd, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useFindRecords, type Found } from '../api/find-anything';
import { useCan } from '../lib/access';
import { readableAreas } from './areas';

/** Every screen of the navigation the role may read, by its name and its group's ("Settings › Taxes"). */
function screensOf(can: (action: string) => boolean): Found[] {
  return readableAreas(can).flatMap((area) =>
    area.links
      ? area.links.map((link) => ({ id: link.to, label: link.label, description: area.label, to: link.to }))
      : [{ id: area.to, label: area.label, description: 'Screen', to: area.to }],
  );
}

/**
 * Finds anything from every screen: Ctrl+K (⌘K) or `/` opens a search of orders, products, customers
 * and the screens themselves; Enter or a click goes straight to the record.
 */
export function FindAnything() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [words] = useDebouncedValue(query, 200);
  const found = useFindRecords(words);
  const screens = screensOf(useCan().can);
  const typed = query.trim().toLowerCase();
  const matchingScreens = typed === '' ? screens : screens.filter((screen) => `${screen.description} ${screen.label}`.toLowerCase().includes(typed));
  const groups: Array<{ label: string; items: Found[] }> = [
    { label: 'Orders', items: found.data?.orders ?? [] },
    { label: 'Products', items: found.data?.products ?? [] },
    { label: 'Customers', items: found.data?.customers ?? [] },
    { label: 'Screens', items: matchingScreens.slice(0, 6) },
  ].filter((group) => group.items.length > 0);
  const searching = typed.length >= 2 && (found.isFetching || words !== query);

  return (
    <Spotlight.Root title="Find anything" query={query} onQueryChange={setQuery} shortcut={['mod + K', '/']} scrollable maxHeight={480} styles={{ header: { padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)', minHeight: 0 } }}>
      <Spotlight.Search placeholder="Find orders, products, customers, settings…" aria-label="Find anything" rightSection={searching ? <Loader size="xs" aria-label="Searching" /> : null} />
      <Spotlight.ActionsList aria-label="Found">
        {groups.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label}>
            {group.items.map((item) => (
              <Spotlight.Action key={item.id} label={item.label} description={item.description} onClick={() => void navigate({ to: item.to })} />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {groups.length === 0 && <Spotlight.Empty>{searching ? 'Searching…' : 'Nothing found'}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

/** The header's way in, for those who do not know the keys. */
export function FindAnythingButton() {
  return (
    <Button variant="default" size="xs" onClick={spotlight.open} aria-label="Find anything" aria-keyshortcuts="Control+K /">
      <Group gap={8} wrap="nowrap">
        <Text size="xs">Find…</Text>
        <Kbd size="xs" visibleFrom="sm">
          Ctrl K
        </Kbd>
      </Group>
    </Button>
  );
}
