import { Badge, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import type { Collection } from 'storefront/client';
import { useCollections } from '../../../api/collections';
import { AnchorLink } from '../../../components/links';
import { ListPanel } from '../../../components/list-panel';
import { useSearchAsTyped } from '../../../components/search-field';
import { WriteButton } from '../../../components/write-button';
import { formatTime } from '../../../lib/format';
import { NewCollectionDialog } from './new-collection-dialog';

const route = getRouteApi('/_shell/collections');

/** Collections, searched by title and paged by the server. */
export function CollectionListPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const collections = useCollections(search);
  const [creating, create] = useDisclosure();
  const searchAsTyped = useSearchAsTyped((q) => void navigate({ search: { q }, replace: true }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Group gap="sm">
          <Title order={1}>Collections</Title>
          {collections.isFetching && <Loader size="xs" aria-label="Loading" />}
        </Group>
        <WriteButton action="collection.create" onClick={create.open}>New collection</WriteButton>
      </Group>
      <Paper withBorder p="md">
        <TextInput type="search" label="Search" placeholder="Words of the title" defaultValue={search.q ?? ''} {...searchAsTyped} maw={480} />
      </Paper>
      <ListPanel
        query={collections}
        noun="collections"
        label="Collections"
        minWidth={640}
        empty={search.q ? 'No collection has these words in its title.' : 'No collections yet: group products by hand, or by rules, with New collection.'}
        columns={
          <>
            <Table.Th>Title</Table.Th>
            <Table.Th>Products</Table.Th>
            <Table.Th>Visibility</Table.Th>
            <Table.Th>Updated</Table.Th>
          </>
        }
        row={(collection) => <CollectionRow key={collection.id} collection={collection} />}
        onPage={(page) => void navigate({ search: (previous) => ({ ...previous, page: page > 1 ? page : undefined }) })}
      />
      <NewCollectionDialog opened={creating} onClose={create.close} />
    </Stack>
  );
}

function CollectionRow({ collection }: { collection: Collection }) {
  return (
    <Table.Tr>
      <Table.Td>
        <AnchorLink to="/collections/$collectionId" params={{ collectionId: collection.id }} fw={600}>
          {collection.title}
        </AnchorLink>
        <Text size="xs" c="dimmed">
          /{collection.permalink}
        </Text>
      </Table.Td>
      <Table.Td>{collection.kind === 'smart' ? `By ${collection.rules.length} ${collection.rules.length === 1 ? 'rule' : 'rules'}` : 'Hand-picked'}</Table.Td>
      <Table.Td>
        {collection.is_visible ? (
          <Badge color="green" variant="light">Visible</Badge>
        ) : (
          <Badge color="gray" variant="light">Hidden</Badge>
        )}
      </Table.Td>
      <Table.Td>{formatTime(collection.updated_at)}</Table.Td>
    </Table.Tr>
  );
}
