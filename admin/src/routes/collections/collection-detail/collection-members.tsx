import { ActionIcon, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef } from 'react';
import type { Collection, Product } from 'storefront/client';
import { MEMBERS_PER_PAGE, useCollectionProducts, usePlaceProducts, useRemoveProduct } from '../../../api/collections';
import { ProblemAlert } from '../../../components/problem-alert';
import { Section } from '../../../components/section';
import { TableScroll } from '../../../components/table-scroll';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { AddProducts } from './add-products';

/**
 * The hand-picked products in the collection's order. Moving one numbers the products 0, 1, 2… in
 * their new order; only those whose number is not yet known to be right are sent, so the first move
 * on a screen sends every product and later ones two.
 */
export function CollectionMembers({ collection }: { collection: Collection }) {
  const { readOnly } = useSession();
  const members = useCollectionProducts(collection.id);
  const place = usePlaceProducts(collection.id);
  const remove = useRemoveProduct(collection.id);
  const known = useRef(new Map<string, number>());
  const products = members.data?.data ?? [];
  const total = members.data?.meta.pagination.total_items ?? 0;
  const arrangeable = !readOnly && collection.sorting_rule === 'manual' && total <= MEMBERS_PER_PAGE;

  const move = (from: number, to: number) => {
    const order = [...products];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    const placements = order.flatMap((product, position) => (known.current.get(product.id) === position ? [] : [{ product_id: product.id, position }]));
    place.mutate(placements, {
      onSuccess: () => {
        for (const { product_id, position } of placements) known.current.set(product_id, position);
        notifyDone(`Moved ${moved!.name} to position ${to + 1}`);
      },
      onError: (error) => {
        known.current.clear();
        notifyProblem('The product was not moved', error);
      },
    });
  };

  const confirmRemove = (product: Product) =>
    modals.openConfirmModal({
      title: 'Take the product out?',
      children: <Text size="sm">“{product.name}” leaves this collection; the product itself stays in the catalogue.</Text>,
      labels: { confirm: 'Take out', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(product.id, {
          onSuccess: () => {
            known.current.delete(product.id);
            notifyDone(`${product.name} taken out of the collection`);
          },
          onError: (error) => notifyProblem('The product was not taken out', error),
        }),
    });

  return (
    <Section title="Products" actions={(members.isFetching || place.isPending) && <Loader size="xs" aria-label="Updating the products" />}>
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
                The first {MEMBERS_PER_PAGE} of {total.toLocaleString()}: a collection this large is arranged by a sorting rule.
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
                          <ActionIcon variant="default" aria-label={`Move ${product.name} up`} title="Move up" disabled={!arrangeable || index === 0 || place.isPending} onClick={() => move(index, index - 1)}>
                            ↑
                          </ActionIcon>
                          <ActionIcon variant="default" aria-label={`Move ${product.name} down`} title="Move down" disabled={!arrangeable || index === products.length - 1 || place.isPending} onClick={() => move(index, index + 1)}>
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
