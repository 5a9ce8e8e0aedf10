import type { Store } from 'storefront/client';
import type { StoreChanges } from '../../../api/store';

/** The settings staff may change (what `POST /v1/store` takes), as the form holds them: text, or the tax switch. */
export const textFields = [
  'name', 'description', 'email', 'contact_email', 'phone', 'domain',
  'currency', 'weight_unit', 'lang', 'timezone',
  'address1', 'address2', 'city', 'postcode', 'country_code', 'state', 'state_code', 'references',
  'business_name', 'tax_id', 'fiscal_address', 'order_prefix', 'order_suffix',
] as const satisfies ReadonlyArray<keyof StoreChanges & keyof Store>;

type TextField = (typeof textFields)[number];
export type StoreValues = Record<TextField, string> & { is_tax_included: boolean };

export const storeFields: readonly string[] = [...textFields, 'is_tax_included'];

// These always have a value: an empty one is sent as it is, for the server to refuse.
const required = new Set<TextField>(['name', 'currency', 'weight_unit', 'lang', 'timezone']);

export function valuesOf(store: Store): StoreValues {
  const values = Object.fromEntries(textFields.map((field) => [field, store[field] ?? ''])) as Record<TextField, string>;
  return { ...values, is_tax_included: store.is_tax_included };
}

/** What staff changed, as the API takes it: an emptied optional field is cleared (null). */
export function changesOf(values: StoreValues, isDirty: (field: string) => boolean): StoreChanges {
  const changes: Record<string, unknown> = {};
  for (const field of textFields) {
    if (!isDirty(field)) continue;
    const value = values[field].trim();
    changes[field] = value === '' && !required.has(field) ? null : value;
  }
  if (isDirty('is_tax_included')) changes.is_tax_included = values.is_tax_included;
  return changes as StoreChanges;
}
