import { Checkbox, NumberInput, Select, Table, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order } from 'storefront/client';
import { useCreateReturn } from '../../../api/returns';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useLineProblems } from '../../../lib/use-line-problems';
import { reasons, returnableUnits, type Reason } from './return-units';

interface Values {
  items: Array<{ id: string; quantity: number | string; reason: Reason }>;
  note: string;
  restock: boolean;
}

/** Record the items a buyer sends back: how many of each and why, a note, and whether they go back in stock. */
export function ReturnDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const create = useCreateReturn(order.id);
  const left = returnableUnits(order);
  const lines = order.items.filter((item) => (left.get(item.id) ?? 0) > 0);
  const initial = (): Values => ({ items: lines.map((item) => ({ id: item.id, quantity: 0, reason: 'damaged' })), note: '', restock: true });
  const form = useForm<Values>({ initialValues: initial() });
  const problems = useLineProblems(form, ['items', 'note', 'restock']);
  useEffect(() => {
    if (!opened) return;
    form.setValues(initial());
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit((values) => {
    const sent = problems.chosen(values.items, 'Choose at least one item to return.');
    if (!sent) return;
    create.mutate(
      {
        items: sent.map((line) => ({ id: line.id, quantity: Number(line.quantity), reason: line.reason })),
        note: values.note.trim() || null,
        restock: values.restock,
      },
      {
        onSuccess: (made) => {
          const units = made.items.reduce((sum, item) => sum + item.quantity, 0);
          notifyDone(`Return of ${units} item${units === 1 ? '' : 's'} recorded`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="return.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Return items" size="xl" onSubmit={submit} message={problems.message} submit="Record return" pending={create.isPending} submitDisabled={lines.length === 0}>
      {lines.length === 0 ? (
        <Text size="sm">Nothing shipped is left to return.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Returnable</Table.Th>
              <Table.Th w={120}>Return</Table.Th>
              <Table.Th w={200}>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((item, row) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Text size="sm">{item.product_name}</Text>
                  <Text size="xs" c="dimmed">
                    {[item.sku_name !== item.product_name ? item.sku_name : null, item.code].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>{left.get(item.id)}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantity of ${item.product_name} to return`}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    {...form.getInputProps(`items.${row}.quantity`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Reason for returning ${item.product_name}`}
                    data={reasons.map((reason) => ({ ...reason }))}
                    allowDeselect={false}
                    {...form.getInputProps(`items.${row}.reason`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Textarea label="Note" description="Kept on the return" autosize minRows={2} {...form.getInputProps('note')} />
      <Checkbox label="Put the items back in stock when received" {...form.getInputProps('restock', { type: 'checkbox' })} />
    </FormDialog>
  );
}
