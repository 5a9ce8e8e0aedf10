import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { ChangeEvent } from 'react';

/**
 * A text box's handlers that search the server as staff type: `onSearch` gets the trimmed words
 * (undefined when cleared) once typing pauses, or at once when the box loses focus. Without the
 * second, a row clicked while a search waited would open, and then the search would fire and bring
 * the list back over it.
 */
export function useSearchAsTyped(onSearch: (words: string | undefined) => void) {
  const searchFor = useDebouncedCallback((text: string) => onSearch(text.trim() === '' ? undefined : text.trim()), 350);
  return {
    onChange: (event: ChangeEvent<HTMLInputElement>) => searchFor(event.currentTarget.value),
    onBlur: () => searchFor.flush(),
  };
}

/** The search box of a list: the server searches, so the words are sent as typing pauses. */
export function SearchField({ value, onSearch, placeholder, title }: { value: string | undefined; onSearch: (q: string | undefined) => void; placeholder: string; title: string }) {
  return <TextInput type="search" label="Search" placeholder={placeholder} title={title} defaultValue={value ?? ''} {...useSearchAsTyped(onSearch)} />;
}
