import type { Tx } from '../../db/database.js';
import type { GiftCardRow, OrderItemRow, OrderRow } from '../../db/types.js';
import { newId } from '../../lib/ids.js';
import { recordEvents, type NewEvent } from '../events/record-event.js';
import { queueOrderNotification } from '../notifications/queue.js';
import { generateGiftCardCode, giftCardCodeHash, lastFourOf } from './gift-card-codes.js';
import * as repo from './gift-cards.repo.js';
import { giftCardView } from './gift-cards.service.js';

/** A card as the `gift_card_issued` mail shows it: the only place its whole code appears after issue. */
export interface IssuedGiftCard {
  code: string;
  last_four: string;
  initial_value: number;
  currency: string;
  expires_at: number | null;
}

/**
 * What each unit of a gift card line is worth: what the buyer paid for the line (price × quantity
 * less its share of the discounts; taxes aside), split evenly, the odd cents going to the first
 * units, so the cards of a line add up to what it cost.
 */
export function unitValues(item: Pick<OrderItemRow, 'subtotal' | 'discount' | 'quantity'>): number[] {
  const paid = Math.max(0, item.subtotal - (item.discount ?? 0));
  const base = Math.floor(paid / item.quantity);
  const odd = paid - base * item.quantity;
  return Array.from({ length: item.quantity }, (_, unit) => base + (unit < odd ? 1 : 0));
}

/** Inserts the card of one unit; false when that unit already has one (paid twice, a replay). */
async function insertUnitCard(tx: Tx, row: Omit<GiftCardRow, 'code_hash' | 'last_four'>): Promise<{ row: GiftCardRow; code: string } | undefined> {
  // A new code colliding with another card's is all but impossible (79 random bits); it is drawn again.
  for (;;) {
    const code = generateGiftCardCode();
    const card: GiftCardRow = { ...row, code_hash: giftCardCodeHash(code), last_four: lastFourOf(code) };
    if (await repo.insertGiftCard(tx, card)) return { row: card, code };
    if (await repo.hasUnitCard(tx, row.order_item_id!, row.order_item_unit!)) return undefined;
  }
}

/**
 * Issues the gift cards an order sold, in the transaction that makes it paid: one card a unit of
 * each gift card item, worth what the buyer paid for it (unitValues), in the order's currency, to
 * the order's customer, noted "Sold in order #1001" (the number with the store's prefix), each with
 * its `issue` movement naming the order and its gift_card.created; then one `gift_card_issued` mail
 * to the order's email with the whole codes.
 * Once per unit whatever calls it again: a unit that has its card is passed over, so a second
 * capture or a replayed webhook issues and mails nothing more. A unit worth nothing (discounted to
 * 0) gets no card.
 */
export async function issueSoldGiftCards(tx: Tx, order: OrderRow, items: OrderItemRow[], now: number): Promise<void> {
  const issued: IssuedGiftCard[] = [];
  const events: NewEvent[] = [];
  for (const item of items) {
    if (item.is_gift_card !== 1) continue;
    for (const [unit, value] of unitValues(item).entries()) {
      if (value <= 0) continue;
      const made = await insertUnitCard(tx, {
        id: newId('gft'), initial_value: value, balance: value, currency: order.currency, customer_id: order.customer_id,
        expires_at: null, is_enabled: 1, note: `Sold in order ${order.number ?? order.id}`,
        order_item_id: item.id, order_item_unit: unit, created_at: now, updated_at: now,
      });
      if (!made) continue;
      await repo.insertMovement(tx, { id: newId('gfm'), gift_card_id: made.row.id, kind: 'issue', amount: value, order_id: order.id, created_at: now });
      events.push({ kind: 'gift_card.created', object: giftCardView(made.row) });
      const { last_four, initial_value, currency, expires_at } = made.row;
      issued.push({ code: made.code, last_four, initial_value, currency, expires_at });
    }
  }
  await recordEvents(tx, now, events);
  if (issued.length > 0) await queueOrderNotification(tx, now, 'gift_card_issued', order, { gift_cards: issued });
}
