import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

/**
 * The search box of a list: the server searches, so `onSearch` is called once typing pauses, with
 * the trimmed words (undefined when cleared).
 */
export function SearchField({ value, onSearch, placeholder, title }: { value: string | undefined; onSearch: (q: string | undefined) => void; placeholder: string; title: string }) {
  const searchFor = useDebouncedCallback((q: string) => onSearch(q.trim() === '' ? undefined : q.trim()), 350);
  return <TextInput type="search" label="Search" placeholder={placeholder} title={title} defaultValue={value ?? ''} onChange={(event) => searchFor(event.currentTarget.value)} />;
}
