import { Grid, MultiSelect, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useCountryOptions } from '../../../api/countries';
import { useSaveMarket, type Market } from '../../../api/markets';
import { FormDialog } from '../../../components/form-dialog';
import { useCan } from '../../../lib/access';
import { notifyDone } from '../../../lib/notify';
import { useServerErrors } from '../../../lib/use-server-errors';
import { LocalesField } from './locales-field';
import { inputOf, MARKET_FIELDS, rateProblem, ROUNDINGS, roundingExample, valuesOf, type MarketValues } from './market-values';

/** Every ISO 4217 currency the browser knows, by code and name (EUR — Euro). */
function currencyOptions(): Array<{ value: string; label: string }> {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

/** Create a market (`market` null) or change one (undefined: closed). */
export function MarketDialog({ market, storeCurrency, onClose }: { market: Market | null | undefined; storeCurrency: string; onClose: () => void }) {
  const action = market ? 'market.update' : 'market.create';
  const readOnly = !useCan().can(action);
  const save = useSaveMarket();
  const countries = useCountryOptions();
  const currencies = useMemo(currencyOptions, []);
  const form = useForm<MarketValues>({
    initialValues: valuesOf(null),
    validate: {
      name: (value) => (value.trim() === '' ? 'Enter a name' : null),
      currency: (value) => (value === '' ? 'Choose a currency' : null),
      exchange_rate: rateProblem,
    },
  });
  const problems = useServerErrors(form, MARKET_FIELDS);
  const opened = market !== undefined;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(market));
    form.resetDirty(valuesOf(market));
    problems.clear();
  }, [market]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    save.mutate(
      { id: market?.id ?? null, body: inputOf(values) },
      {
        onSuccess: () => {
          notifyDone(market ? 'Market saved' : 'Market added');
          onClose();
        },
        onError: problems.show,
      },
    );
  });

  // The server names a refused country by its place in the list (`country_codes[2]`: taken).
  const errorAt = (field: 'country_codes' | 'locales', index: number) => form.errors[`${field}.${index}`] as string | undefined;
  const countryErrors = form.values.country_codes
    .map((code, index) => (errorAt('country_codes', index) ? `${countries.nameOf(code)}: ${errorAt('country_codes', index)}` : null))
    .filter((text): text is string => text !== null);
  const { values } = form;

  return (
    <FormDialog action={action} dirty={form.isDirty()} opened={opened} onClose={onClose} title={market ? 'Edit market' : 'Add market'} size="lg" onSubmit={submit} message={problems.message} submit={market ? 'Save market' : 'Add market'} pending={save.isPending}>
      <TextInput label="Name" description="For staff, such as Europe or Japan" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
      <MultiSelect
        label="Countries"
        description="Buyers shipping to these countries buy in this market; a country is in one market at most"
        searchable
        readOnly={readOnly}
        data={countries.options}
        nothingFoundMessage="No country of that name"
        {...form.getInputProps('country_codes')}
        error={[form.errors.country_codes, ...countryErrors].filter(Boolean).join(' · ') || undefined}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Select label="Currency" required searchable readOnly={readOnly} data={currencies} {...form.getInputProps('currency')} value={values.currency || null} onChange={(code) => form.setFieldValue('currency', code ?? '')} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Exchange rate"
            description={`${values.currency || 'Market currency'} per 1 ${storeCurrency}, such as 0.92. Empty: only fixed prices sell here.`}
            inputMode="decimal"
            readOnly={readOnly}
            {...form.getInputProps('exchange_rate')}
          />
        </Grid.Col>
      </Grid>
      <Radio.Group label="Rounding" description="How a converted price is rounded; a sku’s fixed price in this currency is never rounded" {...form.getInputProps('rounding')}>
        <Stack gap="xs" mt={6}>
          {ROUNDINGS.map((rounding) => {
            const example = roundingExample(storeCurrency, values.currency, values.exchange_rate, rounding.value);
            return (
              <Radio
                key={rounding.value}
                value={rounding.value}
                disabled={readOnly}
                label={rounding.label}
                description={
                  <>
                    {rounding.explanation}
                    {example && (
                      <Text span size="xs" fw={600}>
                        {' '}Example: {example}
                      </Text>
                    )}
                  </>
                }
              />
            );
          })}
        </Stack>
      </Radio.Group>
      <LocalesField value={values.locales} onChange={(locales) => form.setFieldValue('locales', locales)} error={form.errors.locales as string | undefined} errorOf={(index) => errorAt('locales', index)} readOnly={readOnly} />
      <Switch label="Active" description="An inactive market sells nothing: its countries buy in the store’s own currency" disabled={readOnly} {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormDialog>
  );
}
