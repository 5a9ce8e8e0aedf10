import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

/** A search of titles, sent to the server as staff pause typing; `onSearch(undefined)` for an empty box. */
export function TitleSearch({ value, onSearch, noun }: { value: string | undefined; onSearch: (q: string | undefined) => void; noun: string }) {
  const search = useDebouncedCallback((text: string) => onSearch(text.trim() === '' ? undefined : text.trim()), 350);
  return (
    <TextInput
      type="search"
      label={`Search ${noun}`}
      placeholder="Words of the title"
      defaultValue={value ?? ''}
      onChange={(event) => search(event.currentTarget.value)}
      maw={420}
    />
  );
}
