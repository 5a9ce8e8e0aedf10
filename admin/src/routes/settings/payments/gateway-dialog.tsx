import { Modal, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Gateway } from 'storefront/client';
import { useSaveGateway } from '../../../api/gateways';
import { FormAlert } from '../../../components/problem-alert';
import { notifyDone } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useServerErrors } from '../../../lib/use-server-errors';
import { DialogActions } from '../shared/settings-list';
import { driverForm, drivers } from './drivers';
import { DriverSettings } from './driver-settings';
import { createInputOf, initialSettings, updateInputOf, valuesOf, type GatewayValues } from './gateway-values';

/** Create a gateway (`gateway` null) or change one (undefined: closed); its driver is chosen once. */
export function GatewayDialog({ gateway, onClose }: { gateway: Gateway | null | undefined; onClose: () => void }) {
  const { readOnly } = useSession();
  const save = useSaveGateway();
  const form = useForm<GatewayValues>({
    initialValues: valuesOf(null),
    validate: {
      name: (value) => (value.trim() === '' ? 'Enter a name' : null),
      source: (value) => (value.trim() === '' ? 'Enter a source' : null),
    },
  });
  const problems = useServerErrors(form, ['name', 'display_name', 'source', 'driver', 'is_enabled', 'settings']);
  const opened = gateway !== undefined;
  useEffect(() => {
    if (!opened) return;
    form.setValues(valuesOf(gateway));
    problems.clear();
  }, [gateway]);

  const submit = form.onSubmit((values) => {
    problems.clear();
    const done = {
      onSuccess: () => {
        notifyDone(gateway ? 'Gateway saved' : 'Gateway added');
        onClose();
      },
      onError: problems.show,
    };
    if (gateway) save.mutate({ id: gateway.id, body: updateInputOf(values, gateway) }, done);
    else save.mutate({ id: null, body: createInputOf(values) }, done);
  });

  const driver = driverForm(form.values.driver);

  return (
    <Modal opened={opened} onClose={onClose} title={gateway ? `Edit ${gateway.name}` : 'Add payment gateway'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={problems.message} />
          {gateway ? (
            <Text size="sm">
              Driver: <strong>{driver?.label ?? gateway.driver}</strong> (it cannot change: the gateway’s payments belong to it)
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="gateway-driver">
                Driver
              </Text>
              <SegmentedControl
                aria-labelledby="gateway-driver"
                data={drivers.map((option) => ({ value: option.value, label: option.label }))}
                value={form.values.driver}
                onChange={(value) => {
                  form.setFieldValue('driver', value);
                  form.setFieldValue('settings', initialSettings(value));
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
              {driver.description}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" description="For staff" required readOnly={readOnly} data-autofocus {...form.getInputProps('name')} />
            <TextInput label="Name for buyers" description="Empty: the name" readOnly={readOnly} {...form.getInputProps('display_name')} />
            <TextInput label="Source" description="Unique: lowercase letters, digits, _ and -" required readOnly={readOnly} {...form.getInputProps('source')} />
          </SimpleGrid>
          <Switch label="Offered to buyers" disabled={readOnly} {...form.getInputProps('is_enabled', { type: 'checkbox' })} />
          {driver ? (
            <DriverSettings driver={driver} gateway={gateway ?? null} form={form} />
          ) : (
            <Text size="sm" c="dimmed">
              The settings of the {form.values.driver} driver are changed through the API.
            </Text>
          )}
          <DialogActions onClose={onClose} save={gateway ? 'Save gateway' : 'Add gateway'} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
