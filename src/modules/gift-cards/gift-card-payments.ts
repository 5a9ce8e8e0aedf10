import type { Tx } from '../../db/database.js';
import type { OrderRow, TransactionRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { insertTransaction } from '../orders/orders.repo.js';
import { sharesOf } from './gift-card-redemption.js';
import * as repo from './gift-cards.repo.js';

// What gift cards paid of an order, as its transactions record it: one `charge` per card (gateway
// `gift_card`, `reference` the card's id) written when the order is placed, and a `refund` per card
// given back (its parent the card's charge). The card's own history (gift_card_movements) moves with them.

/** The `gateway` of the transactions a gift card makes. */
export const GIFT_CARD_GATEWAY = 'gift_card';

function giftCardTransaction(order: Pick<OrderRow, 'id' | 'currency'>, kind: 'charge' | 'refund', amount: number, card: { id: string; last_four: string }, now: number, sourceName: string, parentId: string | null = null): TransactionRow {
  return {
    id: newId('tra'),
    order_id: order.id,
    parent_id: parentId,
    kind,
    status: 'succeeded',
    amount,
    currency: order.currency,
    authorization: null,
    code: null,
    reference: card.id,
    gateway: GIFT_CARD_GATEWAY,
    source_name: sourceName,
    credit_card_number: null,
    credit_card_brand: null,
    message: `gift card ending ${card.last_four}`,
    is_test: 0,
    created_at: now,
    updated_at: now,
  };
}

/** The placement's `charge` of each card that pays a share of the order, in the order entered. */
export function giftCardCharges(order: Pick<OrderRow, 'id' | 'currency' | 'gift_cards'>, now: number): TransactionRow[] {
  return sharesOf(order)
    .filter((share) => share.amount > 0)
    .map((share) => giftCardTransaction(order, 'charge', share.amount, { id: share.gift_card_id, last_four: share.last_four }, now, 'storefront'));
}

/** A part of a refund that goes back to one card: its charge on the order, and how much. */
export interface CardRefund {
  charge: TransactionRow;
  amount: number;
}

/** Whether a transaction is a gift card's. */
export function isGiftCardTransaction(row: TransactionRow): boolean {
  return row.gateway === GIFT_CARD_GATEWAY;
}

/**
 * How a refund of `amount` splits between an order's gift cards and its gateway: the cards first,
 * the card used last first (each up to what it paid and was not given back yet), then the gateway
 * for the rest. Cards give back at once and cost no fee; the buyer's card money comes back last.
 */
export function splitRefund(transactions: TransactionRow[], amount: number): { cards: CardRefund[]; gateway: number } {
  const succeeded = transactions.filter((row) => row.status === 'succeeded' && isGiftCardTransaction(row));
  const charges = succeeded.filter((row) => row.kind === 'charge');
  const cards: CardRefund[] = [];
  let left = amount;
  for (const charge of [...charges].reverse()) {
    const given = succeeded.filter((row) => row.kind === 'refund' && row.parent_id === charge.id).reduce((sum, row) => sum + row.amount, 0);
    const part = Math.min(left, charge.amount - given);
    if (part <= 0) continue;
    cards.push({ charge, amount: part });
    left -= part;
  }
  return { cards, gateway: left };
}

/**
 * Gives each part back to its card in the caller's transaction: the card's balance rises (whatever
 * its state: the money is the buyer's), a `refund` movement naming the order, and the order's
 * `refund` transaction (parent: the card's charge), the first keeping `idempotencyKey`. Answers the
 * transactions written.
 */
export async function refundToGiftCards(
  tx: Tx, order: Pick<OrderRow, 'id' | 'currency' | 'gift_cards'>, parts: CardRefund[], now: number, sourceName: string, idempotencyKey: string | null = null,
): Promise<TransactionRow[]> {
  const shares = sharesOf(order);
  const written: TransactionRow[] = [];
  for (const { charge, amount } of parts) {
    const cardId = charge.reference!;
    await repo.giveToBalance(tx, cardId, amount, now);
    await repo.insertMovement(tx, { id: newId('gfm'), gift_card_id: cardId, kind: 'refund', amount, order_id: order.id, created_at: now });
    const lastFour = shares.find((share) => share.gift_card_id === cardId)?.last_four ?? '';
    const row = giftCardTransaction(order, 'refund', amount, { id: cardId, last_four: lastFour }, now, sourceName, charge.id);
    await insertTransaction(tx, written.length === 0 ? { ...row, idempotency_key: idempotencyKey } : row);
    written.push(row);
  }
  return written;
}

/**
 * Gives back, in the caller's transaction, all that an order's gift cards paid and was not given
 * back yet (a placed order canceled before its gateway captured anything: nothing else was paid).
 */
export async function returnGiftCardsOfCanceled(tx: Tx, order: Pick<OrderRow, 'id' | 'currency' | 'gift_cards'>, transactions: TransactionRow[], now: number, sourceName: string): Promise<void> {
  const { cards } = splitRefund(transactions, Number.MAX_SAFE_INTEGER);
  await refundToGiftCards(tx, order, cards, now, sourceName);
}
