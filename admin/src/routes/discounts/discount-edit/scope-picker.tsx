import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useScopeNames, useScopeSearch, type ScopeKind } from '../../../api/discounts';

const words: Record<ScopeKind, { label: string; placeholder: string; none: string }> = {
  collections: { label: 'Which collections', placeholder: 'Type words of a title', none: 'No collection has these words in its title' },
  products: { label: 'Which products', placeholder: 'Type a name, permalink or sku code', none: 'No product matches' },
  skus: { label: 'Which skus', placeholder: 'Type a product name or sku code', none: 'No sku matches' },
};

/**
 * The collections, products or skus a discount applies to, found by the server as staff type (a shop
 * has thousands): the chosen ones stay listed by name while the search shows others.
 */
export function ScopePicker({ kind, value, onChange, error, readOnly }: { kind: ScopeKind; value: string[]; onChange: (ids: string[]) => void; error?: React.ReactNode; readOnly: boolean }) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 300);
  const found = useScopeSearch(kind, q);
  const names = useScopeNames(kind, value);
  const [picked, setPicked] = useState(new Map<string, string>());
  const chosen = value.map((id) => ({ value: id, label: picked.get(id) ?? names.get(id) ?? id }));
  const others = (q === '' ? [] : (found.data ?? [])).filter((option) => !value.includes(option.value));
  const text = words[kind];

  return (
    <MultiSelect
      label={text.label}
      description="The discount applies to these only"
      placeholder={readOnly ? undefined : text.placeholder}
      data={[...chosen, ...others]}
      value={value}
      onChange={(ids) => {
        // Keep the names of the ones chosen from this search, which the next search replaces.
        setPicked((previous) => new Map([...previous, ...others.filter((option) => ids.includes(option.value)).map((option) => [option.value, option.label] as const)]));
        onChange(ids);
      }}
      searchable
      searchValue={typed}
      onSearchChange={setTyped}
      // The server has searched: show what it found as it is.
      filter={({ options }) => options}
      nothingFoundMessage={q === '' ? 'Type to search' : found.isFetching ? 'Searching…' : text.none}
      rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching" /> : undefined}
      hidePickedOptions
      clearable={!readOnly}
      readOnly={readOnly}
      error={error}
      required
    />
  );
}
