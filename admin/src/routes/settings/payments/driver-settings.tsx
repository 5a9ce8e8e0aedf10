import { Button, Checkbox, Fieldset, Group, PasswordInput, Select, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { Gateway, GatewayDriver } from 'storefront/client';
import { useCan } from '../../../lib/access';
import { sentence, labelOf, MASKED, optionsOf, type SettingField } from './drivers';
import { secretIsSet, type GatewayValues } from './gateway-values';

type Form = UseFormReturnType<GatewayValues>;

/** The settings of the gateway's driver. */
export function DriverSettings({ driver, gateway, form }: { driver: GatewayDriver; gateway: Gateway | null; form: Form }) {
  if (driver.settings.length === 0) return null;
  return (
    <Fieldset legend={`${labelOf(driver.name)} settings`} p="sm">
      <Stack gap="sm">
        {driver.settings.map((field) => (
          <Setting key={`${driver.name}.${field.name}`} field={field} gateway={gateway} form={form} />
        ))}
      </Stack>
    </Fieldset>
  );
}

function Setting({ field, gateway, form }: { field: SettingField; gateway: Gateway | null; form: Form }) {
  const readOnly = !useCan().can('gateway.update');
  const path = `settings.${field.name}`;
  const input = form.getInputProps(path);
  const label = labelOf(field.name);
  switch (field.kind) {
    case 'secret':
      return <Secret field={field} set={secretIsSet(gateway, field.name)} form={form} />;
    case 'choices':
      return (
        <Checkbox.Group label={label} description={sentence(field.description)} readOnly={readOnly} {...input}>
          <Group gap="md" mt={4}>
            {optionsOf(field).map((option) => <Checkbox key={option.value} value={option.value} label={option.label} disabled={readOnly} />)}
          </Group>
        </Checkbox.Group>
      );
    case 'choice':
      return <Select label={label} description={sentence(field.description)} data={optionsOf(field)} allowDeselect={false} readOnly={readOnly} {...input} />;
    default:
      // One line, as most settings are (a key, an address), growing with what is typed (instructions over lines).
      return <Textarea label={label} description={sentence(field.description)} autosize minRows={1} readOnly={readOnly} {...input} />;
  }
}

/**
 * A write-only setting: once set it shows only that it is (masked as the API answers it), with a
 * button to type a replacement; its value is never on the screen.
 */
function Secret({ field, set, form }: { field: SettingField; set: boolean; form: Form }) {
  const readOnly = !useCan().can('gateway.update');
  const [replacing, setReplacing] = useState(!set);
  const path = `settings.${field.name}`;
  const label = labelOf(field.name);
  const error = form.errors[path];
  useEffect(() => setReplacing(!set), [set]);
  // The server asks for the secret itself (moving the API address does): open its input beside the error.
  useEffect(() => {
    if (error) setReplacing(true);
  }, [error]);
  const keep = () => {
    form.setFieldValue(path, '');
    setReplacing(false);
  };

  if (!replacing) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Group gap="sm">
          <Text size="sm" ff="monospace" aria-label={`${label} is set`}>
            {MASKED}
          </Text>
          <Text size="xs" c="dimmed">
            Set; never shown
          </Text>
          <Button variant="default" size="xs" onClick={() => setReplacing(true)} disabled={readOnly}>
            Replace {label.toLowerCase()}
          </Button>
        </Group>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <PasswordInput
        label={set ? `New ${label.toLowerCase()}` : label}
        description={set ? 'Replaces the one stored when saved' : sentence(field.description)}
        autoComplete="new-password"
        readOnly={readOnly}
        style={{ flex: 1 }}
        {...form.getInputProps(path)}
      />
      {set && (
        <Button variant="default" onClick={keep}>
          Keep the current one
        </Button>
      )}
    </Group>
  );
}
