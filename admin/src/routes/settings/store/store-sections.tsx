import { Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useCountryOptions, useStates } from '../../../api/countries';
import { Section } from '../../../components/section';
import { useCan } from '../../../lib/access';
import type { StoreValues } from './store-fields';

type Form = UseFormReturnType<StoreValues>;

const weightUnits = [
  { value: 'kg', label: 'Kilograms (kg)' },
  { value: 'gr', label: 'Grams (g)' },
  { value: 'lb', label: 'Pounds (lb)' },
  { value: 'oz', label: 'Ounces (oz)' },
];

export function GeneralSection({ form }: { form: Form }) {
  const readOnly = !useCan().can('store.update');
  return (
    <Section title="General">
      <Stack gap="sm">
        <TextInput label="Store name" required readOnly={readOnly} {...form.getInputProps('name')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} readOnly={readOnly} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Store email" description="The sender of the store’s mail" type="email" readOnly={readOnly} {...form.getInputProps('email')} />
          <TextInput label="Contact email" description="Where buyers write to" type="email" readOnly={readOnly} {...form.getInputProps('contact_email')} />
          <TextInput label="Phone" type="tel" readOnly={readOnly} {...form.getInputProps('phone')} />
          <TextInput label="Domain" placeholder="shop.example.com" readOnly={readOnly} {...form.getInputProps('domain')} />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function RegionSection({ form }: { form: Form }) {
  const readOnly = !useCan().can('store.update');
  const current = form.values.timezone;
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf('timeZone');
    return known.includes(current) || current === '' ? known : [current, ...known];
  }, [current]);
  return (
    <Section title="Money, units and language">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Currency" description="ISO 4217 code, such as USD; prices are not converted" maxLength={3} readOnly={readOnly} {...form.getInputProps('currency')} />
          <Select label="Weight unit" data={weightUnits} allowDeselect={false} readOnly={readOnly} {...form.getInputProps('weight_unit')} />
          <TextInput label="Language" description="Such as en or en-GB: names countries for buyers" readOnly={readOnly} {...form.getInputProps('lang')} />
          <Select label="Time zone" data={zones} searchable allowDeselect={false} readOnly={readOnly} {...form.getInputProps('timezone')} />
        </SimpleGrid>
        <Switch
          label="Prices include tax"
          description="On: a product’s price already holds its tax. Off: tax is added at checkout."
          disabled={readOnly}
          {...form.getInputProps('is_tax_included', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Order number prefix" description="Before each order’s number" readOnly={readOnly} {...form.getInputProps('order_prefix')} />
          <TextInput label="Order number suffix" description="After each order’s number" readOnly={readOnly} {...form.getInputProps('order_suffix')} />
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function AddressSection({ form }: { form: Form }) {
  const readOnly = !useCan().can('store.update');
  const countries = useCountryOptions();
  const states = useStates(form.values.country_code || null);
  const stateOptions = states.data?.map((state) => ({ value: state.code, label: state.name })) ?? [];
  const chooseCountry = (code: string | null) => {
    form.setFieldValue('country_code', code ?? '');
    form.setFieldValue('state_code', '');
    form.setFieldValue('state', '');
  };
  const chooseState = (code: string | null) => {
    form.setFieldValue('state_code', code ?? '');
    form.setFieldValue('state', stateOptions.find((option) => option.value === code)?.label ?? '');
  };
  return (
    <Section title="Address">
      <Stack gap="sm">
        <TextInput label="Street address" autoComplete="address-line1" readOnly={readOnly} {...form.getInputProps('address1')} />
        <TextInput label="Apartment, suite, floor" autoComplete="address-line2" readOnly={readOnly} {...form.getInputProps('address2')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="City" readOnly={readOnly} {...form.getInputProps('city')} />
          <TextInput label="Postcode" readOnly={readOnly} {...form.getInputProps('postcode')} />
          <Select
            label="Country"
            data={countries.options}
            searchable
            clearable
            readOnly={readOnly}
            {...form.getInputProps('country_code')}
            value={form.values.country_code || null}
            onChange={chooseCountry}
          />
          {stateOptions.length > 0 ? (
            <Select label="State" data={stateOptions} searchable clearable readOnly={readOnly} {...form.getInputProps('state_code')} value={form.values.state_code || null} onChange={chooseState} />
          ) : (
            <TextInput label="State or region" readOnly={readOnly} {...form.getInputProps('state')} />
          )}
        </SimpleGrid>
        <TextInput label="Directions" description="How to find the address" readOnly={readOnly} {...form.getInputProps('references')} />
      </Stack>
    </Section>
  );
}

export function BusinessSection({ form }: { form: Form }) {
  const readOnly = !useCan().can('store.update');
  return (
    <Section title="Business">
      <Stack gap="sm">
        <TextInput label="Business name" description="The legal name, on invoices" readOnly={readOnly} {...form.getInputProps('business_name')} />
        <TextInput label="Tax id" readOnly={readOnly} {...form.getInputProps('tax_id')} />
        <Textarea label="Fiscal address" autosize minRows={2} readOnly={readOnly} {...form.getInputProps('fiscal_address')} />
      </Stack>
    </Section>
  );
}
