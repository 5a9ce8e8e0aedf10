import type { Executor, Tx } from '../../db/database.js';
import type { CustomerAddressRow } from '../../db/types.js';
import type { Actor, Ctx } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { checkAddress, type AddressInput, type CheckedAddress } from './address-rules.js';
import * as repo from './customers.repo.js';
import type { AddressCreateInput } from './customers.schemas.js';
import { findVisibleCustomer } from './customer-access.js';
import { addressView, customerView, type AddressView } from './customers.view.js';

/**
 * Adds checked addresses to a customer. The one marked primary (the last, if several are) takes the
 * flag; a customer without a primary address gets its first one as primary.
 * @throws Problem validation_failed naming each invalid member under `prefix[i]` (or bare names without a prefix).
 */
export async function addAddresses(tx: Tx, customerId: string, inputs: AddressCreateInput[], prefix: string | null, now: number): Promise<CustomerAddressRow[]> {
  const errors = new FieldErrors();
  const checked = inputs.map((input, i) => checkAddress(input, prefix === null ? '' : `${prefix}[${i}]`, errors));
  errors.throwIfAny();
  const existing = await repo.findAddresses(tx, [customerId]);
  const flagged = inputs.map((input) => input.is_primary === true).lastIndexOf(true);
  const primaryAt = flagged >= 0 ? flagged : existing.some((a) => a.is_primary === 1) ? -1 : 0;
  if (flagged >= 0) await repo.clearPrimary(tx, customerId, now);
  const rows = (checked as CheckedAddress[]).map((address, i): CustomerAddressRow => ({
    id: newId('adr'),
    customer_id: customerId,
    ...address,
    is_primary: i === primaryAt ? 1 : 0,
    created_at: now,
    updated_at: now,
  }));
  for (const row of rows) await repo.insertAddress(tx, row);
  return rows;
}

/**
 * Puts a checked address in place of a customer's primary one, or adds it as primary when the
 * customer has none (a bulk import's default address).
 * @throws Problem validation_failed naming each invalid member under `addresses[0]`.
 */
export async function replacePrimaryAddress(tx: Tx, customerId: string, input: AddressCreateInput, now: number): Promise<void> {
  const primary = (await repo.findAddresses(tx, [customerId])).find((address) => address.is_primary === 1);
  if (!primary) {
    await addAddresses(tx, customerId, [{ ...input, is_primary: true }], 'addresses', now);
    return;
  }
  const errors = new FieldErrors();
  const address = checkAddress(input, 'addresses[0]', errors);
  errors.throwIfAny();
  await repo.updateAddress(tx, primary.id, { ...address!, updated_at: now });
}

const addressFields = ['first_name', 'last_name', 'company', 'address1', 'address2', 'city', 'postcode', 'country_code', 'state_code', 'state', 'phone', 'references'] as const;

const sameAddress = (a: CheckedAddress, b: CheckedAddress) =>
  addressFields.every((field) => (a[field] ?? '').trim().toLowerCase() === (b[field] ?? '').trim().toLowerCase());

/**
 * Keeps the address an order ships to (else bills to) in its customer's address book, as Shopify
 * does: staff then see it on the customer, and the buyer finds it at their next checkout. Only where
 * the buyer speaks for the book: a guest's (a customer without a password, made by checkouts), or an
 * account's when the account itself, signed in, places the order — anyone may type an account's
 * email at a checkout, and that must not write to the account. An address the book holds already
 * (compared field by field, case and edge spaces aside) is not added again; a customer's first
 * address becomes primary. Records `customer.updated` when it adds one.
 */
export async function rememberOrderAddress(
  tx: Tx,
  order: { customer_id: string | null; shipping_address: string | null; billing_address: string | null },
  placedBy: Actor,
  now: number,
): Promise<void> {
  const snapshot = order.shipping_address ?? order.billing_address;
  if (order.customer_id === null || snapshot === null) return;
  const isOwnCheckout = placedBy.kind === 'customer' && placedBy.customerId === order.customer_id;
  if (!isOwnCheckout && (await repo.findCustomer(tx, order.customer_id))?.password_hash !== null) return;
  const address = JSON.parse(snapshot) as CheckedAddress;
  const book = await repo.findAddresses(tx, [order.customer_id]);
  if (book.some((saved) => sameAddress(saved, address))) return;
  const row: CustomerAddressRow = { id: newId('adr'), customer_id: order.customer_id, ...pickAddress(address), is_primary: book.length === 0 ? 1 : 0, created_at: now, updated_at: now };
  await repo.insertAddress(tx, row);
  await recordCustomerUpdated(tx, order.customer_id, now);
}

