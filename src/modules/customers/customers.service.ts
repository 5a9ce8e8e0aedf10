import type { CustomerRow } from '../../db/types.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { deleteCustomerSearchTerms } from '../orders/orders.repo.js';
import { addAddresses } from './customer-addresses.service.js';
import { findVisibleCustomer } from './customer-access.js';
import * as repo from './customers.repo.js';
import type { CustomerCreateInput, CustomerUpdateInput } from './customers.schemas.js';
import { customerView, customerViews, type CustomerView } from './customers.view.js';
import { hashPassword, verifyPassword } from './passwords.js';

/** Fields only staff may set: a customer signing up or editing itself may not. */
const staffOnly = ['notes', 'tags', 'is_active'] as const;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

function refuseStaffFields(input: Record<string, unknown>, errors: FieldErrors): void {
  for (const name of staffOnly) {
    if (input[name] !== undefined) errors.add(name, 'not_allowed', 'may be set by staff only');
  }
}

function emailTaken(): Problem {
  return Problem.invalid([{ field: 'email', code: 'taken', message: 'belongs to another customer' }]);
}

function columns(input: CustomerUpdateInput | CustomerCreateInput): Partial<CustomerRow> {
  const changes: Partial<CustomerRow> = {};
  if (input.email !== undefined) {
    changes.email = input.email.trim();
    changes.email_key = emailKey(input.email);
  }
  if (input.first_name !== undefined) changes.first_name = input.first_name;
  if (input.last_name !== undefined) changes.last_name = input.last_name;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.tags !== undefined) changes.tags = JSON.stringify([...new Set(input.tags)]);
  if (input.is_newsletterable !== undefined) changes.is_newsletterable = boolFlag(input.is_newsletterable);
  if (input.is_active !== undefined) changes.is_active = boolFlag(input.is_active);
  return changes;
}

/**
 * Staff create a customer (password optional); a storefront signs one up (password required, no
 * staff fields). Signing up with the email of a guest (a customer without a password, as checkouts
 * make) claims that guest and its history instead. Records `customer.created` (or `customer.updated`
 * for a claimed guest).
 * @throws Problem validation_failed: the email belongs to a customer (with a password, for sign-up),
 * a staff field or no password on sign-up, an invalid address.
 */
export async function createCustomer(ctx: Ctx, input: CustomerCreateInput): Promise<CustomerView> {
  const signUp = ctx.actor.kind !== 'admin';
  const errors = new FieldErrors();
  if (signUp) {
    refuseStaffFields(input, errors);
    if (input.password === undefined) errors.add('password', 'required', 'is required to sign up');
  }
  errors.throwIfAny();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const existing = await repo.findCustomerByEmail(tx, emailKey(input.email));
    if (existing && !(signUp && existing.password_hash === null)) throw emailTaken();
    let id: string;
    if (existing) {
      id = existing.id;
      await repo.updateCustomer(tx, id, { ...columns(input), password_hash: passwordHash, updated_at: now });
    } else {
      id = newId('cus');
      await repo.insertCustomer(tx, {
        id,
        email: '',
        email_key: '',
        first_name: null,
        last_name: null,
        is_newsletterable: 0,
        is_active: 1,
        notes: null,
        tags: '[]',
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
        ...columns(input),
      });
    }
    if (input.addresses?.length) await addAddresses(tx, id, input.addresses, 'addresses', now);
    const view = await customerView(tx, (await repo.findCustomer(tx, id))!);
    await recordEvent(tx, now, existing ? 'customer.updated' : 'customer.created', view);
    return view;
  });
}

/**
 * Changes a customer (email required, as the spec says) and records `customer.updated`. A signed-in
 * customer changes only itself, without staff fields, and changes its password only with its
 * current one. Deactivating a customer (`is_active: false`) revokes all its tokens in the same
 * transaction: reactivating brings none back. The caller drops its credential cache afterwards.
 * @throws Problem not_found; validation_failed for a taken email, staff fields, a wrong current password.
 */
export async function updateCustomer(ctx: Ctx, id: string, input: CustomerUpdateInput): Promise<CustomerView> {
  const current = await findVisibleCustomer(ctx, ctx.db, id);
  const errors = new FieldErrors();
  if (ctx.actor.kind === 'customer') {
    refuseStaffFields(input, errors);
    if (input.password !== undefined && !(await verifyPassword(input.current_password ?? '', current.password_hash))) {
      errors.add('current_password', 'invalid', 'is not the current password');
    }
  }
  errors.throwIfAny();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const row = await findVisibleCustomer(ctx, tx, id);
    const sameEmail = await repo.findCustomerByEmail(tx, emailKey(input.email));
    if (sameEmail && sameEmail.id !== id) throw emailTaken();
    const changes: Partial<CustomerRow> = { ...columns(input), updated_at: now };
    if (passwordHash !== undefined) changes.password_hash = passwordHash;
    await repo.updateCustomer(tx, id, changes);
    if (changes.is_active === 0) await repo.deleteTokensOfCustomer(tx, id);
    const view = await customerView(tx, { ...row, ...changes });
    await recordEvent(tx, now, 'customer.updated', view);
    return view;
  });
}

/**
 * Deletes a customer with its addresses and sign-ins, and records `customer.deleted` with the customer
 * as it was. Its orders stay, unlinked, and are no longer found by its id.
 */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findCustomer(tx, id);
    if (!row) throw Problem.notFound('customer', id);
    const view = await customerView(tx, row);
    await deleteCustomerSearchTerms(tx, id);
    await repo.deleteCustomer(tx, id);
    await recordEvent(tx, ctx.now(), 'customer.deleted', view);
  });
}

export async function getCustomer(ctx: Ctx, id: string): Promise<CustomerView> {
  return customerView(ctx.db, await findVisibleCustomer(ctx, ctx.db, id));
}

export async function listCustomers(ctx: Ctx, filter: { email?: string }, page: PageRequest, url: string): Promise<Page<CustomerView>> {
  const where = { emailKey: filter.email === undefined ? undefined : emailKey(filter.email) };
  const [rows, total] = await Promise.all([
    repo.listCustomers(ctx.db, where, offsetOf(page), page.perPage),
    repo.countCustomers(ctx.db, where),
  ]);
  return toPage(await customerViews(ctx.db, rows), page, total, url);
}
