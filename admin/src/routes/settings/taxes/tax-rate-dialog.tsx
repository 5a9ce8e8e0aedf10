import { NumberInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { TaxRate } from 'storefront/client';
import { useCountryOptions, useStates } from '../../../api/countries';
import { useSaveTaxRate } from '../../../api/tax-rates';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { percentMessage } from '../../../lib/percent';
import { inputOf, RATE_BOUNDS, valuesOf, type TaxRateValues } from './tax-rate-values';

/** Create a tax rate (`rate` null) or change one (undefined: closed). */
export function TaxRateDialog({ rate, onClose }: { rate: TaxRate | null | undefined; onClose: () => void }) {
  const readOnly = !useCan().can(rate ? 'tax_rate.update' : 'tax_rate.create');
  const save = useSaveTaxRate();
  const countries = useCountryOptions();
  const form = useForm<TaxRateValues>({
    initialValues: valuesOf(null),
    validate: {
      country_code: (value) => (value === '' ? 'Choose a country' : null),
      rate: (value) => (value === '' ? 'Enter a rate' : null),
    },
  });
  const problems = useServerErrors(form, ['country_code', 'state_code', 'name', 'rate'], undefined, {
    rate: (fault) => percentMessage(fault, form.getValues().rate, RATE_BOUNDS),
  });
  const states = useStates(form.values.country_code || null);
  const opened = rate !== undefined;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(rate));
    form.resetDirty(valuesOf(rate));
    problems.clear();
  }, [rate]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    save.mutate(
      { id: rate?.id ?? null, body: inputOf(values) },
      {
        onSuccess: () => {
          notifyDone(rate ? 'Tax rate saved' : 'Tax rate added');
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  return (
    <FormDialog action={rate ? 'tax_rate.update' : 'tax_rate.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={rate ? 'Edit tax rate' : 'Add tax rate'} onSubmit={submit} message={problems.message} submit={rate ? 'Save rate' : 'Add rate'} pending={save.isPending}>
      <TextInput label="Name" description="For staff, such as VAT or Sales tax" readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
      <Select
        label="Country"
        required
        searchable
        readOnly={readOnly}
        data={countries.options}
        {...form.getInputProps('country_code')}
        value={form.values.country_code || null}
        onChange={(code) => {
          form.setFieldValue('country_code', code ?? '');
          form.setFieldValue('state_code', '');
        }}
      />
      <Select
        label="State"
        description="Leave empty for the whole country"
        placeholder={states.data?.length === 0 ? 'This country has no states' : 'Whole country'}
        searchable
        clearable
        readOnly={readOnly}
        disabled={!form.values.country_code || states.data?.length === 0}
        data={states.data?.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })) ?? []}
        {...form.getInputProps('state_code')}
        value={form.values.state_code || null}
        onChange={(code) => form.setFieldValue('state_code', code ?? '')}
      />
      <NumberInput label="Rate (%)" description="0 to 100, up to 4 decimals (8.875)" required min={0} clampBehavior="none" allowNegative={false} hideControls readOnly={readOnly} {...form.getInputProps('rate')} />
    </FormDialog>
  );
}
