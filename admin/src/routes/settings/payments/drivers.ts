import type { GatewayDriver } from 'storefront/client';
import { humanise } from '../../../lib/format';

/**
 * The gateway form asks for what `GET /v1/gateway_drivers` says each driver takes: a new driver on
 * the server needs no new form here. A secret is never shown: the API answers `********` once it is
 * set, and the form offers to replace it.
 */
export type SettingField = GatewayDriver['settings'][number];

/** How the API shows a secret setting that is set. */
export const MASKED = '********';

/** The names whose words alone read wrong as a label. */
const LABELS: Record<string, string> = { api_base: 'API base URL' };

/** A driver, setting or option name (`secret_key`) as a label (`Secret key`). */
export function labelOf(name: string): string {
  return LABELS[name] ?? humanise(name);
}

/** A description of the API (`automatic charges at once`) as a sentence under a field. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A setting's options as a select or checkboxes offer them. */
export function optionsOf(field: SettingField): Array<{ value: string; label: string }> {
  return (field.options ?? []).map((option) => ({ value: option, label: labelOf(option) }));
}

/** The value a new gateway starts a setting with: every option of a list (all offered), else nothing. */
export function initialValue(field: SettingField): string | string[] {
  return field.kind === 'choices' ? [...(field.options ?? [])] : '';
}

export function driverOf(drivers: readonly GatewayDriver[] | undefined, name: string): GatewayDriver | undefined {
  return drivers?.find((driver) => driver.name === name);
}
