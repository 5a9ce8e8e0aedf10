import type { Executor } from '../../db/database.js';
import type { GiftCardMovementRow, GiftCardRow } from '../../db/types.js';
import { giftCardCodeHash } from './gift-card-codes.js';
import type { GiftCardListFilter } from './gift-cards.schemas.js';

function filtered(db: Executor, filter: GiftCardListFilter) {
  let query = db.selectFrom('gift_cards');
  if (filter.code !== undefined) query = query.where('code_hash', '=', giftCardCodeHash(filter.code));
  if (filter.customer_id !== undefined) query = query.where('customer_id', '=', filter.customer_id);
  if (filter.currency !== undefined) query = query.where('currency', '=', filter.currency.toUpperCase());
  if (filter.is_enabled !== undefined) query = query.where('is_enabled', '=', filter.is_enabled ? 1 : 0);
  return query;
}

export function listGiftCards(db: Executor, filter: GiftCardListFilter, offset: number, limit: number): Promise<GiftCardRow[]> {
  return filtered(db, filter).selectAll().orderBy('id').offset(offset).limit(limit).execute();
}

export async function countGiftCards(db: Executor, filter: GiftCardListFilter): Promise<number> {
  const row = await filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findGiftCard(db: Executor, id: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findGiftCards(db: Executor, ids: string[]): Promise<GiftCardRow[]> {
  return ids.length === 0 ? [] : db.selectFrom('gift_cards').selectAll().where('id', 'in', ids).execute();
}

/** The card of a code as typed (case, spaces and dashes aside). */
export function findGiftCardByCode(db: Executor, code: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('code_hash', '=', giftCardCodeHash(code)).executeTakeFirst();
}

/**
 * Inserts a card unless its code is taken, or the order item unit it is sold for has its card
 * already (one statement: two inserts of one code or one unit cannot both win); false when either is.
 */
export async function insertGiftCard(db: Executor, row: GiftCardRow): Promise<boolean> {
  const result = await db.insertInto('gift_cards').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Whether a unit of an order item has its card. */
export async function hasUnitCard(db: Executor, orderItemId: string, unit: number): Promise<boolean> {
  const row = await db.selectFrom('gift_cards').select('id').where('order_item_id', '=', orderItemId).where('order_item_unit', '=', unit).executeTakeFirst();
  return row !== undefined;
}

export async function updateGiftCard(db: Executor, id: string, changes: Partial<GiftCardRow>): Promise<void> {
  await db.updateTable('gift_cards').set(changes).where('id', '=', id).execute();
}

/**
 * Takes `amount` off a card that is enabled, unexpired at `now` and holds at least that much: one
 * conditional update, so concurrent takes can never leave the balance below zero (on PostgreSQL the
 * row stays locked until the transaction ends, and the second take re-checks the balance it sees
 * then). False when the card could not give it.
 */
export async function takeFromBalance(db: Executor, id: string, amount: number, now: number): Promise<boolean> {
  const result = await db.updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '-', amount), updated_at: now }))
    .where('id', '=', id)
    .where('is_enabled', '=', 1)
    .where('balance', '>=', amount)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives `amount` back to a card (a refund, or a reservation let go), whatever its state. */
export async function giveToBalance(db: Executor, id: string, amount: number, now: number): Promise<void> {
  await db.updateTable('gift_cards')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now }))
    .where('id', '=', id)
    .execute();
}

export async function insertMovement(db: Executor, row: GiftCardMovementRow): Promise<void> {
  await db.insertInto('gift_card_movements').values(row).execute();
}

/** A card's history, oldest first. */
export function listMovements(db: Executor, giftCardId: string): Promise<GiftCardMovementRow[]> {
  return db.selectFrom('gift_card_movements').selectAll().where('gift_card_id', '=', giftCardId).orderBy('id').execute();
}

/** Deletes an order's redeem movements; answers what they took (amounts negative). */
export function deleteRedeemMovements(db: Executor, orderId: string): Promise<Pick<GiftCardMovementRow, 'gift_card_id' | 'amount'>[]> {
  return db.deleteFrom('gift_card_movements').where('order_id', '=', orderId).where('kind', '=', 'redeem')
    .returning(['gift_card_id', 'amount']).execute();
}
