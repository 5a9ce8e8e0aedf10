import { compiledQuery } from '../../db/compiled.js';
import type { DatabaseKind, Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import { ilike, likePattern } from '../catalog/catalog-filters.js';
import type { CustomerAddressRow, CustomerRow, CustomerTokenRow, CustomerVerificationRow, SignInFailureRow } from '../../db/types.js';

// Every checkout step reads its buyer; these are kept compiled (see compiledQuery).
const selectCustomers = compiledQuery((db, ids: string[]) => db.selectFrom('customers').selectAll().where('id', 'in', ids));
const selectCustomerByEmail = compiledQuery((db, emailKey: string) => db.selectFrom('customers').selectAll().where('email_key', '=', emailKey));
const selectAddresses = compiledQuery((db, customerIds: string[]) => db
  .selectFrom('customer_addresses').selectAll().where('customer_id', 'in', customerIds).orderBy('customer_id').orderBy('id'));
const insertCustomerRow = compiledQuery((db, row: CustomerRow) => db.insertInto('customers').values(row));
const insertCustomerUnlessTaken = compiledQuery((db, row: CustomerRow) => db
  .insertInto('customers').values(row).onConflict((oc) => oc.column('email_key').doNothing()));

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | undefined> {
  return (await selectCustomers(db, [id])).rows[0];
}

export async function findCustomerByEmail(db: Executor, emailKey: string): Promise<CustomerRow | undefined> {
  return (await selectCustomerByEmail(db, emailKey)).rows[0];
}

export interface CustomerListFilter {
  emailKey?: string;
  /** Lowercased words, each the start of the email, the first or the last name. */
  terms?: string[];
  metadata?: Record<string, string>;
  /** Members of this customer group only. */
  groupId?: string;
}

function filtered(db: Executor, filter: CustomerListFilter) {
  let query = db.selectFrom('customers');
  if (filter.emailKey !== undefined) query = query.where('email_key', '=', filter.emailKey);
  if (filter.groupId !== undefined) {
    const groupId = filter.groupId;
    query = query.where('id', 'in', (eb) => eb.selectFrom('customer_group_members').select('customer_id').where('customer_group_id', '=', groupId));
  }
  for (const term of filter.terms ?? []) {
    const pattern = likePattern(term, '', '%');
    query = query.where((eb) => eb.or([ilike(eb.ref('email_key'), pattern), ilike(eb.ref('first_name'), pattern), ilike(eb.ref('last_name'), pattern)]));
  }
  if (filter.metadata) query = query.where(metadataMatches(db, 'customers.metadata', filter.metadata));
  return query;
}

export function listCustomers(db: Executor, filter: CustomerListFilter, offset: number, limit: number): Promise<CustomerRow[]> {
  return filtered(db, filter).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countCustomers(db: Executor, filter: CustomerListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCustomer(db: Executor, row: CustomerRow): Promise<void> {
  await insertCustomerRow(db, row);
}

/** Inserts the customer unless one holds its email (by key) already; true when inserted. */
export async function insertCustomerUnlessEmailTaken(db: Executor, row: CustomerRow): Promise<boolean> {
  return Number((await insertCustomerUnlessTaken(db, row)).numAffectedRows) > 0;
}

export async function updateCustomer(db: Executor, id: string, changes: Partial<CustomerRow>): Promise<void> {
  await db.updateTable('customers').set(changes).where('id', '=', id).execute();
}

export async function deleteCustomer(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customers').where('id', '=', id).execute();
}

/** Addresses of several customers, oldest first. */
export async function findAddresses(db: Executor, customerIds: string[]): Promise<CustomerAddressRow[]> {
  if (customerIds.length === 0) return [];
  return (await selectAddresses(db, customerIds)).rows;
}

export function findAddress(db: Executor, customerId: string, id: string): Promise<CustomerAddressRow | undefined> {
  return db.selectFrom('customer_addresses').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
}

export async function insertAddress(db: Executor, row: CustomerAddressRow): Promise<void> {
  await db.insertInto('customer_addresses').values(row).execute();
}

export async function updateAddress(db: Executor, id: string, changes: Partial<CustomerAddressRow>): Promise<void> {
  await db.updateTable('customer_addresses').set(changes).where('id', '=', id).execute();
}

export async function deleteAddress(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customer_addresses').where('id', '=', id).execute();
}

/** Clears the primary flag of a customer's addresses (before another one takes it). */
export async function clearPrimary(db: Executor, customerId: string, now: number): Promise<void> {
  await db
    .updateTable('customer_addresses')
    .set({ is_primary: 0, updated_at: now })
    .where('customer_id', '=', customerId)
    .where('is_primary', '=', 1)
    .execute();
}

export async function insertToken(db: Executor, row: CustomerTokenRow): Promise<void> {
  await db.insertInto('customer_tokens').values(row).execute();
}

export function findTokenByHash(db: Executor, tokenHash: string): Promise<CustomerTokenRow | undefined> {
  return db.selectFrom('customer_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function deleteToken(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('customer_tokens').where('id', '=', id).execute();
}

/** Revokes every token of a customer, but the one `keptId` names when given. */
export async function deleteTokensOfCustomer(db: Executor, customerId: string, keptId?: string): Promise<void> {
  let query = db.deleteFrom('customer_tokens').where('customer_id', '=', customerId);
  if (keptId !== undefined) query = query.where('id', '!=', keptId);
  await query.execute();
}

/**
 * Whether the customer exists and is active; on PostgreSQL the row is then share-locked until the
 * transaction ends (`FOR SHARE`), so a concurrent deactivation either waits for this transaction or is
 * seen by it. SQLite runs one write transaction at a time anyway.
 */
export async function lockActiveCustomer(db: Executor, id: string, kind: DatabaseKind): Promise<boolean> {
  let query = db.selectFrom('customers').select('id').where('id', '=', id).where('is_active', '=', 1);
  if (kind === 'postgres') query = query.forShare();
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Counts one more failed (or not yet known to succeed) sign-in of an email from `client`, starting a
 * new window when the last one is over, and answers the row after it. One atomic upsert, so
 * concurrent attempts each get their own number (reading first and counting later let any number of
 * simultaneous guesses through).
 */
export function countSignInFailure(db: Executor, emailKey: string, client: string, now: number, windowSeconds: number): Promise<SignInFailureRow> {
  const windowStart = now - windowSeconds;
  return db
    .insertInto('sign_in_failures')
    .values({ email_key: emailKey, client, failures: 1, first_failed_at: now, next_attempt_at: 0 })
    .onConflict((oc) =>
      oc.columns(['email_key', 'client']).doUpdateSet((eb) => ({
        failures: eb.case().when('sign_in_failures.first_failed_at', '<=', windowStart).then(1).else(eb('sign_in_failures.failures', '+', 1)).end(),
        first_failed_at: eb.case().when('sign_in_failures.first_failed_at', '<=', windowStart).then(now).else(eb.ref('sign_in_failures.first_failed_at')).end(),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSignInFailures(db: Executor, emailKey: string, clients: string[]): Promise<SignInFailureRow[]> {
  return db.selectFrom('sign_in_failures').selectAll().where('email_key', '=', emailKey).where('client', 'in', clients).execute();
}

/** Sets when the next attempt of the email's row for `client` may come. */
export async function setNextSignInAttempt(db: Executor, emailKey: string, client: string, at: number): Promise<void> {
  await db.updateTable('sign_in_failures').set({ next_attempt_at: at }).where('email_key', '=', emailKey).where('client', '=', client).execute();
}

/**
 * Takes the email's next attempt slot: moves `next_attempt_at` to `until` if it is not after `now`.
 * One conditional update, so of attempts arriving together exactly one takes it; false for the others.
 */
export async function claimSignInAttempt(db: Executor, emailKey: string, client: string, now: number, until: number): Promise<boolean> {
  const result = await db.updateTable('sign_in_failures').set({ next_attempt_at: until })
    .where('email_key', '=', emailKey).where('client', '=', client).where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes back one attempt counted for `client` (it turned out no failure), never below 0. */
export async function uncountSignInFailure(db: Executor, emailKey: string, client: string): Promise<void> {
  await db.updateTable('sign_in_failures').set((eb) => ({ failures: eb('failures', '-', 1) }))
    .where('email_key', '=', emailKey).where('client', '=', client).where('failures', '>', 0)
    .execute();
}

/** Forgets an email's failed sign-ins from the clients given, or from every client. */
export async function deleteSignInFailures(db: Executor, emailKey: string, clients?: string[]): Promise<void> {
  let query = db.deleteFrom('sign_in_failures').where('email_key', '=', emailKey);
  if (clients !== undefined) query = query.where('client', 'in', clients);
  await query.execute();
}

export async function insertVerification(db: Executor, row: CustomerVerificationRow): Promise<void> {
  await db.insertInto('customer_verifications').values(row).execute();
}

/** Deletes the verification token with this hash and answers it: a token can be taken once. */
export function takeVerification(db: Executor, tokenHash: string): Promise<CustomerVerificationRow | undefined> {
  return db.deleteFrom('customer_verifications').where('token_hash', '=', tokenHash).returningAll().executeTakeFirst();
}

/** Deletes a customer's verification tokens: all of them, or those expired by `now`. */
export async function deleteVerifications(db: Executor, customerId: string, expiredBy?: number): Promise<void> {
  let query = db.deleteFrom('customer_verifications').where('customer_id', '=', customerId);
  if (expiredBy !== undefined) query = query.where('expires_at', '<=', expiredBy);
  await query.execute();
}

export async function findCustomers(db: Executor, ids: string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  return (await selectCustomers(db, ids)).rows;
}
