import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Collection, Product } from 'storefront/client';
import { useAddProduct, useProductSearch } from '../../../api/collections';
import { ProblemAlert } from '../../../components/problem-alert';
import { WriteButton } from '../../../components/write-button';
import { notifyDone, notifyProblem } from '../../../lib/notify';

/** Finds products on the server by words of their name, permalink or sku code, and adds one at the end. */
export function AddProducts({ collection, members }: { collection: Collection; members: Product[] }) {
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 350);
  const found = useProductSearch(q);
  const place = useAddProduct(collection.id);
  const memberIds = new Set(members.map((product) => product.id));
  const inCollection = (product: Product) => memberIds.has(product.id) || product.collection_ids.includes(collection.id);

  const add = (product: Product) =>
    place.mutate(product.id, {
      onSuccess: () => notifyDone(`${product.name} added to the collection`),
      onError: (error) => notifyProblem('The product was not added', error),
    });

  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label="Find products to add"
        placeholder="Name, permalink or sku code"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        rightSection={found.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      {q !== '' && found.error && <ProblemAlert error={found.error} title="The products could not be searched" />}
      {q !== '' && found.data && (
        <Stack gap={4} role="list" aria-label="Products found">
          {found.data.data.length === 0 && (
            <Text size="sm" c="dimmed">
              No product matches “{q}”.
            </Text>
          )}
          {found.data.data.map((product) => (
            <Group key={product.id} justify="space-between" wrap="nowrap" role="listitem">
              <Text size="sm" truncate>
                {product.name}
              </Text>
              {inCollection(product) ? (
                <Text size="xs" c="dimmed">
                  In the collection
                </Text>
              ) : (
                <WriteButton action="collection.update" size="xs" variant="light" aria-label={`Add ${product.name} to the collection`} onClick={() => add(product)} loading={place.isPending && place.variables === product.id}>
                  Add
                </WriteButton>
              )}
            </Group>
          ))}
          {found.data.meta.pagination.total_items > found.data.data.length && (
            <Text size="xs" c="dimmed">
              {found.data.meta.pagination.total_items.toLocaleString()} match: type more words to narrow.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
