import { MultiSelect, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { ShippingZone } from 'storefront/client';
import { useCountryOptions, useStates } from '../../../api/countries';
import { useSaveShippingZone } from '../../../api/shipping-zones';
import { FormDialog } from '../../../components/form-dialog';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { ZoneRates } from './zone-rates';
import { inputOf, valuesOf, type ZoneValues } from './zone-values';

/** Create a zone (`zone` null) or change one (undefined: closed): its countries, states and rates, saved together. */
export function ZoneDialog({ zone, currency, onClose }: { zone: ShippingZone | null | undefined; currency: string; onClose: () => void }) {
  const readOnly = !useCan().can(zone ? 'shipping_zone.update' : 'shipping_zone.create');
  const save = useSaveShippingZone();
  const countries = useCountryOptions();
  const form = useForm<ZoneValues>({
    initialValues: valuesOf(null, currency),
    validate: {
      countries: (value) => (value.length === 0 ? 'Choose at least one country' : null),
    },
  });
  // A problem with `countries[2]` shows on the countries; one with `states[3]` on that state's country;
  // one with a rate's id (changed by someone else meanwhile) above the rates.
  const stateCountries = useRef<string[]>([]);
  const problems = useServerErrors(form, ['name', 'countries', 'states', 'rates'], (path) => {
    if (path.startsWith('countries.')) return 'countries';
    if (/^rates\.\d+\.id$/.test(path)) return 'rates';
    const state = /^states\.(\d+)/.exec(path);
    if (state) return `states.${stateCountries.current[Number(state[1])] ?? ''}`;
    return path;
  });
  const opened = zone !== undefined;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(zone, currency));
    problems.clear();
  }, [zone]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    const { body, stateCountries: sent } = inputOf(values, currency, countries.nameOf);
    stateCountries.current = sent;
    save.mutate(
      { id: zone?.id ?? null, body },
      {
        onSuccess: () => {
          notifyDone(zone ? 'Shipping zone saved' : 'Shipping zone added');
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  const countryName = countries.nameOf;

  return (
    <FormDialog action={zone ? 'shipping_zone.update' : 'shipping_zone.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={zone ? `Edit ${zone.name}` : 'Add shipping zone'} size="xl" onSubmit={submit} message={problems.message} submit={zone ? 'Save zone' : 'Add zone'} pending={save.isPending}>
      <TextInput
        label="Zone name"
        description="For staff, such as Europe or Domestic; its countries when left empty"
        placeholder={form.values.countries.map(countries.nameOf).join(', ') || undefined}
        readOnly={readOnly}
        data-autofocus
        {...form.getInputProps('name')}
      />
      <MultiSelect
        label="Countries"
        required
        searchable
        readOnly={readOnly}
        data={countries.options}
        {...form.getInputProps('countries')}
      />
      {form.values.countries.map((code) => (
        <CountryStates key={code} code={code} name={countryName(code)} form={form} />
      ))}
      <ZoneRates form={form} currency={currency} />
    </FormDialog>
  );
}

/** Narrows one country of the zone to some of its states; a country without states has nothing to narrow. */
function CountryStates({ code, name, form }: { code: string; name: string; form: UseFormReturnType<ZoneValues> }) {
  const readOnly = !useCan().can('shipping_zone.update');
  const states = useStates(code);
  if (!states.data || states.data.length === 0) return null;
  return (
    <MultiSelect
      label={`States of ${name}`}
      description="Leave empty to cover the whole country"
      placeholder="The whole country"
      searchable
      clearable
      readOnly={readOnly}
      data={states.data.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }))}
      value={form.values.states[code] ?? []}
      onChange={(value) => form.setFieldValue(`states.${code}`, value)}
      error={form.errors[`states.${code}`]}
    />
  );
}
