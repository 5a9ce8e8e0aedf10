import { Grid, Group, NumberInput, Radio, Stack, Switch, Text, TextInput, type RadioGroupProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Discount, DiscountWrite } from '../../../api/discounts';
import { SaveButton } from '../../../components/save-button';
import { ScheduleFields } from '../../../components/schedule-fields';
import { Section } from '../../../components/section';
import { minorDigits } from '../../../lib/format';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { kindOptions } from '../discount-words';
import { bodyOf, FIELDS, fieldOf, valueMessage, valuesOf, type DiscountValues } from './discount-values';
import { ScopePicker } from './scope-picker';

const methods = [
  { value: 'code', label: 'Discount code: buyers enter it' },
  { value: 'automatic', label: 'Automatic: applies by itself' },
];
const scopes = [
  { value: 'all', label: 'All products' },
  { value: 'collections', label: 'Collections' },
  { value: 'products', label: 'Products' },
  { value: 'skus', label: 'Skus' },
];

/** One choice of a few, side by side (a read-only key sees them all disabled). */
function Choices({ options, readOnly, ...group }: Omit<RadioGroupProps, 'children'> & { options: Array<{ value: string; label: string }>; readOnly: boolean }) {
  return (
    <Radio.Group {...group}>
      <Group gap="lg" mt={6}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * Every field of a discount, for a new one or an existing one. `save` sends the body and rejects with
 * the server's problem, which lands beside the fields it names (a taken code beside the code).
 */
export function DiscountForm({ discount, currency, save, saving, submitLabel }: {
  discount?: Discount;
  currency: string;
  save: (body: DiscountWrite) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
}) {
  const readOnly = !useCan().can(discount ? 'discount.update' : 'discount.create');
  const form = useForm<DiscountValues>({
    initialValues: valuesOf(discount, currency),
    validate: {
      code: (code, values) => (values.method === 'code' && code.trim() === '' ? 'Enter the code buyers type' : null),
      title: (title, values) => (values.method === 'automatic' && title.trim() === '' ? 'Enter a title' : null),
      value: (value, values) => (values.kind !== 'free_shipping' && value === '' ? 'Enter the value' : null),
      applies_to: { ids: (ids, values) => (values.applies_to.kind !== 'all' && ids.length === 0 ? 'Choose at least one' : null) },
    },
  });
  const problems = useServerErrors(form, FIELDS, fieldOf, { value: (fault) => valueMessage(form.getValues())(fault) });
  // A discount saved shows what the server stored, unless staff are typing.
  useEffect(() => {
    if (!discount) return;
    if (!form.isDirty()) form.setValues(valuesOf(discount, currency));
    form.resetDirty(valuesOf(discount, currency));
  }, [discount]);

  const submit = form.onSubmit(async (values) => {
    problems.clear();
    try {
      await save(bodyOf(values, currency));
    } catch (failure) {
      problems.show(failure);
    }
  });

  const { kind, method, applies_to: scope } = form.values;
  const money = { decimalScale: minorDigits(currency), fixedDecimalScale: true, hideControls: true, clampBehavior: 'none' as const, min: 0, readOnly };
  const count = { allowDecimal: false, allowNegative: false, hideControls: true, clampBehavior: 'none' as const, min: 1, readOnly, placeholder: 'No limit' };

  return (
    <form onSubmit={submit} noValidate aria-label="Discount">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              <Section title="Discount">
                <Stack gap="sm">
                  <Choices label="Method" options={methods} readOnly={readOnly} {...form.getInputProps('method')} />
                  {method === 'code' && (
                    <TextInput label="Code" description="Buyers type it at checkout; capitals do not matter" required readOnly={readOnly} data-autofocus {...form.getInputProps('code')} />
                  )}
                  <TextInput
                    label="Title"
                    description={method === 'code' ? 'For staff; the code when left empty' : 'For staff, and shown to buyers beside the discount'}
                    required={method === 'automatic'}
                    placeholder={method === 'code' ? form.values.code.trim() || undefined : undefined}
                    readOnly={readOnly}
                    {...form.getInputProps('title')}
                  />
                </Stack>
              </Section>
              <Section title="Value">
                <Stack gap="sm">
                  <Choices
                    label="Kind"
                    options={kindOptions}
                    readOnly={readOnly}
                    {...form.getInputProps('kind')}
                    // A percentage and an amount are counted apart: a new kind starts empty.
                    onChange={(value) => form.setValues({ kind: value as DiscountValues['kind'], value: '' })}
                  />
                  {kind === 'percentage' && (
                    <NumberInput key="percent" label="Percentage off (%)" description="Off each item it applies to" required decimalScale={2} min={0} max={100} clampBehavior="none" allowNegative={false} hideControls readOnly={readOnly} maw={320} {...form.getInputProps('value')} />
                  )}
                  {kind === 'fixed_amount' && (
                    <NumberInput key="amount" label={`Amount off (${currency})`} description="Taken once per order, off the items it applies to" required {...money} maw={320} {...form.getInputProps('value')} />
                  )}
                  {kind === 'free_shipping' && (
                    <Text size="sm" c="dimmed">
                      The order’s whole shipping rate is taken off.
                    </Text>
                  )}
                </Stack>
              </Section>
              <Section title="Applies to">
                <Stack gap="sm">
                  <Choices
                    label="Items"
                    options={scopes}
                    readOnly={readOnly}
                    {...form.getInputProps('applies_to.kind')}
                    onChange={(value) => form.setFieldValue('applies_to', { kind: value as DiscountValues['applies_to']['kind'], ids: [] })}
                  />
                  {scope.kind !== 'all' && (
                    <ScopePicker
                      key={scope.kind}
                      kind={scope.kind}
                      value={scope.ids}
                      onChange={(ids) => form.setFieldValue('applies_to.ids', ids)}
                      error={form.errors['applies_to.ids']}
                      readOnly={readOnly}
                    />
                  )}
                  <NumberInput label={`Minimum subtotal (${currency})`} description="What the items it applies to must come to, before discounts; empty for none" {...money} maw={320} {...form.getInputProps('minimum_subtotal')} />
                </Stack>
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Section title="Status">
                <Switch label="Active" description="Off: no buyer can use it, whatever its dates" disabled={readOnly} {...form.getInputProps('is_active', { type: 'checkbox' })} />
              </Section>
              <Section title="Dates">
                <ScheduleFields startsAt={form.getInputProps('starts_at')} endsAt={form.getInputProps('ends_at')} startsHint="Empty: as soon as it is active" readOnly={readOnly} />
              </Section>
              <Section title="Usage limits">
                <Stack gap="sm">
                  <NumberInput label="Total uses" description="Placed orders that may use it, all buyers together" {...count} {...form.getInputProps('usage_limit')} />
                  <NumberInput label="Uses per customer" description="Counted by the order’s customer, or its email" {...count} {...form.getInputProps('usage_limit_per_customer')} />
                  {discount && (
                    <Text size="sm" c="dimmed">
                      Used {discount.times_used} {discount.times_used === 1 ? 'time' : 'times'} so far.
                    </Text>
                  )}
                </Stack>
              </Section>
              <SaveButton action={discount ? 'discount.update' : 'discount.create'} saved={discount !== undefined} dirty={form.isDirty()} saving={saving || form.submitting} label={submitLabel} message={problems.message} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