/** The address's own fields, whatever else its snapshot holds. */
function pickAddress(address: CheckedAddress): CheckedAddress {
  return Object.fromEntries(addressFields.map((field) => [field, address[field] ?? null])) as unknown as CheckedAddress;
}

async function recordCustomerUpdated(tx: Tx, customerId: string, now: number): Promise<void> {
  await repo.updateCustomer(tx, customerId, { updated_at: now });
  await recordEvent(tx, now, 'customer.updated', await customerView(tx, (await repo.findCustomer(tx, customerId))!));
}

async function findOwnAddress(db: Executor, customerId: string, id: string): Promise<CustomerAddressRow> {
  const row = await repo.findAddress(db, customerId, id);
  if (!row) throw Problem.notFound('address', id);
  return row;
}

/**
 * Adds an address to a customer (staff, or the customer itself) and records `customer.updated`.
 * @throws Problem not_found; validation_failed for an address that breaks the rules of checkAddress.
 */
export async function createAddress(ctx: Ctx, customerId: string, input: AddressCreateInput): Promise<AddressView> {
  return ctx.db.transaction().execute(async (tx) => {
    await findVisibleCustomer(ctx, tx, customerId);
    const [row] = await addAddresses(tx, customerId, [input], null, ctx.now());
    await recordCustomerUpdated(tx, customerId, ctx.now());
    return addressView(row!);
  });
}

/** The address as sent over the one stored: a state or state code sent replaces both. */
function merged(current: CustomerAddressRow, input: AddressCreateInput): AddressInput {
  const sentState = input.state !== undefined || input.state_code !== undefined;
  return {
    ...current,
    ...input,
    state_code: sentState ? input.state_code : current.state_code,
    state: sentState ? input.state : current.state_code === null ? current.state : undefined,
  };
}

/**
 * Changes an address and records `customer.updated`. `is_primary: true` moves the primary flag here;
 * the primary address cannot be unmarked (mark another one instead).
 * @throws Problem not_found; validation_failed for the merged address, or for unmarking the primary.
 */
export async function updateAddress(ctx: Ctx, customerId: string, id: string, input: AddressCreateInput): Promise<AddressView> {
  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await findVisibleCustomer(ctx, tx, customerId);
    const current = await findOwnAddress(tx, customerId, id);
    const errors = new FieldErrors();
    const address = checkAddress(merged(current, input), '', errors);
    if (input.is_primary === false && current.is_primary === 1) {
      errors.add('is_primary', 'not_allowed', 'the primary address stays primary until another address is made primary');
    }
    errors.throwIfAny();
    if (input.is_primary === true && current.is_primary === 0) await repo.clearPrimary(tx, customerId, now);
    const changes: Partial<CustomerAddressRow> = { ...address!, is_primary: input.is_primary === true ? 1 : current.is_primary, updated_at: now };
    await repo.updateAddress(tx, id, changes);
    await recordCustomerUpdated(tx, customerId, now);
    return addressView({ ...current, ...changes });
  });
}

/**
 * Deletes an address and records `customer.updated`. When it was the primary one, the oldest
 * remaining address becomes primary.
 */
export async function deleteAddress(ctx: Ctx, customerId: string, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await findVisibleCustomer(ctx, tx, customerId);
    const current = await findOwnAddress(tx, customerId, id);
    await repo.deleteAddress(tx, id);
    if (current.is_primary === 1) {
      const [next] = await repo.findAddresses(tx, [customerId]);
      if (next) await repo.updateAddress(tx, next.id, { is_primary: 1, updated_at: now });
    }
    await recordCustomerUpdated(tx, customerId, now);
  });
}

export async function getAddress(ctx: Ctx, customerId: string, id: string): Promise<AddressView> {
  await findVisibleCustomer(ctx, ctx.db, customerId);
  return addressView(await findOwnAddress(ctx.db, customerId, id));
}

/** A customer's addresses, oldest first. */
export async function listAddresses(ctx: Ctx, customerId: string, page: PageRequest, url: string): Promise<Page<AddressView>> {
  await findVisibleCustomer(ctx, ctx.db, customerId);
  const all = await repo.findAddresses(ctx.db, [customerId]);
  const offset = offsetOf(page);
  return toPage(all.slice(offset, offset + page.perPage).map(addressView), page, all.length, url);
}
