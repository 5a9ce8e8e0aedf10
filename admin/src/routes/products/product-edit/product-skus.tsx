import { Badge, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { useEffect, useState } from 'react';
import { useDeleteSku, useProductSkus, useUpdateSkus, type Product, type Sku } from '../../../api/products';
import { ListTable } from '../../../components/list-panel';
import { FormAlert } from '../../../components/problem-alert';
import { QueryPanel } from '../../../components/query-panel';
import { SaveButton } from '../../../components/save-button';
import { Section } from '../../../components/section';
import { WriteButton } from '../../../components/write-button';
import { minorDigits } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { splitProblem } from '../../../lib/problems';
import { useCan } from '../../../lib/access';
import { SkuDialog } from './sku-dialog';
import { bulkColumns, changesOf, rowValuesOf, type BulkColumn, type SkuRowValues } from './sku-table-values';

/** What a sku is called in its product's table: its option values, else its code, else its name. */
export function skuLabel(sku: Sku): string {
  return sku.modifiers.length > 0 ? sku.modifiers.join(' / ') : (sku.code ?? sku.name);
}

const rowFields = ['price', 'compared_price', 'in_stock', 'code', 'barcode', 'weight', 'image'] as const;

/**
 * The skus of the product in one table that edits them all: price, compared price, stock, code,
 * barcode, weight and image of each, a column set for every sku at once, one save for the lot.
 * The dialog keeps the rest of a sku (stock tracking, threshold, weight unit) and adds one by hand.
 */
export function ProductSkus({ product, currency }: { product: Product; currency: string }) {
  const skus = useProductSkus(product.id);
  const remove = useDeleteSku();
  const update = useUpdateSkus();
  const readOnly = !useCan().can('sku.update');
  // null: closed; 'new': a new sku; else the sku being edited.
  const [editing, setEditing] = useState<Sku | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [bulk, setBulk] = useState<{ column: BulkColumn; value: string }>({ column: 'price', value: '' });
  const form = useForm<{ rows: Record<string, SkuRowValues> }>({ initialValues: { rows: {} } });

  const stored = (list: Sku[]) => ({ rows: Object.fromEntries(list.map((sku) => [sku.id, rowValuesOf(product, sku, currency)])) });
  // The skus as saved, unless staff are typing; new skus (a value added to an option) join either way.
  useEffect(() => {
    if (!skus.data) return;
    const saved = stored(skus.data);
    form.setValues(form.isDirty() ? { rows: { ...saved.rows, ...pick(form.getValues().rows, skus.data) } } : saved);
    form.resetDirty(saved);
  }, [skus.data, product.images]);

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

  const applyToEvery = () => {
    if (!skus.data) return;
    for (const sku of skus.data) form.setFieldValue(`rows.${sku.id}.${bulk.column}`, bulk.value === '' ? '' : Number(bulk.value));
  };

  const save = form.onSubmit(async (values) => {
    if (!skus.data) return;
    setMessage(null);
    form.clearErrors();
    const saved = stored(skus.data).rows;
    const changed = skus.data
      .map((sku) => ({ sku, changes: changesOf(saved[sku.id]!, values.rows[sku.id]!, sku, currency) }))
      .filter(({ changes }) => Object.keys(changes).length > 0);
    const refused = await update.mutateAsync(changed.map(({ sku, changes }) => ({ id: sku.id, changes })));
    const unplaced: string[] = [];
    for (const { id, error } of refused) {
      const split = splitProblem(error, [...rowFields, 'stock_policy']);
      for (const [path, text] of Object.entries(split.fields)) form.setFieldError(`rows.${id}.${path.split('.')[0] === 'stock_policy' ? 'in_stock' : path.split('.')[0]}`, text);
      const sku = skus.data.find((candidate) => candidate.id === id)!;
      if (split.rest) unplaced.push(`${skuLabel(sku)}: ${split.rest}`);
    }
    setMessage(unplaced.length > 0 ? unplaced.join(' · ') : null);
    if (refused.length === 0) notifyDone(changed.length === 1 ? 'Sku saved' : `${changed.length} skus saved`);
    else if (refused.length < changed.length) notifyDone(`${changed.length - refused.length} of ${changed.length} skus saved`);
  });

  const images = product.images.map((image, index) => ({ value: image.file_id ?? image.url, label: `Image ${index + 1}` }));
  const money = { decimalScale: minorDigits(currency), fixedDecimalScale: true, hideControls: true, clampBehavior: 'none' as const, readOnly, size: 'xs' as const, w: 96 };
  const count = { allowDecimal: false, hideControls: true, clampBehavior: 'none' as const, readOnly, size: 'xs' as const, w: 72 };

  return (
    <Section title="Skus" actions={<WriteButton action="sku.create" size="xs" onClick={() => setEditing('new')}>Add sku</WriteButton>}>
      <QueryPanel query={skus} what="skus" empty="No skus.">
        {(list) => (
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              {list.length > 1 && !readOnly && (
                <Group gap="xs" align="flex-end" role="group" aria-label="Set a column for every sku">
                  <Select label="Set for every sku" size="xs" w={160} data={bulkColumns} allowDeselect={false} value={bulk.column} onChange={(column) => setBulk({ column: column as BulkColumn, value: '' })} />
                  <TextInput label="To" size="xs" w={110} inputMode="decimal" value={bulk.value} onChange={(event) => setBulk({ ...bulk, value: event.currentTarget.value })} />
                  <Button size="xs" variant="light" disabled={bulk.value.trim() === '' || Number.isNaN(Number(bulk.value))} onClick={applyToEvery}>
                    Apply to {list.length} skus
                  </Button>
                </Group>
              )}
              <ListTable
                label="Skus"
                minWidth={980}
                compact
                columns={
                  <>
                    <Table.Th>Sku</Table.Th>
                    {images.length > 0 && <Table.Th>Image</Table.Th>}
                    <Table.Th>Price ({currency})</Table.Th>
                    <Table.Th>Compared</Table.Th>
                    <Table.Th>Stock</Table.Th>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Barcode</Table.Th>
                    <Table.Th>Weight</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </>
                }
              >
                {list.map((sku) => {
                  const name = skuLabel(sku);
                  const field = (column: keyof SkuRowValues) => form.getInputProps(`rows.${sku.id}.${column}`);
                  const low = sku.low_threshold !== null && sku.in_stock !== null && sku.in_stock <= sku.low_threshold;
                  return (
                    <Table.Tr key={sku.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {name}
                        </Text>
                        {sku.id === product.sku_id && (
                          <Badge size="xs" variant="light" color="gray" radius="sm">
                            Default
                          </Badge>
                        )}
                        {sku.is_gift_card && (
                          <Badge size="xs" variant="light" color="grape" radius="sm">
                            Gift card
                          </Badge>
                        )}
                        {low && (
                          <Badge size="xs" color="orange" variant="light" radius="sm">
                            Low
                          </Badge>
                        )}
                      </Table.Td>
                      {images.length > 0 && (
                        <Table.Td>
                          <Select size="xs" w={110} aria-label={`Image of ${name}`} placeholder="None" data={images} clearable={!readOnly && form.values.rows[sku.id]?.image !== ''} readOnly={readOnly} {...field('image')} onChange={(value) => form.setFieldValue(`rows.${sku.id}.image`, value ?? '')} />
                        </Table.Td>
                      )}
                      <Table.Td>
                        <NumberInput aria-label={`Price of ${name}`} min={0} {...money} {...field('price')} />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput aria-label={`Compared price of ${name}`} min={0} {...money} {...field('compared_price')} />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput aria-label={`Stock of ${name}`} placeholder={sku.stock_policy === 'none' ? 'Not tracked' : undefined} {...count} w={88} {...field('in_stock')} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`Code of ${name}`} size="xs" w={110} readOnly={readOnly} {...field('code')} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput aria-label={`Barcode of ${name}`} size="xs" w={120} readOnly={readOnly} {...field('barcode')} />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput aria-label={`Weight of ${name} in ${sku.weight_unit}`} rightSection={<Text size="xs">{sku.weight_unit}</Text>} hideControls clampBehavior="none" readOnly={readOnly} size="xs" w={84} {...field('weight')} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button size="compact-sm" variant="subtle" aria-label={`Edit sku ${name}`} onClick={() => setEditing(sku)}>
                            Edit
                          </Button>
                          <WriteButton action="sku.delete" size="compact-sm" variant="subtle" color="red" aria-label={`Delete sku ${name}`} onClick={() => confirmDelete(sku)}>
                            Delete
                          </WriteButton>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
              <FormAlert message={message} />
              <SaveButton action="sku.update" saved dirty={form.isDirty()} saving={update.isPending} label="Save skus" />
            </Stack>
          </form>
        )}
      </QueryPanel>
      <SkuDialog product={product} currency={currency} sku={editing === 'new' ? null : editing} opened={editing !== null} onClose={() => setEditing(null)} />
    </Section>
  );
}

/** The rows of `rows` that belong to skus still in `list`. */
function pick(rows: Record<string, SkuRowValues>, list: Sku[]): Record<string, SkuRowValues> {
  return Object.fromEntries(list.filter((sku) => rows[sku.id]).map((sku) => [sku.id, rows[sku.id]!]));
}
