import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useDeleteSku, useProductSkus, type Product, type Sku } from '../../../api/products';
import { ListTable } from '../../../components/list-panel';
import { QueryPanel } from '../../../components/query-panel';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { formatMoney } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { SkuDialog } from './sku-dialog';

/** What a sku is called in its product's table: its option values, else its code, else its name. */
export function skuLabel(sku: Sku): string {
  return sku.modifiers.length > 0 ? sku.modifiers.join(' / ') : (sku.code ?? sku.name);
}

function stockOf(sku: Sku): string {
  if (sku.stock_policy === 'none') return 'Not tracked';
  return (sku.in_stock ?? 0).toLocaleString();
}

/** The skus of the product: what is sold, at what price, and how many are left. */
export function ProductSkus({ product, currency }: { product: Product; currency: string }) {
  const skus = useProductSkus(product.id);
  const remove = useDeleteSku();
  // null: closed; 'new': a new sku; else the sku being edited.
  const [editing, setEditing] = useState<Sku | 'new' | null>(null);

  const confirmDelete = (sku: Sku) =>
    modals.openConfirmModal({
      title: `Delete the sku ${skuLabel(sku)}?`,
      children: (
        <Text size="sm">
          It can no longer be bought, and its stock count is lost. This cannot be undone; orders that bought it keep their lines.
        </Text>
      ),
      labels: { confirm: 'Delete sku', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(sku.id, { onSuccess: () => notifyDone(`Sku ${skuLabel(sku)} deleted`), onError: (error) => notifyProblem('The sku was not deleted', error) }),
    });

  return (
    <Section title="Skus" actions={<WriteButton size="xs" onClick={() => setEditing('new')}>Add sku</WriteButton>}>
      <QueryPanel query={skus} what="skus" empty="No skus.">
        {(list) => (
          <ListTable
            label="Skus"
            minWidth={760}
            compact
            columns={
              <>
                <Table.Th>Sku</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Barcode</Table.Th>
                <Table.Th ta="right">Price</Table.Th>
                <Table.Th ta="right">Stock</Table.Th>
                <Table.Th ta="right">Weight</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </>
            }
          >
            {list.map((sku) => (
              <Table.Tr key={sku.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {skuLabel(sku)}
                  </Text>
                  {sku.id === product.sku_id && (
                    <Badge size="xs" variant="light" color="gray" radius="sm">
                      Default
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{sku.code ?? '—'}</Table.Td>
                <Table.Td>{sku.barcode ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {formatMoney(sku.price, currency)}
                  {sku.compared_price !== null && (
                    <>
                      <VisuallyHidden>, compared price </VisuallyHidden>
                      <Text span size="xs" c="dimmed" td="line-through" ml={6}>
                        {formatMoney(sku.compared_price, currency)}
                      </Text>
                    </>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {stockOf(sku)}
                  {sku.low_threshold !== null && sku.in_stock !== null && sku.in_stock <= sku.low_threshold && (
                    <Badge size="xs" color="orange" variant="light" radius="sm" ml={6}>
                      Low
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{sku.weight === null ? '—' : `${sku.weight} ${sku.weight_unit}`}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" aria-label={`Edit sku ${skuLabel(sku)}`} onClick={() => setEditing(sku)}>
                      Edit
                    </Button>
                    <WriteButton size="compact-sm" variant="subtle" color="red" aria-label={`Delete sku ${skuLabel(sku)}`} onClick={() => confirmDelete(sku)}>
                      Delete
                    </WriteButton>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryPanel>
      <SkuDialog product={product} currency={currency} sku={editing === 'new' ? null : editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Section>
  );
}
