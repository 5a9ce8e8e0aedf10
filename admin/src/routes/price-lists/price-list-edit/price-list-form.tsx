import { Grid, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useAllGroups } from '../../../api/customer-groups';
import { useAllMarkets } from '../../../api/markets';
import type { PriceList, PriceListWrite } from '../../../api/price-lists';
import { AnchorLink } from '../../../components/links';
import { SaveButton } from '../../../components/save-button';
import { ScheduleFields } from '../../../components/schedule-fields';
import { Section } from '../../../components/section';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { bodyOf, FIELDS, priceMessages, valuesOf, type PriceListValues } from './price-list-values';
import { PricesTable } from './prices-table';

/**
 * Every field of a price list, new or saved: its name and groups, its prices, whether it is on and
 * when. `save` sends the body and rejects with the server's problem, which lands beside the fields it
 * names (`ends_at`, `prices[2][price]`).
 */
export function PriceListForm({ list, storeCurrency, save, saving, submitLabel }: {
  list?: PriceList;
  storeCurrency: string;
  save: (body: PriceListWrite) => Promise<unknown>;
  saving: boolean;
  submitLabel: string;
}) {
  const { can } = useCan();
  const readOnly = !can(list ? 'price_list.update' : 'price_list.create');
  const groups = useAllGroups(can('customer_group.read'));
  const markets = useAllMarkets(can('market.read'));
  const currencies = [...new Set((markets.data ?? []).map((market) => market.currency))].filter((code) => code !== storeCurrency).sort();
  const form = useForm<PriceListValues>({
    initialValues: valuesOf(list, storeCurrency),
    validate: {
      name: (name) => (name.trim() === '' ? 'Enter a name' : null),
      prices: { price: (price) => (price === '' ? 'Enter a price' : null) },
    },
  });
  const problems = useServerErrors(form, FIELDS, undefined, priceMessages(form.getValues(), storeCurrency));
  // A list saved shows what the server stored, unless staff are typing.
  useEffect(() => {
    if (!list) return;
    if (!form.isDirty()) form.setValues(valuesOf(list, storeCurrency));
    form.resetDirty(valuesOf(list, storeCurrency));
  }, [list]);

  const submit = form.onSubmit(async (values) => {
    problems.clear();
    try {
      await save(bodyOf(values, storeCurrency));
    } catch (failure) {
      problems.show(failure);
    }
  });
  const errorOf = (path: string) => form.errors[path] as string | undefined;
  const groupOptions = (groups.data ?? []).map((group) => ({ value: group.id, label: group.name }));
  // A group deleted since the list was read is still named by its id until the list is read again.
  const unknown = form.values.customer_group_ids.filter((id) => groups.data && !groups.data.some((group) => group.id === id)).map((id) => ({ value: id, label: id }));

  return (
    <form onSubmit={submit} noValidate aria-label="Price list">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              <Section title="Price list">
                <Stack gap="sm">
                  <TextInput label="Name" description="For staff, such as Wholesale 2027" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
                  <MultiSelect
                    label="Customer groups"
                    description={
                      groups.data?.length === 0 ? (
                        <>
                          The store has no groups yet: create one in <AnchorLink to="/customer-groups" size="xs" underline="always">Customers → Groups</AnchorLink>.
                        </>
                      ) : (
                        'Their customers, once signed in, pay these prices where they are lower'
                      )
                    }
                    placeholder={readOnly ? undefined : 'Choose groups'}
                    data={[...groupOptions, ...unknown]}
                    searchable
                    hidePickedOptions
                    nothingFoundMessage="No group of that name"
                    readOnly={readOnly}
                    {...form.getInputProps('customer_group_ids')}
                  />
                </Stack>
              </Section>
              <Section title="Prices">
                <PricesTable
                  rows={form.values.prices}
                  storeCurrency={storeCurrency}
                  currencies={currencies}
                  readOnly={readOnly}
                  inputProps={(path) => form.getInputProps(path)}
                  errorOf={errorOf}
                  onAdd={(sku) => {
                    const at = form.values.prices.findIndex((row) => row.sku_id === sku.id && row.currency === null);
                    if (at === -1) form.insertListItem('prices', { sku_id: sku.id, currency: null, price: '' });
                    // Focus its price, new or already listed: that is what staff type next.
                    setTimeout(() => form.getInputNode(`prices.${at === -1 ? form.values.prices.length : at}.price`)?.focus(), 0);
                  }}
                  onRemove={(index) => form.removeListItem('prices', index)}
                  onCurrency={(index, currency) => form.setFieldValue(`prices.${index}.currency`, currency)}
                />
                {errorOf('prices') && (
                  <Text size="sm" c="red.8" mt="xs">
                    {errorOf('prices')}
                  </Text>
                )}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Section title="Status">
                <Switch label="Active" description="Off: nobody pays it, whatever its dates" disabled={readOnly} {...form.getInputProps('is_active', { type: 'checkbox' })} />
              </Section>
              <Section title="Schedule">
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    In your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
                  </Text>
                  <ScheduleFields startsAt={form.getInputProps('starts_at')} endsAt={form.getInputProps('ends_at')} startsHint="Empty: as soon as it is active" readOnly={readOnly} />
                </Stack>
              </Section>
              <SaveButton action={list ? 'price_list.update' : 'price_list.create'} saved={list !== undefined} dirty={form.isDirty()} saving={saving || form.submitting} label={submitLabel} message={problems.message} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
