import { ActionIcon, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Collection, Product } from 'storefront/client';
import { MEMBERS_PER_PAGE, useCollectionProducts, useOrderProducts, useRemoveProduct } from '../../../api/collections';
import { ProblemAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { TableScroll } from '../../../components/table-scroll';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { AddProducts } from './add-products';

/**
 * The hand-picked products in the collection's order. A move sends the order of those on screen in
 * one request; any beyond them keep following.
 */
export function CollectionMembers({ collection }: { collection: Collection }) {
  const readOnly = !useCan().can('collection.update');
  const members = useCollectionProducts(collection.id);
  const arrange = useOrderProducts(collection.id);
  const remove = useRemoveProduct(collection.id);
  const products = members.data?.data ?? [];
  const total = members.data?.meta.pagination.total_items ?? 0;
  const arrangeable = !readOnly && collection.sorting_rule === 'manual';

  const move = (from: number, to: number) => {
    const order = [...products];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    arrange.mutate(
      order.map((product) => product.id),
      {
        onSuccess: () => notifyDone(`Moved ${moved!.name} to position ${to + 1}`),
        onError: (error) => notifyProblem('The product was not moved', error),
      },
    );
  };

  const confirmRemove = (product: Product) =>
    modals.openConfirmModal({
      title: 'Take the product out?',
      children: <Text size="sm">“{product.name}” leaves this collection; the product itself stays in the catalogue.</Text>,
      labels: { confirm: 'Take out', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onSuccess: () => notifyDone(`${product.name} taken out of the collection`),
          onError: (error) => notifyProblem('The product was not taken out', error),
        }),
    });

  return (
    <Section title="Products" actions={(members.isFetching || arrange.isPending) && <Loader size="xs" aria-label="Updating the products" />}>
      <Stack gap="md">
        <AddProducts collection={collection} members={products} />
        {members.error ? (
          <ProblemAlert error={members.error} title="The products could not be read" />
        ) : !members.data ? (
          <Loader aria-label="Loading the products" />
        ) : products.length === 0 ? (
          <Text size="sm" c="dimmed">
            No products yet: find them above and add them.
          </Text>
        ) : (
          <>
            {collection.sorting_rule !== 'manual' && (
              <Text size="sm" c="dimmed">
                Shown in the order chosen under Details; choose “By hand” there to arrange them yourself.
              </Text>
            )}
            {total > MEMBERS_PER_PAGE && (
              <Text size="sm" c="dimmed">
                The first {MEMBERS_PER_PAGE} of {total.toLocaleString()}; the others follow them in their order.
              </Text>
            )}
            <TableScroll label="Products in the collection" minWidth={420}>
              <Table verticalSpacing="xs" aria-label="Products in the collection">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={48}>#</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Arrange</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {products.map((product, index) => (
                    <Table.Tr key={product.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>{product.name}</Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon variant="default" aria-label={`Move ${product.name} up`} title="Move up" disabled={!arrangeable || index === 0 || arrange.isPending} onClick={() => move(index, index - 1)}>
                            ↑
                          </ActionIcon>
                          <ActionIcon variant="default" aria-label={`Move ${product.name} down`} title="Move down" disabled={!arrangeable || index === products.length - 1 || arrange.isPending} onClick={() => move(index, index + 1)}>
                            ↓
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={`Take ${product.name} out of the collection`} title="Take out" disabled={readOnly} onClick={() => confirmRemove(product)}>
                            ×
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </>
        )}
      </Stack>
    </Section>
  );
}
