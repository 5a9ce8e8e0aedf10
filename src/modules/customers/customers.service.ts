import type { Tx } from '../../db/database.js';
import type { CustomerRow } from '../../db/types.js';
import { lockForMetadataMerge } from '../../db/metadata-queries.js';
import type { Ctx } from '../../lib/context.js';
import { boolFlag } from '../../lib/flags.js';
import { newId } from '../../lib/ids.js';
import { metadataChanges, metadataView, newMetadata, NO_METADATA } from '../../lib/metadata.js';
import { offsetOf, toPage, type Page, type PageRequest } from '../../lib/pagination.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import { recordEvent } from '../events/record-event.js';
import { queueOrdersOfCustomer } from '../orders/orders.repo.js';
import { addAddresses, replacePrimaryAddress } from './customer-addresses.service.js';
import { findVisibleCustomer } from './customer-access.js';
import * as repo from './customers.repo.js';
import type { CustomerCreateInput, CustomerUpdateInput } from './customers.schemas.js';
import { customerView, customerViews, type CustomerView } from './customers.view.js';
import { checkEmail, emailKey, normalizedEmail } from './emails.js';
import { checkPasswordStrength } from './password-strength.js';
import { deletePasswordResets } from './password-resets.repo.js';
import { setGroupsOfCustomer } from '../price-lists/customer-groups.repo.js';
import { checkGroupIds } from '../price-lists/customer-groups.service.js';
import { hashPassword, verifyPassword } from './passwords.js';

/**
 * Fields only staff may set: a customer signing up or editing itself may not. Metadata is staff's to
 * write on a customer (a storefront reads it): a shop may keep a loyalty tier there.
 */
const staffOnly = ['notes', 'tags', 'group_ids', 'is_active', 'metadata'] as const;

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
    changes.email = normalizedEmail(input.email);
    changes.email_key = emailKey(input.email);
  }
  if (input.first_name !== undefined) changes.first_name = input.first_name;
  if (input.last_name !== undefined) changes.last_name = input.last_name;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.tags !== undefined) changes.tags = JSON.stringify([...new Set(input.tags)]);
  if (input.is_newsletterable !== undefined) changes.is_newsletterable = boolFlag(input.is_newsletterable);
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.is_active !== undefined) changes.is_active = boolFlag(input.is_active);
  return changes;
}

/** Puts a customer in exactly these groups. @throws Problem validation_failed naming `group_ids[i]` for an unknown group. */
async function setGroups(tx: Tx, customerId: string, groupIds: string[]): Promise<void> {
  const errors = new FieldErrors();
  const ids = await checkGroupIds(tx, groupIds, 'group_ids', errors);
  errors.throwIfAny();
  await setGroupsOfCustomer(tx, customerId, ids);
}

/**
 * The password's strength (password-strength.ts) judged against what the customer will hold: its
 * email and names, as sent or else as stored.
 */
function checkNewPassword(password: string | undefined, input: CustomerUpdateInput | CustomerCreateInput, current: CustomerRow | undefined, errors: FieldErrors) {
  if (password === undefined) return Promise.resolve();
  const first = input.first_name === undefined ? current?.first_name : input.first_name;
  const last = input.last_name === undefined ? current?.last_name : input.last_name;
  return checkPasswordStrength(password, [input.email, first, last], errors);
}

/**
 * Staff create a customer (password optional); a storefront signs one up (password required, no
 * staff fields). Either starts unverified. Signing up with the email of a guest (a customer without
 * a password, as checkouts make) retires that guest, as deleteCustomer does (`customer.deleted`; its
 * orders stay with their email, linked to nobody), and creates the account new: whoever signs up
 * with an email gets none of its history until it proves the email (customer-verification.service.ts).
 * Records `customer.created`.
 * @throws Problem validation_failed: an invalid email, or one that belongs to a customer (with a
 * password, for sign-up); a staff field or no password on sign-up; a weak password; an invalid address.
 */
