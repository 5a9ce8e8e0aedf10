import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../../db/types.js';
import { GIFT_CARD_GATEWAY, splitRefund } from './gift-card-payments.js';
import { amountDue, isCoveredByGiftCards } from './gift-card-redemption.js';

function row(id: string, kind: string, amount: number, gateway: string, parentId: string | null = null): TransactionRow {
  return {
    id, order_id: 'ord_1', parent_id: parentId, kind, status: 'succeeded', amount, currency: 'USD', authorization: null, code: null,
    reference: null, gateway, source_name: 'storefront', credit_card_number: null, credit_card_brand: null, message: null, is_test: 0, created_at: 0, updated_at: 0,
  };
}

describe('splitRefund', () => {
  const paid = [row('tra_a', 'charge', 1000, GIFT_CARD_GATEWAY), row('tra_b', 'charge', 2000, GIFT_CARD_GATEWAY), row('tra_c', 'charge', 500, 'test')];

  it('gives back to the card used last first, then the one before, then the gateway', () => {
    expect(splitRefund(paid, 2500)).toEqual({ cards: [{ charge: paid[1], amount: 2000 }, { charge: paid[0], amount: 500 }], gateway: 0 });
    expect(splitRefund(paid, 3500)).toEqual({ cards: [{ charge: paid[1], amount: 2000 }, { charge: paid[0], amount: 1000 }], gateway: 500 });
  });

  it('leaves out what a card was given back already', () => {
    const given = [...paid, row('tra_d', 'refund', 2000, GIFT_CARD_GATEWAY, 'tra_b')];
    expect(splitRefund(given, 1200)).toEqual({ cards: [{ charge: paid[0], amount: 1000 }], gateway: 200 });
  });

  it('sends all to the gateway for an order no card paid', () => {
    expect(splitRefund([row('tra_c', 'charge', 500, 'test')], 300)).toEqual({ cards: [], gateway: 300 });
  });
});

describe('amountDue', () => {
  it('is the total less what the cards pay, and 0 only covers an order when a card pays', () => {
    const shares = (amounts: number[]) => JSON.stringify(amounts.map((amount, i) => ({ gift_card_id: `gft_${i}`, last_four: 'ABCD', amount })));
    expect(amountDue({ total_price: 5000, gift_cards: shares([2000, 1000]) })).toBe(2000);
    expect(isCoveredByGiftCards({ total_price: 5000, gift_cards: shares([5000, 0]) })).toBe(true);
    expect(isCoveredByGiftCards({ total_price: 0, gift_cards: shares([]) })).toBe(false);
  });
});
