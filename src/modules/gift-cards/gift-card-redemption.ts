import type { Executor, Tx } from '../../db/database.js';
import type { GiftCardRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { Problem, type FieldError } from '../../lib/problem.js';
import * as repo from './gift-cards.repo.js';

/** What one card pays of an order: `amount` minor units of the order's currency. */
export interface GiftCardShare {
  gift_card_id: string;
  last_four: string;
  amount: number;
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
 * refused are named `gift_cards[i]` with code `not_found` (also for a code entered twice, so one card
 * cannot be counted twice), `disabled`, `expired`, `empty` or `currency_mismatch`. A refused code
 * never tells whether it names a card of another shop or state beyond its reason.
 */
export async function checkGiftCardCodes(db: Executor, codes: string[], currency: string, now: number): Promise<{ cards: GiftCardRow[]; refused: FieldError[] }> {
  const cards: GiftCardRow[] = [];
  const refused: FieldError[] = [];
  for (const [i, code] of codes.entries()) {
    const field = `gift_cards[${i}]`;
    const card = await repo.findGiftCardByCode(db, code);
    if (!card || cards.some((c) => c.id === card.id)) refused.push({ field, code: 'not_found', message: 'is not the code of a gift card' });
    else if (card.is_enabled !== 1) refused.push({ field, code: 'disabled', message: 'is a gift card that was disabled' });
    else if (card.expires_at !== null && card.expires_at <= now) refused.push({ field, code: 'expired', message: 'is a gift card that has expired' });
    else if (card.balance <= 0) refused.push({ field, code: 'empty', message: 'is a gift card with nothing left on it' });
    else if (card.currency !== currency) refused.push({ field, code: 'currency_mismatch', message: `is a gift card in ${card.currency}, and the order is in ${currency}` });
    else cards.push(card);
  }
  return { cards, refused };
}

function spentMeanwhile(share: GiftCardShare): Problem {
  return new Problem('checkout_changed', `The gift card ending ${share.last_four} no longer holds ${share.amount} (spent, disabled or expired meanwhile): read the checkout again and pay its new total`);
}

/**
 * Takes each share off its card for an order, in the caller's transaction (the payment's
 * reservation, before any charge): one conditional update a card, so concurrent orders can never
 * take a card below zero, and a `redeem` movement naming the order.
 * @throws Problem checkout_changed when a card no longer holds its share (the caller's transaction
 * then rolls back what the others took).
 */
export async function redeemGiftCards(tx: Tx, orderId: string, shares: GiftCardShare[], now: number): Promise<void> {
  for (const share of shares) {
    if (share.amount <= 0) continue;
    if (!(await repo.takeFromBalance(tx, share.gift_card_id, share.amount, now))) throw spentMeanwhile(share);
    await repo.insertMovement(tx, { id: newId('gfm'), gift_card_id: share.gift_card_id, kind: 'redeem', amount: -share.amount, order_id: orderId, created_at: now });
  }
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
