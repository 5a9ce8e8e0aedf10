import { compiledQuery } from '../../db/compiled.js';
import type { Executor } from '../../db/database.js';
import { metadataMatches } from '../../db/metadata-queries.js';
import type { DiscountRedemptionRow, DiscountRow } from '../../db/types.js';
import { ilike, likePattern, searchTerms } from '../catalog/catalog-filters.js';
import { mailboxKey } from '../customers/emails.js';
import type { DiscountListFilter } from './discounts.schemas.js';

function filtered(db: Executor, filter: DiscountListFilter) {
  let query = db.selectFrom('discounts');
  for (const term of searchTerms(filter.q)) {
    const pattern = likePattern(term, '%', '%');
    query = query.where((eb) => eb.or([ilike(eb.ref('code'), pattern), ilike(eb.ref('title'), pattern)]));
  }
  if (filter.is_active !== undefined) query = query.where('is_active', '=', filter.is_active ? 1 : 0);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.automatic !== undefined) query = query.where('code_key', filter.automatic ? 'is' : 'is not', null);
  if (filter.metadata) query = query.where(metadataMatches(db, 'discounts.metadata', filter.metadata));
  return query;
}

export function listDiscounts(db: Executor, filter: DiscountListFilter, offset: number, limit: number): Promise<DiscountRow[]> {
  return filtered(db, filter).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countDiscounts(db: Executor, filter: DiscountListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findDiscount(db: Executor, id: string): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDiscountByCode(db: Executor, codeKey: string): Promise<DiscountRow | undefined> {
  return db.selectFrom('discounts').selectAll().where('code_key', '=', codeKey).executeTakeFirst();
}

// Every cart and checkout step reads the discounts on offer: kept compiled (see compiledQuery).
const selectAutomatic = compiledQuery((db) => db.selectFrom('discounts').selectAll()
  .where('code_key', 'is', null).where('is_active', '=', 1).orderBy('id'));
const selectAutomaticOrCoded = compiledQuery((db, codeKeys: string[]) => db.selectFrom('discounts').selectAll()
  .where((eb) => eb.or([eb.and([eb('code_key', 'is', null), eb('is_active', '=', 1)]), eb('code_key', 'in', codeKeys)]))
  .orderBy('id'));

/** The active automatic discounts and the discounts of these codes (lower-cased), active or not. */
export async function findOffered(db: Executor, codeKeys: string[]): Promise<DiscountRow[]> {
  return (codeKeys.length === 0 ? await selectAutomatic(db) : await selectAutomaticOrCoded(db, codeKeys)).rows;
}

/** Inserts a discount unless its code is taken (one statement: two concurrent creates cannot both win); false when taken. */
export async function insertDiscount(db: Executor, row: DiscountRow): Promise<boolean> {
  const result = await db.insertInto('discounts').values(row).onConflict((oc) => oc.column('code_key').doNothing()).executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function updateDiscount(db: Executor, id: string, changes: Partial<DiscountRow>): Promise<void> {
  await db.updateTable('discounts').set(changes).where('id', '=', id).execute();
}

export async function deleteDiscount(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('discounts').where('id', '=', id).execute();
}

/**
 * Counts one use of a discount unless its usage limit is reached: one conditional update, which on
 * PostgreSQL also holds the discount's row until the transaction ends, so concurrent placements count
 * one after the other. False when the limit was reached.
 */
export async function countUse(db: Executor, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('discounts')
    .set((eb) => ({ times_used: eb('times_used', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The placed orders that used a discount by this customer: its account, or its mailbox — `email` (as
 * typed, or its emailKey) is compared by mailboxKey, as redemptions are stored, so `victim+1@` and
 * `v.ictim@gmail.com` count as `victim@`.
 */
export async function countRedemptions(db: Executor, discountId: string, customerId: string | null, email: string | null): Promise<number> {
  if (customerId === null && email === null) return 0;
  const row = await db.selectFrom('discount_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('discount_id', '=', discountId)
    .where((eb) => eb.or([
      ...(customerId !== null ? [eb('customer_id', '=', customerId)] : []),
      ...(email !== null ? [eb('email_key', '=', mailboxKey(email))] : []),
    ]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Records a use; its `email_key` (an email or its emailKey) is stored as the mailbox key countRedemptions compares. */
export async function insertRedemption(db: Executor, row: DiscountRedemptionRow): Promise<void> {
  await db.insertInto('discount_redemptions').values({ ...row, email_key: row.email_key === null ? null : mailboxKey(row.email_key) }).execute();
}

/** Which of these ids name existing rows of a table. */
export async function existingIds(db: Executor, table: 'collections' | 'products' | 'skus', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** How many uses of a discount this order holds (one once its payment reserved it, else none). */
export async function countOrderRedemptions(db: Executor, discountId: string, orderId: string): Promise<number> {
  const row = await db.selectFrom('discount_redemptions').select((eb) => eb.fn.countAll<number>().as('count'))
    .where('discount_id', '=', discountId).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Takes back the uses an unplaced order's reservation counted: its redemptions, and one use of each discount. */
export async function returnUses(db: Executor, orderId: string, now: number): Promise<void> {
  const redeemed = await db.deleteFrom('discount_redemptions').where('order_id', '=', orderId).returning('discount_id').execute();
  for (const { discount_id: id } of redeemed) {
    await db.updateTable('discounts')
      .set((eb) => ({ times_used: eb('times_used', '-', 1), updated_at: now }))
      .where('id', '=', id)
      .where('times_used', '>', 0)
      .execute();
  }
}
