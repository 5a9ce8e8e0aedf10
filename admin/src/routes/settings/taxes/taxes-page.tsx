import { Table } from '@mantine/core';
import { useState } from 'react';
import type { TaxRate } from 'storefront/client';
import { useCountryOptions, useStates } from '../../../api/countries';
import { useDeleteTaxRate, useTaxRates } from '../../../api/tax-rates';
import { confirmDelete } from '../shared/confirm-delete';
import { RowActions, SettingsList } from '../shared/settings-list';
import { formatRate } from './tax-rate-values';
import { TaxRateDialog } from './tax-rate-dialog';

/** Tax rates by country and state: a state's rate replaces its country's. */
export function TaxesPage() {
  const [page, setPage] = useState(1);
  const rates = useTaxRates(page);
  const countries = useCountryOptions();
  const remove = useDeleteTaxRate();
  // The rate in the dialog: null to create one, undefined while it is closed.
  const [editing, setEditing] = useState<TaxRate | null | undefined>(undefined);
  const countryName = countries.nameOf;
  const place = (rate: TaxRate) => (rate.state_code ? `${countryName(rate.country_code)}, ${rate.state_code}` : countryName(rate.country_code));

  return (
    <>
      <SettingsList
        object="tax_rate"
        title="Taxes"
        intro="The tax of an order is the rate of its shipping address: its state’s rate when the state has one, else its country’s, else none."
        add="Add tax rate"
        onAdd={() => setEditing(null)}
        query={rates}
        noun="tax rates"
        empty="No tax rates yet: orders are charged no tax."
        onPage={setPage}
        columns={['Country', 'State', 'Name', 'Rate']}
        minWidth={640}
        row={(rate) => (
          <>
            <Table.Td>{countryName(rate.country_code)}</Table.Td>
            <Table.Td>{rate.state_code ? <StateName country={rate.country_code} code={rate.state_code} /> : 'Whole country'}</Table.Td>
            <Table.Td>{rate.name ?? '—'}</Table.Td>
            <Table.Td>{formatRate(rate.rate)}</Table.Td>
            <Table.Td>
              <RowActions
                object="tax_rate"
                name={`the rate of ${place(rate)}`}
                onEdit={() => setEditing(rate)}
                onDelete={() =>
                  confirmDelete({ what: 'tax rate', name: `${place(rate)} (${formatRate(rate.rate)})`, consequence: 'orders placed from now on are taxed at the country’s rate, or none.', id: rate.id, remove })
                }
              />
            </Table.Td>
          </>
        )}
      />
      <TaxRateDialog rate={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

/** A state by its name and code (Washington (WA)), once its country's states are read. */
function StateName({ country, code }: { country: string; code: string }) {
  const name = useStates(country).data?.find((state) => state.code === code)?.name;
  return <>{name ? `${name} (${code})` : code}</>;
}
