import type { Gateway, GatewayDriver } from 'storefront/client';
import type { GatewayCreateInput, GatewayUpdateInput } from '../../../api/gateways';
import { initialValue, labelOf, MASKED } from './drivers';

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
export function initialSettings(driver: GatewayDriver | undefined): Record<string, string | string[]> {
  return Object.fromEntries((driver?.settings ?? []).map((field) => [field.name, initialValue(field)]));
}

/** A gateway's values in the form (`driver`: its driver, or for a new one the first offered). */
export function valuesOf(gateway: Gateway | null, driver: GatewayDriver | undefined): GatewayValues {
  if (!gateway) return { ...namesFor(driver?.name ?? ''), display_name: '', driver: driver?.name ?? '', is_enabled: true, settings: initialSettings(driver) };
  const settings: Record<string, string | string[]> = {};
  for (const field of driver?.settings ?? []) {
    const stored = gateway.settings[field.name];
    // A secret is never put in the form, not even masked: staff type a new one or leave it.
    if (field.kind === 'secret') settings[field.name] = '';
    else if (field.kind === 'choices') settings[field.name] = Array.isArray(stored) ? stored.map(String) : initialValue(field);
    else settings[field.name] = typeof stored === 'string' ? stored : '';
  }
  return { name: gateway.name, display_name: gateway.display_name ?? '', source: gateway.source, driver: gateway.driver, is_enabled: gateway.is_enabled, settings };
}

/** A new gateway's name and source until staff change them: its driver's ("Stripe", `stripe`). */
export function namesFor(driver: string): { name: string; source: string } {
  return { name: driver === '' ? '' : labelOf(driver), source: driver };
}

/** Whether the stored gateway has that secret set (the API answers it masked). */
export function secretIsSet(gateway: Gateway | null, name: string): boolean {
  return gateway?.settings[name] === MASKED;
}

/**
 * The settings to send: every one the form shows, except a secret left empty (the stored one stays);
 * an emptied text that was stored is removed (null).
 */
function settingsOf(values: GatewayValues, driver: GatewayDriver | undefined, gateway: Gateway | null): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const field of driver?.settings ?? []) {
    const value = values.settings[field.name];
    if (field.kind === 'choices') settings[field.name] = value;
    else if (typeof value === 'string' && value !== '') settings[field.name] = value;
    else if (field.kind !== 'secret' && gateway && gateway.settings[field.name] !== undefined) settings[field.name] = null;
  }
  return settings;
}

export function createInputOf(values: GatewayValues, driver: GatewayDriver | undefined): GatewayCreateInput {
  return {
    name: values.name.trim(),
    display_name: values.display_name.trim() === '' ? null : values.display_name.trim(),
    source: values.source.trim(),
    driver: values.driver,
    is_enabled: values.is_enabled,
    settings: settingsOf(values, driver, null),
  };
}

export function updateInputOf(values: GatewayValues, driver: GatewayDriver | undefined, gateway: Gateway): GatewayUpdateInput {
  return {
    name: values.name.trim(),
    display_name: values.display_name.trim() === '' ? null : values.display_name.trim(),
    source: values.source.trim(),
    is_enabled: values.is_enabled,
    settings: settingsOf(values, driver, gateway),
  };
}
