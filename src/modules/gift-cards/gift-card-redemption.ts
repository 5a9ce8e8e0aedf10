import type { Executor, Tx } from '../../db/database.js';
import type { GiftCardRow, OrderRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { Problem, type FieldError } from '../../lib/problem.js';
import { giftCardCodeHash } from './gift-card-codes.js';
import * as repo from './gift-cards.repo.js';

/** What one card pays of an order: `amount` minor units of the order's currency. */
export interface GiftCardShare {
  gift_card_id: string;
  last_four: string;
  amount: number;
}

/** At most this many cards pay one order (DESIGN.md §10 limits: each is a look-up and an update). */
export const MAX_GIFT_CARDS = 10;

/** The cards an order holds, as its `gift_cards` column keeps them (in the order entered). */
export function sharesOf(order: Pick<OrderRow, 'gift_cards'>): GiftCardShare[] {
  return JSON.parse(order.gift_cards) as GiftCardShare[];
}

/** What an order's gift cards pay of it. */
export function giftCardsTotal(order: Pick<OrderRow, 'gift_cards'>): number {
  return sharesOf(order).reduce((sum, share) => sum + share.amount, 0);
}

/** What is left to pay of an order once its gift cards have paid their shares: what a gateway charges. */
export function amountDue(order: Pick<OrderRow, 'gift_cards' | 'total_price'>): number {
  return Math.max(0, order.total_price - giftCardsTotal(order));
}

/** Whether the order's gift cards pay all of it (then it is paid with `payment[method]: gift_card`). */
export function isCoveredByGiftCards(order: Pick<OrderRow, 'gift_cards' | 'total_price'>): boolean {
  return amountDue(order) === 0 && sharesOf(order).some((share) => share.amount > 0);
}

/**
 * The shares of an order's cards re-priced for its `total` (after discounts, shipping and taxes
 * included), from the cards as they stand at `now`: a card since disabled, expired, emptied or in
 * another currency than the order's (a cart checked out again in another market) pays 0 and stays
 * listed, so the buyer sees why the total due rose. Nothing is taken: that happens at placement.
 */
export async function repriceGiftCards(db: Executor, order: Pick<OrderRow, 'gift_cards' | 'currency'>, total: number, now: number): Promise<GiftCardShare[]> {
  const shares = sharesOf(order);
  if (shares.length === 0) return [];
  const rows = await repo.findGiftCards(db, shares.map((share) => share.gift_card_id));
  const cards = shares.map((share) => {
    const card = rows.find((row) => row.id === share.gift_card_id);
    const isUsable = card !== undefined && card.is_enabled === 1 && (card.expires_at === null || card.expires_at > now) && card.currency === order.currency;
    return { id: share.gift_card_id, last_four: share.last_four, balance: isUsable ? card.balance : 0 };
  });
  return allocateGiftCards(total, cards);
}

/**
 * How entered cards pay a total (after discounts, shipping and taxes included): each in the order
 * entered takes what is left, up to its balance. Cards with nothing left to pay take 0 and are kept,
 * so the buyer sees each card they entered.
 */
export function allocateGiftCards(total: number, cards: Pick<GiftCardRow, 'id' | 'last_four' | 'balance'>[]): GiftCardShare[] {
  let left = Math.max(0, total);
  return cards.map((card) => {
    const amount = Math.min(left, Math.max(0, card.balance));
    left -= amount;
    return { gift_card_id: card.id, last_four: card.last_four, amount };
  });
}

/**
 * The cards of codes a buyer entered, each checked for an order in `currency` at `now`; the codes
 * refused are named `gift_cards[i]` with code `not_found`, `duplicate` (a card entered again, so one
 * card cannot be counted twice), `disabled`, `expired`, `empty` or `currency_mismatch`. A refused
 * code never tells whether it names a card of another shop or state beyond its reason.
 */
export async function checkGiftCardCodes(db: Executor, codes: string[], currency: string, now: number): Promise<{ cards: GiftCardRow[]; refused: FieldError[] }> {
  const cards: GiftCardRow[] = [];
  const refused: FieldError[] = [];
  for (const [i, code] of codes.entries()) {
    const field = `gift_cards[${i}]`;
    const card = await repo.findGiftCardByCode(db, code);
    if (!card) refused.push({ field, code: 'not_found', message: 'is not the code of a gift card' });
    else if (repeats(codes, i)) refused.push({ field, code: 'duplicate', message: 'is a gift card entered already' });
    else if (card.is_enabled !== 1) refused.push({ field, code: 'disabled', message: 'is a gift card that was disabled' });
    else if (card.expires_at !== null && card.expires_at <= now) refused.push({ field, code: 'expired', message: 'is a gift card that has expired' });
    else if (card.balance <= 0) refused.push({ field, code: 'empty', message: 'is a gift card with nothing left on it' });
    else if (card.currency !== currency) refused.push({ field, code: 'currency_mismatch', message: `is a gift card in ${card.currency}, and the order is in ${currency}` });
    else cards.push(card);
  }
  return { cards, refused };
}

/** Whether the code at `i` was entered before it (compared as cards compare them). */
function repeats(codes: string[], i: number): boolean {
  const hash = giftCardCodeHash(codes[i]!);
  return codes.slice(0, i).some((code) => giftCardCodeHash(code) === hash);
}

function spentMeanwhile(share: GiftCardShare, index: number): FieldError {
  return {
    field: `gift_cards[${index}]`,
    code: 'insufficient',
    message: `is the gift card ending ${share.last_four}, which no longer holds ${share.amount} (spent, disabled or expired meanwhile): read the checkout again and pay its new total`,
  };
}

/**
 * Takes each share off its card for an order, in the caller's transaction (the payment's
 * reservation, before any charge): one conditional update a card, so concurrent orders can never
 * take a card below zero, and a `redeem` movement naming the order.
 * `shares` are in the order the buyer entered the cards, so a refusal names the card as entered.
 * @throws Problem validation_failed on `gift_cards[i]` (code `insufficient`) when a card no longer
 * holds its share (the caller's transaction then rolls back what the others took).
 */
export async function redeemGiftCards(tx: Tx, orderId: string, shares: GiftCardShare[], now: number): Promise<void> {
  for (const [index, share] of shares.entries()) {
    if (share.amount <= 0) continue;
    if (!(await repo.takeFromBalance(tx, share.gift_card_id, share.amount, now))) throw Problem.invalid([spentMeanwhile(share, index)]);
    await repo.insertMovement(tx, { id: newId('gfm'), gift_card_id: share.gift_card_id, kind: 'redeem', amount: -share.amount, order_id: orderId, created_at: now });
  }
}

/** Whether a payment was refused because a gift card no longer holds its share (redeemGiftCards). */
export function isGiftCardRefusal(error: unknown): boolean {
  return error instanceof Problem && error.code === 'validation_failed' && (error.errors ?? []).some((e) => e.code === 'insufficient' && e.field.startsWith('gift_cards['));
}

/**
 * Gives back what an unplaced order's reservation took from its cards (a payment refused or given
 * back): its redeem movements go, and their amounts return to the balances. Once only: a second call
 * finds nothing to give back.
 */
export async function returnGiftCards(tx: Tx, orderId: string, now: number): Promise<void> {
  const taken = await repo.deleteRedeemMovements(tx, orderId);
  for (const { gift_card_id: id, amount } of taken) await repo.giveToBalance(tx, id, -amount, now);
}
