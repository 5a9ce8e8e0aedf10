import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ShippingZone } from 'storefront/client';
import { useCountryOptions } from '../../../api/countries';
import { useDeleteShippingZone, useShippingZones } from '../../../api/shipping-zones';
import { useStore } from '../../../api/store';
import { formatMoney } from '../../../lib/format';
import { confirmDelete } from '../shared/confirm-delete';
import { RowActions, SettingsList } from '../shared/settings-list';
import { formatRange } from './zone-values';
import { ZoneDialog } from './zone-dialog';

/** Where the shop ships and at what price: zones of countries (or some of their states), each with its rates. */
export function ShippingPage() {
  const [page, setPage] = useState(1);
  const zones = useShippingZones(page);
  const countries = useCountryOptions();
  const currency = useStore().data?.currency ?? 'USD';
  const remove = useDeleteShippingZone();
  // The zone in the dialog: null to create one, undefined while it is closed.
  const [editing, setEditing] = useState<ShippingZone | null | undefined>(undefined);
  const countryName = countries.nameOf;

  return (
    <>
      <SettingsList
        object="shipping_zone"
        title="Shipping"
        intro="A buyer is offered the rates of every zone that covers the shipping address and whose range holds the order, cheapest first."
        add="Add shipping zone"
        onAdd={() => setEditing(null)}
        query={zones}
        noun="shipping zones"
        empty="No shipping zones yet: buyers cannot choose a way to ship until one covers their country."
        onPage={setPage}
        columns={['Zone', 'Covers', 'Rates']}
        minWidth={760}
        row={(zone) => (
          <>
            <Table.Td fw={600}>{zone.name}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {zone.countries.map((code) => {
                  const states = zone.states.filter((state) => state.country_code === code).map((state) => state.code);
                  return (
                    <Badge key={code} variant="light" color="gray" radius="sm" tt="none">
                      {countryName(code)}
                      {states.length > 0 ? `: ${states.join(', ')}` : ''}
                    </Badge>
                  );
                })}
              </Group>
            </Table.Td>
            <Table.Td>
              {zone.rates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No rates: nothing is offered
                </Text>
              ) : (
                <Stack gap={2}>
                  {zone.rates.map((rate) => (
                    <Text size="sm" key={rate.id}>
                      <Text span fw={500}>
                        {rate.name}
                      </Text>
                      {` ${formatMoney(rate.price, currency)} · ${formatRange(rate, currency)}`}
                    </Text>
                  ))}
                </Stack>
              )}
            </Table.Td>
            <Table.Td>
              <RowActions
                object="shipping_zone"
                name={zone.name}
                onEdit={() => setEditing(zone)}
                onDelete={() => confirmDelete({ what: 'shipping zone', name: zone.name, consequence: `${ratesGo(zone.rates.length)}, and buyers there are no longer offered them.`, id: zone.id, remove })}
              />
            </Table.Td>
          </>
        )}
      />
      <ZoneDialog zone={editing} currency={currency} onClose={() => setEditing(undefined)} />
    </>
  );
}

const ratesGo = (count: number) => (count === 0 ? 'it has no rates' : count === 1 ? 'its rate goes with it' : `its ${count} rates go with it`);
