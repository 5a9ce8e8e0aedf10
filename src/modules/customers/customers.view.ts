import type { Static } from 'typebox';
import type { Executor } from '../../db/database.js';
import type { CustomerAddressRow, CustomerRow } from '../../db/types.js';
import { metadataView } from '../../lib/metadata.js';
import { addressCountry } from './address-rules.js';
import { groupIdsOfCustomers } from '../price-lists/customer-groups.repo.js';
import { findAddresses } from './customers.repo.js';
import type { Customer, CustomerAddress } from './customers.schemas.js';

export type CustomerView = Static<typeof Customer>;
export type AddressView = Static<typeof CustomerAddress>;

export function addressView(row: CustomerAddressRow): AddressView {
  return {
    id: row.id,
    object: 'customer_address',
    customer_id: row.customer_id,
    first_name: row.first_name,
    last_name: row.last_name,
    address1: row.address1,
    address2: row.address2,
    country: addressCountry(row.country_code),
    country_code: row.country_code,
    state: row.state,
    state_code: row.state_code,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    company: row.company,
    references: row.references,
    is_primary: row.is_primary === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** `Ada Lovelace`; null when the customer gave no name. */
export function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part).join(' ');
  return name === '' ? null : name;
}

/**
 * Customer views with their addresses, loaded in one query for all of them; `held`, when the caller
 * holds them already (all of these customers' addresses: none for a customer just made), are not read.
 */
export async function customerViews(db: Executor, rows: CustomerRow[], held?: CustomerAddressRow[]): Promise<CustomerView[]> {
  const ids = rows.map((r) => r.id);
  const [addresses, groups] = await Promise.all([held ?? findAddresses(db, ids), groupIdsOfCustomers(db, ids)]);
  return rows.map((row) => {
    const own = addresses.filter((a) => a.customer_id === row.id).map(addressView);
    return {
      id: row.id,
      object: 'customer',
      name: fullName(row.first_name, row.last_name),
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      is_newsletterable: row.is_newsletterable === 1,
      is_active: row.is_active === 1,
      is_verified: row.is_verified === 1,
      locale: row.locale,
      notes: row.notes,
      tags: JSON.parse(row.tags) as string[],
      group_ids: groups.get(row.id) ?? [],
      default_address: own.find((a) => a.is_primary) ?? null,
      addresses: own,
      ...metadataView(row),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

export async function customerView(db: Executor, row: CustomerRow, addresses?: CustomerAddressRow[]): Promise<CustomerView> {
  const [view] = await customerViews(db, [row], addresses);
  return view!;
}
