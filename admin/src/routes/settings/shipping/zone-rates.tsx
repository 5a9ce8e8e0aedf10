import { ActionIcon, Button, Fieldset, Grid, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { minorDigits } from '../../../lib/format';
import { useCan } from '../../../lib/access';
import { newRate, type ZoneValues } from './zone-values';

const kinds = [
  { value: 'weight', label: 'Order weight' },
  { value: 'price', label: 'Order subtotal' },
];

/** The zone's rates, each a price for orders whose weight or subtotal is in its range. */
export function ZoneRates({ form, currency }: { form: UseFormReturnType<ZoneValues>; currency: string }) {
  const readOnly = !useCan().can('shipping_zone.update');
  const rates = form.values.rates;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Rates
        </Text>
        {!readOnly && (
          <Button variant="default" size="xs" onClick={() => form.insertListItem('rates', newRate())}>
            Add rate
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        A rate applies from its lower bound up to, but not including, its upper bound; leave “Up to” empty for no limit.
      </Text>
      {typeof form.errors.rates === 'string' && (
        <Text size="sm" c="red" role="alert">
          {form.errors.rates}
        </Text>
      )}
      {rates.length === 0 && (
        <Text size="sm" c="dimmed">
          No rates: buyers in this zone are offered nothing.
        </Text>
      )}
      {rates.map((rate, index) => {
        const unit = rate.kind === 'price' ? currency : 'g';
        const bound = rate.kind === 'price' ? { decimalScale: minorDigits(currency), fixedDecimalScale: true } : { decimalScale: 0 };
        const number = { min: 0, clampBehavior: 'none' as const, allowNegative: false, hideControls: true, readOnly };
        return (
          <Fieldset key={rate.key} legend={`Rate ${index + 1}${rate.name ? `: ${rate.name}` : ''}`} p="sm">
            <Grid gap="sm" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput label="Rate name" required readOnly={readOnly} {...form.getInputProps(`rates.${index}.name`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select label="Measured by" data={kinds} allowDeselect={false} readOnly={readOnly} {...form.getInputProps(`rates.${index}.kind`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <NumberInput label={`From (${unit})`} {...bound} {...number} {...form.getInputProps(`rates.${index}.from`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 4 }}>
                <NumberInput label={`Up to (${unit})`} placeholder="No limit" {...bound} {...number} {...form.getInputProps(`rates.${index}.to`)} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <NumberInput label={`Price (${currency})`} style={{ flex: 1 }} required decimalScale={minorDigits(currency)} fixedDecimalScale {...number} {...form.getInputProps(`rates.${index}.price`)} />
                  {!readOnly && (
                    <ActionIcon variant="default" size="lg" mt={26} aria-label={`Remove rate ${index + 1}`} title="Remove rate" onClick={() => form.removeListItem('rates', index)}>
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Grid.Col>
            </Grid>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
