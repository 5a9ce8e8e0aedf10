import { Type, type Static } from 'typebox';
import type { CustomerAddressRow } from '../../db/types.js';
import { Nullable } from '../../http/common-schemas.js';
import type { FieldErrors } from '../../lib/problem.js';
import { countryName, subdivisionsOf } from '../geo/countries.js';

const text = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/** The members of an address as a client sends them (customer addresses, and later checkouts). */
export const addressFields = {
  first_name: text(255),
  last_name: text(255),
  address1: Type.Optional(Type.String({ maxLength: 255 })),
  address2: text(255),
  city: Type.Optional(Type.String({ maxLength: 255 })),
  postcode: Type.Optional(Type.String({ maxLength: 32 })),
  country_code: Type.Optional(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2, from GET /v1/countries' })),
  state_code: text(3),
  state: text(255),
  phone: Type.Optional(Type.String({ maxLength: 64 })),
  company: text(255),
  references: text(1000),
};
export const AddressFields = Type.Object(addressFields);
export type AddressInput = Static<typeof AddressFields>;

/** An address that passed the rules, with its state name filled in from the reference data. */
export type CheckedAddress = Omit<CustomerAddressRow, 'id' | 'customer_id' | 'is_primary' | 'created_at' | 'updated_at'>;

const required = ['address1', 'postcode', 'city', 'country_code', 'phone'] as const;

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/**
 * Checks an address against the rules of the spec; problems go to `errors` under `prefix`
 * (`shipping[postcode]`, `addresses[0][state_code]`, or the bare name when the prefix is empty):
 * - address1, postcode, city, country_code and phone are required; country_code is an ISO country;
 * - `state` and `state_code` are not sent together;
 * - in a country with subdivisions, `state_code` names one of them (a `state` that is exactly one of
 *   their names is taken for its code); in a country without, the `state` name is required instead.
 * Returns the address, or undefined when it broke a rule.
 */
export function checkAddress(address: AddressInput, prefix: string, errors: FieldErrors): CheckedAddress | undefined {
  const field = (name: string) => (prefix ? `${prefix}[${name}]` : name);
  const before = errors.list.length;
  for (const name of required) {
    if (blank(address[name])) errors.add(field(name), 'required', 'is required');
  }
  const country = address.country_code?.trim().toUpperCase() ?? '';
  const subdivisions = country ? subdivisionsOf(country) : undefined;
  if (country && !subdivisions) errors.add(field('country_code'), 'invalid_value', 'is not an ISO 3166-1 alpha-2 country code');

  let state: string | null = blank(address.state) ? null : address.state!.trim();
  let stateCode: string | null = blank(address.state_code) ? null : address.state_code!.trim().toUpperCase();
  if (state !== null && stateCode !== null) {
    errors.add(field('state'), 'not_allowed', 'must not be sent with state_code');
  } else if (subdivisions && subdivisions.length > 0) {
    const byName = state === null ? undefined : subdivisions.find((s) => s.name.toLowerCase() === state!.toLowerCase());
    const subdivision = stateCode !== null ? subdivisions.find((s) => s.code === stateCode) : byName;
    if (subdivision) {
      stateCode = subdivision.code;
      state = subdivision.name;
    } else if (stateCode !== null) {
      errors.add(field('state_code'), 'invalid_value', `is not a subdivision of ${country} (see GET /v1/countries/${country}/states)`);
    } else {
      errors.add(field('state_code'), 'required', `is required for ${country} (see GET /v1/countries/${country}/states)`);
    }
  } else if (subdivisions) {
    if (stateCode !== null) errors.add(field('state_code'), 'invalid_value', `${country} has no subdivisions: send its state name instead`);
    else if (state === null) errors.add(field('state'), 'required', `is required for ${country}, which has no state codes`);
  }
  if (errors.list.length > before) return undefined;

  const optional = (value: string | null | undefined) => (blank(value) ? null : value!.trim());
  return {
    first_name: optional(address.first_name),
    last_name: optional(address.last_name),
    address1: address.address1!.trim(),
    address2: optional(address.address2),
    city: address.city!.trim(),
    postcode: address.postcode!.trim(),
    country_code: country,
    state,
    state_code: stateCode,
    phone: address.phone!.trim(),
    company: optional(address.company),
    references: optional(address.references),
  };
}

/** The country's display name for an address answer. */
export function addressCountry(code: string): string {
  return countryName(code) ?? code;
}
