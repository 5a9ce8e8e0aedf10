import { Checkbox, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Order } from 'storefront/client';
import { useFulfil } from '../../../api/fulfillments';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useLineProblems } from '../../../lib/use-line-problems';

interface Values {
  items: Array<{ id: string; quantity: number | string }>;
  tracking_code: string;
  carrier: string;
  is_customer_notified: boolean;
}

/** Ship all or some of what is left, with the parcel's tracking. */
export function FulfilDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const fulfil = useFulfil(order.id);
  const lines = order.items.filter((item) => item.is_shipping_required && item.fulfilled < item.quantity);
  const initial = (): Values => ({
    items: lines.map((item) => ({ id: item.id, quantity: item.quantity - item.fulfilled })),
    tracking_code: '',
    carrier: '',
    is_customer_notified: false,
  });
  const form = useForm<Values>({ initialValues: initial() });
  const problems = useLineProblems(form, ['items', 'tracking_code', 'carrier']);
  useEffect(() => {
    if (!opened) return;
    form.setValues(initial());
    problems.clear();
  }, [opened]);

  const submit = form.onSubmit((values) => {
    const sent = problems.chosen(values.items, 'Choose at least one item to ship.');
    if (!sent) return;
    fulfil.mutate(
      {
        items: sent.map((line) => ({ id: line.id, quantity: Number(line.quantity) })),
        tracking_code: values.tracking_code.trim() || null,
        carrier: values.carrier.trim() || null,
        is_customer_notified: values.is_customer_notified,
      },
      {
        onSuccess: (fulfillment) => {
          notifyDone(`${fulfillment.items_count} item${fulfillment.items_count === 1 ? '' : 's'} fulfilled`);
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action="fulfillment.create" dirty={form.isDirty()} opened={opened} onClose={onClose} title="Fulfil items" size="lg" onSubmit={submit} message={problems.message} submit="Fulfil" pending={fulfil.isPending} submitDisabled={lines.length === 0}>
      {lines.length === 0 ? (
        <Text size="sm">Nothing is left to ship.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Left to ship</Table.Th>
              <Table.Th w={140}>Ship now</Table.Th>
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
                <Table.Td>{item.quantity - item.fulfilled}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Quantity of ${item.product_name} to ship`}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    {...form.getInputProps(`items.${row}.quantity`)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group grow align="flex-start">
        <TextInput label="Tracking code" {...form.getInputProps('tracking_code')} />
        <TextInput label="Carrier" {...form.getInputProps('carrier')} />
      </Group>
      <Checkbox
        label="Notify the buyer"
        description="Webhook receivers are told to send the buyer the shipping email"
        {...form.getInputProps('is_customer_notified', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
