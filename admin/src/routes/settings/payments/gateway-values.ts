import type { Gateway } from 'storefront/client';
import type { GatewayCreateInput, GatewayUpdateInput } from '../../../api/gateways';
import { driverForm, MASKED } from './drivers';

export interface GatewayValues {
  name: string;
  display_name: string;
  source: string;
  driver: string;
  is_enabled: boolean;
  /** Text, a choice or choices; a secret's new value (empty: keep the stored one). */
  settings: Record<string, string | string[]>;
}

/** The settings of a driver as a new gateway starts them. */
export function initialSettings(driver: string): Record<string, string | string[]> {
  return Object.fromEntries((driverForm(driver)?.settings ?? []).map((field) => [field.name, field.initial ?? (field.kind === 'choices' ? [] : '')]));
}

export function valuesOf(gateway: Gateway | null): GatewayValues {
  if (!gateway) return { name: '', display_name: '', source: '', driver: 'manual', is_enabled: true, settings: initialSettings('manual') };
  const settings: Record<string, string | string[]> = {};
  for (const field of driverForm(gateway.driver)?.settings ?? []) {
    const stored = gateway.settings[field.name];
    // A secret is never put in the form, not even masked: staff type a new one or leave it.
    if (field.kind === 'secret') settings[field.name] = '';
    else if (field.kind === 'choices') settings[field.name] = Array.isArray(stored) ? stored.map(String) : (field.initial ?? []);
    else settings[field.name] = typeof stored === 'string' ? stored : '';
  }
  return { name: gateway.name, display_name: gateway.display_name ?? '', source: gateway.source, driver: gateway.driver, is_enabled: gateway.is_enabled, settings };
}

/** Whether the stored gateway has that secret set (the API answers it masked). */
export function secretIsSet(gateway: Gateway | null, name: string): boolean {
  return gateway?.settings[name] === MASKED;
}

/**
 * The settings to send: every one the form shows, except a secret left empty (the stored one stays);
 * an emptied text that was stored is removed (null).
 */
function settingsOf(values: GatewayValues, gateway: Gateway | null): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of driverForm(values.driver)?.settings ?? []) {
    const value = values.settings[field.name];
    if (field.kind === 'choices') settings[field.name] = value;
    else if (typeof value === 'string' && value !== '') settings[field.name] = value;
    else if (field.kind !== 'secret' && gateway && gateway.settings[field.name] !== undefined) settings[field.name] = null;
  }
  return settings;
}

export function createInputOf(values: GatewayValues): GatewayCreateInput {
  return {
    name: values.name.trim(),
    display_name: values.display_name.trim() === '' ? null : values.display_name.trim(),
    source: values.source.trim(),
    driver: values.driver,
    is_enabled: values.is_enabled,
    settings: settingsOf(values, null),
  };
}

export function updateInputOf(values: GatewayValues, gateway: Gateway): GatewayUpdateInput {
  return {
    name: values.name.trim(),
    display_name: values.display_name.trim() === '' ? null : values.display_name.trim(),
    source: values.source.trim(),
    is_enabled: values.is_enabled,
    settings: settingsOf(values, gateway),
  };
}
