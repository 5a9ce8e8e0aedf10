import { SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Gateway } from 'storefront/client';
import { useGatewayDrivers, useSaveGateway } from '../../../api/gateways';
import { FormDialog } from '../../../components/form-dialog';
import { ProblemAlert } from '../../../components/problem-alert';
import { notifyDone } from '../../../lib/notify';
import { useCan } from '../../../lib/access';
import { useServerErrors } from '../../../lib/use-server-errors';
import { sentence, driverOf, labelOf } from './drivers';
import { DriverSettings } from './driver-settings';
import { createInputOf, initialSettings, namesFor, updateInputOf, valuesOf, type GatewayValues } from './gateway-values';

/** Create a gateway (`gateway` null) or change one (undefined: closed); its driver is chosen once. */
export function GatewayDialog({ gateway, onClose }: { gateway: Gateway | null | undefined; onClose: () => void }) {
  const readOnly = !useCan().can(gateway ? 'gateway.update' : 'gateway.create');
  const save = useSaveGateway();
  const drivers = useGatewayDrivers();
  const form = useForm<GatewayValues>({
    initialValues: valuesOf(null, undefined),
    validate: {
      name: (value) => (value.trim() === '' ? 'Enter a name' : null),
      source: (value) => (value.trim() === '' ? 'Enter a source' : null),
    },
  });
  const problems = useServerErrors(form, ['name', 'display_name', 'source', 'driver', 'is_enabled', 'settings']);
  const opened = gateway !== undefined;
  // Each opening starts from the gateway (or, for a new one, the first driver) once the drivers are known.
  useEffect(() => {
    if (!opened || !drivers.data) return;
    form.setValues(valuesOf(gateway, gateway ? driverOf(drivers.data, gateway.driver) : drivers.data[0]));
    problems.clear();
  }, [gateway, drivers.data]);
  const driver = driverOf(drivers.data, form.values.driver);

  const submit = form.onSubmit((values) => {
    problems.clear();
    const done = {
      onSuccess: () => {
        notifyDone(gateway ? 'Gateway saved' : 'Gateway added');
        onClose();
      },
      onError: problems.show,
    };
    if (gateway) save.mutate({ id: gateway.id, body: updateInputOf(values, driver, gateway) }, done);
    else save.mutate({ id: null, body: createInputOf(values, driver) }, done);
  });

  return (
    <FormDialog action={gateway ? 'gateway.update' : 'gateway.create'} dirty={form.isDirty()} opened={opened} onClose={onClose} title={gateway ? `Edit ${gateway.name}` : 'Add payment gateway'} size="lg" onSubmit={submit} message={problems.message} submit={gateway ? 'Save gateway' : 'Add gateway'} pending={save.isPending}>
      {gateway ? (
        <Text size="sm">
          Driver: <strong>{labelOf(gateway.driver)}</strong> (it cannot change: the gateway’s payments belong to it)
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="gateway-driver">
            Driver
          </Text>
          <SegmentedControl
            aria-labelledby="gateway-driver"
            data={(drivers.data ?? []).map((option) => ({ value: option.name, label: labelOf(option.name) }))}
            value={form.values.driver}
            onChange={(value) => {
              // Names still the previous driver's follow the new one; names staff typed stay.
              const before = namesFor(form.values.driver);
              const after = namesFor(value);
              if (form.values.name === before.name) form.setFieldValue('name', after.name);
              if (form.values.source === before.source) form.setFieldValue('source', after.source);
              form.setFieldValue('driver', value);
              form.setFieldValue('settings', initialSettings(driverOf(drivers.data, value)));
            }}
          />
          {form.errors.driver && (
            <Text size="xs" c="red">
              {form.errors.driver}
            </Text>
          )}
        </Stack>
      )}
      {driver && (
        <Text size="xs" c="dimmed">
          {sentence(driver.description)}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" description="For staff" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Name for buyers" description="Empty: the name" readOnly={readOnly} {...form.getInputProps('display_name')} />
        <TextInput label="Source" description="Unique: lowercase letters, digits, _ and -" required readOnly={readOnly} {...form.getInputProps('source')} />
      </SimpleGrid>
      {gateway && driver?.takes_webhooks && (
        <TextInput
          label="Webhook endpoint"
          description="Point the provider's webhooks at this address, then set the signing secret it gives below"
          readOnly
          value={`${window.location.origin}/v1/gateways/${gateway.id}/webhooks`}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
      <Switch label="Offered to buyers" disabled={readOnly} {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
      {drivers.error ? <ProblemAlert error={drivers.error} title="The drivers could not be read" /> : driver && <DriverSettings driver={driver} gateway={gateway ?? null} form={form} />}
    </FormDialog>
  );
}
