import { Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useProductSkus, useUpdateSkus, type Product, type Sku } from '../../../api/products';
import { ListTable } from '../../../components/list-panel';
import { QueryPanel } from '../../../components/query-panel';
import { SaveButton } from '../../../components/save-button';
import { Section } from '../../../components/section';
import { translationsOf } from '../../../components/translation-editor';
import { useCan } from '../../../lib/access';
import { languageName } from '../../../lib/locales';
import { notifyDone } from '../../../lib/notify';
import { splitProblem } from '../../../lib/problems';
import { skuLabel } from './product-skus';

const storedNames = (skus: Sku[], locale: string) => Object.fromEntries(skus.map((sku) => [sku.id, translationsOf(sku)[locale]?.name ?? '']));

/**
 * The names of the product's skus in a translation locale, beside their base names: one save sends
 * the changed ones (a request a sku); an emptied name is removed, and buyers read the base name.
 */
export function SkuNameTranslations({ product, locale }: { product: Product; locale: string }) {
  const skus = useProductSkus(product.id);
  const update = useUpdateSkus();
  const readOnly = !useCan().can('sku.update');
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<{ names: Record<string, string> }>({ initialValues: { names: {} } });
  useEffect(() => {
    if (!skus.data) return;
    const names = storedNames(skus.data, locale);
    form.setValues({ names });
    form.resetDirty({ names });
  }, [skus.data, locale]);

  const save = form.onSubmit(async ({ names }) => {
    if (!skus.data) return;
    setMessage(null);
    form.clearErrors();
    const before = storedNames(skus.data, locale);
    const changed = skus.data.filter((sku) => (names[sku.id] ?? '') !== before[sku.id]);
    const refused = await update.mutateAsync(changed.map((sku) => ({ id: sku.id, changes: { translations: { [locale]: { name: names[sku.id]!.trim() === '' ? null : names[sku.id]! } } } })));
    const unplaced: string[] = [];
    for (const { id, error } of refused) {
      const split = splitProblem(error, ['translations']);
      const fieldError = Object.values(split.fields)[0];
      if (fieldError) form.setFieldError(`names.${id}`, fieldError);
      if (split.rest) unplaced.push(`${skuLabel(skus.data.find((sku) => sku.id === id)!)}: ${split.rest}`);
    }
    setMessage(unplaced.length > 0 ? unplaced.join(' · ') : null);
    if (refused.length === 0) notifyDone(changed.length === 1 ? 'Sku name saved' : `${changed.length} sku names saved`);
  });

  const language = languageName(locale);
  return (
    <Section title="Sku names">
      <QueryPanel query={skus} what="skus" empty="No skus.">
        {(list) => (
          <form onSubmit={save} noValidate>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                A sku’s name is the product’s name and its option values unless given one; an empty name here shows the base name.
              </Text>
              <ListTable
                label={`Sku names in ${language}`}
                minWidth={560}
                compact
                columns={
                  <>
                    <Table.Th>Sku</Table.Th>
                    <Table.Th>Base name</Table.Th>
                    <Table.Th>{language}</Table.Th>
                  </>
                }
              >
                {list.map((sku) => (
                  <Table.Tr key={sku.id}>
                    <Table.Td>{skuLabel(sku)}</Table.Td>
                    <Table.Td>{sku.name}</Table.Td>
                    <Table.Td>
                      <TextInput size="xs" aria-label={`Name of ${skuLabel(sku)} in ${language}`} placeholder={sku.name} readOnly={readOnly} {...form.getInputProps(`names.${sku.id}`)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <SaveButton action="sku.update" saved dirty={form.isDirty()} saving={update.isPending} label="Save sku names" message={message} />
            </Stack>
          </form>
        )}
      </QueryPanel>
    </Section>
  );
}
