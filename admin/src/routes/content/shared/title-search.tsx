import { TextInput } from '@mantine/core';
import { useSearchAsTyped } from '../../../components/search-field';

/** A search of titles, sent to the server as staff pause typing; `onSearch(undefined)` for an empty box. */
export function TitleSearch({ value, onSearch, noun }: { value: string | undefined; onSearch: (q: string | undefined) => void; noun: string }) {
  return <TextInput type="search" label={`Search ${noun}`} placeholder="Words of the title" defaultValue={value ?? ''} {...useSearchAsTyped(onSearch)} maw={420} />;
}