export async function createCustomer(ctx: Ctx, input: CustomerCreateInput): Promise<CustomerView> {
  const signUp = ctx.actor.kind !== 'admin';
  const errors = new FieldErrors();
  checkEmail(input.email, 'email', errors);
  if (signUp) {
    refuseStaffFields(input, errors);
    if (input.password === undefined) errors.add('password', 'required', 'is required to sign up');
  }
  await checkNewPassword(input.password, input, undefined, errors);
  const metadata = newMetadata(input, errors);
  errors.throwIfAny();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);

  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    const existing = await repo.findCustomerByEmail(tx, emailKey(input.email));
    if (existing && !(signUp && existing.password_hash === null)) throw emailTaken();
    if (existing) await retireCustomer(tx, existing, now);
    return insertCustomerIn(tx, now, input, { password_hash: passwordHash, ...metadata });
  });
}

/** Inserts a checked customer with its groups and addresses, and records `customer.created`. */
async function insertCustomerIn(tx: Tx, now: number, input: CustomerCreateInput, extra: Partial<CustomerRow>): Promise<CustomerView> {
  const id = newId('cus');
  await repo.insertCustomer(tx, {
    id,
    email: '',
    email_key: '',
    first_name: null,
    last_name: null,
    is_newsletterable: 0,
    is_active: 1,
    is_verified: 0,
    notes: null,
    tags: '[]',
    password_hash: null,
    locale: null,
    ...NO_METADATA,
    created_at: now,
    updated_at: now,
    ...extra,
    ...columns(input),
  });
  if (input.group_ids !== undefined) await setGroups(tx, id, input.group_ids);
  if (input.addresses?.length) await addAddresses(tx, id, input.addresses, 'addresses', now);
  const view = await customerView(tx, (await repo.findCustomer(tx, id))!);
  await recordEvent(tx, now, 'customer.created', view);
  return view;
}

/**
 * Staff's write of a customer found by email, in the caller's transaction (a bulk import writes many
 * in one): a new email makes a customer as createCustomer does; a known one has the fields sent
 * changed, its primary address replaced by the one sent (added when it has none), and records
 * `customer.updated`. Its password, verification and sign-ins stay as they were.
 * @throws Problem validation_failed for an invalid address.
 */
export async function saveCustomerByEmailIn(tx: Tx, now: number, input: CustomerCreateInput): Promise<'created' | 'updated'> {
  const existing = await repo.findCustomerByEmail(tx, emailKey(input.email));
  if (!existing) {
    await insertCustomerIn(tx, now, input, {});
    return 'created';
  }
  const { addresses, ...fields } = input;
  await repo.updateCustomer(tx, existing.id, { ...columns(fields), updated_at: now });
  const [address] = addresses ?? [];
  if (address) await replacePrimaryAddress(tx, existing.id, address, now);
  await recordEvent(tx, now, 'customer.updated', await customerView(tx, (await repo.findCustomer(tx, existing.id))!));
  return 'updated';
}

/**
 * Changes a customer (email required, as the spec says) and records `customer.updated`. A signed-in
 * customer changes only itself, without staff fields, and changes its password or its sign-in email
 * only with its current password. A new email (another key) is unproven: `is_verified` turns false,
 * pending verification tokens and reset links go, and no order of the new email is attached. Sessions end in the same
 * transaction: deactivating (`is_active: false`) and a password set by staff revoke every token of
 * the customer (reactivating brings none back); the customer's own password change revokes every
 * token but the one it was made with. The caller drops its credential cache afterwards (the
 * recorded event announces the change to other processes).
 * @throws Problem not_found; validation_failed for an invalid or taken email, staff fields, a missing
 * or wrong current password, a weak password.
 */
