import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Address } from 'storefront/client';
import { useCountryOptions, useStates } from '../../../api/countries';
import { useSaveAddress, type AddressFields } from '../../../api/customers';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';

const fields = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'postcode', 'country_code', 'state_code', 'state', 'phone', 'references', 'is_primary'] as const;

function valuesOf(address: Address | null) {
  return {
    first_name: address?.first_name ?? '',
    last_name: address?.last_name ?? '',
    company: address?.company ?? '',
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    postcode: address?.postcode ?? '',
    country_code: address?.country_code ?? '',
    state_code: address?.state_code ?? '',
    state: address?.state_code ? '' : (address?.state ?? ''),
    phone: address?.phone ?? '',
    references: address?.references ?? '',
    is_primary: address?.is_primary ?? false,
  };
}

type Values = ReturnType<typeof valuesOf>;
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body the API takes: blanks are null, and a state goes as its code where the country has codes. */
function bodyOf(values: Values, hasStates: boolean): AddressFields {
  return {
    first_name: orNull(values.first_name),
    last_name: orNull(values.last_name),
    company: orNull(values.company),
    address1: values.address1.trim(),
    address2: orNull(values.address2),
    city: values.city.trim(),
    postcode: values.postcode.trim(),
    country_code: values.country_code,
    ...(hasStates ? { state_code: orNull(values.state_code) } : { state: orNull(values.state) }),
    phone: values.phone.trim(),
    references: orNull(values.references),
    ...(values.is_primary ? { is_primary: true } : {}),
  };
}

/** Adds an address to the customer (`address` null) or changes one; the server checks it. */
export function AddressDialog({ customerId, address, opened, onClose }: { customerId: string; address: Address | null; opened: boolean; onClose: () => void }) {
  const save = useSaveAddress(customerId, address?.id ?? null);
  const form = useForm({ initialValues: valuesOf(address) });
  const problems = useServerErrors(form, fields);
  const countries = useCountryOptions();
  const country = form.values.country_code || null;
  const states = useStates(country);
  const hasStates = (states.data?.length ?? 0) > 0;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(address));
    form.resetDirty(valuesOf(address));
    problems.clear();
  }, [opened, address?.id]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    save.mutate(bodyOf(values, hasStates), {
      onSuccess: () => {
        notifyDone(address ? 'Address saved' : 'Address added');
        onClose();
      },
      onError: problems.show,
    });
  });

  return (
    <FormDialog action="customer.update" dirty={form.isDirty()} opened={opened} onClose={onClose} title={address ? 'Edit address' : 'Add address'} size="lg" gap="sm" onSubmit={submit} message={problems.message} submit={address ? 'Save address' : 'Add address'} pending={save.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" data-autofocus {...form.getInputProps('first_name')} />
        <TextInput label="Last name" {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <TextInput label="Company" {...form.getInputProps('company')} />
      <TextInput label="Street and number" required {...form.getInputProps('address1')} />
      <TextInput label="Apartment, suite, floor" {...form.getInputProps('address2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Postcode" required {...form.getInputProps('postcode')} />
        <TextInput label="City" required {...form.getInputProps('city')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Country"
          required
          searchable
          data={countries.options}
          {...form.getInputProps('country_code')}
          onChange={(value) => {
            form.setFieldValue('country_code', value ?? '');
            form.setFieldValue('state_code', '');
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {hasStates ? (
          <Select
            label="State or province"
            searchable
            data={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            {...form.getInputProps('state_code')}
            onChange={(value) => form.setFieldValue('state_code', value ?? '')}
          />
        ) : (
          <TextInput label="State or region" {...form.getInputProps('state')} />
        )}
      </SimpleGrid>
      <TextInput label="Phone" type="tel" required {...form.getInputProps('phone')} />
      <TextInput label="Delivery notes" description="How to find the door" {...form.getInputProps('references')} />
      {!address?.is_primary && <Checkbox label="Make this the primary address" {...form.getInputProps('is_primary', { type: 'checkbox' })} />}
    </FormDialog>
  );
}
