import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Gateway } from 'storefront/client';
import { useDeleteGateway, useGatewayDrivers, useGateways, useSaveGateway } from '../../../api/gateways';
import { humanise } from '../../../lib/format';
import { notifyDone, notifyProblem } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { confirmDelete } from '../shared/confirm-delete';
import { RowActions, SettingsList } from '../shared/settings-list';
import { driverOf, labelOf, MASKED } from './drivers';
import { GatewayDialog } from './gateway-dialog';

/** The ways buyers pay: each gateway a driver with its settings, offered to buyers or not. */
export function PaymentsPage() {
  const [page, setPage] = useState(1);
  const gateways = useGateways(page);
  const remove = useDeleteGateway();
  // The gateway in the dialog: null to create one, undefined while it is closed.
  const [editing, setEditing] = useState<Gateway | null | undefined>(undefined);

  return (
    <>
      <SettingsList
        object="gateway"
        title="Payments"
        intro="Each gateway is a way buyers pay at checkout. Secrets are write-only: once saved they are never shown, only replaced."
        add="Add gateway"
        onAdd={() => setEditing(null)}
        query={gateways}
        noun="gateways"
        empty="No payment gateways yet: buyers cannot pay until one is offered."
        onPage={setPage}
        columns={['Gateway', 'Driver', 'Methods', 'Settings', 'Offered']}
        minWidth={860}
        row={(gateway) => (
          <>
            <Table.Td>
              <Text size="sm" fw={600}>
                {gateway.name}
              </Text>
              <Text size="xs" c="dimmed">
                {gateway.source}
                {gateway.display_name ? ` · buyers see “${gateway.display_name}”` : ''}
              </Text>
            </Table.Td>
            <Table.Td>{labelOf(gateway.driver)}</Table.Td>
            <Table.Td>
              <Group gap={4}>
                {gateway.methods.map((method) => (
                  <Badge key={method} variant="light" color="gray" radius="sm" tt="none">
                    {humanise(method)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <SettingsSummary gateway={gateway} />
            </Table.Td>
            <Table.Td>
              <EnabledSwitch gateway={gateway} />
            </Table.Td>
            <Table.Td>
              <RowActions
                object="gateway"
                name={gateway.name}
                onEdit={() => setEditing(gateway)}
                onDelete={() =>
                  confirmDelete({ what: 'gateway', name: gateway.name, consequence: 'buyers can no longer pay with it; orders already paid through it keep their payments.', id: gateway.id, remove })
                }
              />
            </Table.Td>
          </>
        )}
      />
      <GatewayDialog gateway={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

/** The gateway's settings in words; a secret only as set (masked) or not. */
function SettingsSummary({ gateway }: { gateway: Gateway }) {
  const drivers = useGatewayDrivers();
  const fields = driverOf(drivers.data, gateway.driver)?.settings ?? [];
  const lines = fields.flatMap((field) => {
    const value = gateway.settings[field.name];
    const label = labelOf(field.name);
    if (field.kind === 'secret') return [`${label}: ${value === MASKED ? `${MASKED} (set)` : 'not set'}`];
    if (typeof value !== 'string' || value === '') return [];
    const shown = field.kind === 'choice' ? labelOf(value) : value;
    return [`${label}: ${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}`];
  });
  if (lines.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text size="xs" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Offers the gateway to buyers, or stops offering it, at once; a refusal puts the switch back. */
function EnabledSwitch({ gateway }: { gateway: Gateway }) {
  const readOnly = !useCan().can('gateway.update');
  const save = useSaveGateway();
  const [checked, setChecked] = useState(gateway.is_enabled);
  useEffect(() => setChecked(gateway.is_enabled), [gateway.is_enabled]);
  return (
    <Switch
      aria-label={`Offer ${gateway.name} to buyers`}
      checked={checked}
      disabled={readOnly || save.isPending}
      onChange={(event) => {
        const is_enabled = event.currentTarget.checked;
        setChecked(is_enabled);
        save.mutate(
          { id: gateway.id, body: { is_enabled } },
          {
            onSuccess: () => notifyDone(is_enabled ? `${gateway.name} is offered to buyers` : `${gateway.name} is no longer offered`),
            onError: (error) => {
              setChecked(!is_enabled);
              notifyProblem('The gateway was not changed', error);
            },
          },
        );
      }}
    />
  );
}