export async function updateCustomer(ctx: Ctx, id: string, input: CustomerUpdateInput): Promise<CustomerView> {
  const current = await findVisibleCustomer(ctx, ctx.db, id);
  const errors = new FieldErrors();
  const actor = ctx.actor;
  if (actor.kind === 'customer') {
    refuseStaffFields(input, errors);
    const needsProof = input.password !== undefined || emailKey(input.email) !== current.email_key;
    if (needsProof && !(await verifyPassword(input.current_password ?? '', current.password_hash))) {
      errors.add('current_password', 'invalid', 'must be the current password to change the password or the sign-in email');
    }
  }
  checkEmail(input.email, 'email', errors);
  await checkNewPassword(input.password, input, current, errors);
  errors.throwIfAny();
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  return ctx.db.transaction().execute(async (tx) => {
    const now = ctx.now();
    await lockForMetadataMerge(tx, 'customers', id, input);
    const row = await findVisibleCustomer(ctx, tx, id);
    const sameEmail = await repo.findCustomerByEmail(tx, emailKey(input.email));
    if (sameEmail && sameEmail.id !== id) throw emailTaken();
    const changes: Partial<CustomerRow> = { ...columns(input), ...metadataChanges(input, row), updated_at: now };
    if (changes.email_key !== row.email_key) {
      changes.is_verified = 0;
      await repo.deleteVerifications(tx, id);
    }
    // A reset link in a mailbox the customer left, or one from before a new password, must not work.
    if (changes.email_key !== row.email_key || passwordHash !== undefined) await deletePasswordResets(tx, id);
    if (passwordHash !== undefined) changes.password_hash = passwordHash;
    await repo.updateCustomer(tx, id, changes);
    if (input.group_ids !== undefined) await setGroups(tx, id, input.group_ids);
    if (changes.is_active === 0 || (passwordHash !== undefined && actor.kind !== 'customer')) await repo.deleteTokensOfCustomer(tx, id);
    else if (passwordHash !== undefined && actor.kind === 'customer') await repo.deleteTokensOfCustomer(tx, id, actor.tokenId);
    const view = await customerView(tx, { ...row, ...changes });
    await recordEvent(tx, now, 'customer.updated', view);
    return view;
  });
}

/**
 * Deletes a customer row with its addresses, sign-ins and verification tokens (the database
 * cascades), and records `customer.deleted` with the customer as it was. Its orders stay, unlinked
 * (the database sets their customer to null), and are no longer found by its id once indexed again
 * (queued here; every search indexes what is queued first).
 */
async function retireCustomer(tx: Tx, row: CustomerRow, now: number): Promise<void> {
  const view = await customerView(tx, row);
  await queueOrdersOfCustomer(tx, row.id);
  await repo.deleteCustomer(tx, row.id);
  await recordEvent(tx, now, 'customer.deleted', view);
}

/** Deletes a customer (retireCustomer) and records `customer.deleted`. @throws Problem not_found. */
export async function deleteCustomer(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findCustomer(tx, id);
    if (!row) throw Problem.notFound('customer', id);
    await retireCustomer(tx, row, ctx.now());
  });
}

export async function getCustomer(ctx: Ctx, id: string): Promise<CustomerView> {
  return customerView(ctx.db, await findVisibleCustomer(ctx, ctx.db, id));
}

/**
 * Customers oldest first; `email` finds one by its key, `q` keeps those whose email or names start with
 * each of its words, `group_id` the members of a customer group.
 */
export async function listCustomers(
  ctx: Ctx, filter: { email?: string; q?: string; metadata?: Record<string, string>; group_id?: string }, page: PageRequest, url: string,
): Promise<Page<CustomerView>> {
  const terms = (filter.q ?? '').toLowerCase().split(/\s+/).filter((term) => term !== '').slice(0, 5);
  const where = { emailKey: filter.email === undefined ? undefined : emailKey(filter.email), terms, metadata: filter.metadata, groupId: filter.group_id };
  const [rows, total] = await Promise.all([
    repo.listCustomers(ctx.db, where, offsetOf(page), page.perPage),
    repo.countCustomers(ctx.db, where),
  ]);
  return toPage(await customerViews(ctx.db, rows), page, total, url);
}
