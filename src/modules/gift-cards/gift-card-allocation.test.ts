import { describe, expect, it } from 'vitest';
import { allocateGiftCards } from './gift-card-redemption.js';

const card = (id: string, balance: number) => ({ id, last_four: id.slice(-4), balance });

describe('allocateGiftCards', () => {
  it('lets each card in the order entered pay what is left, up to its balance', () => {
    expect(allocateGiftCards(10_000, [card('gft_aaaa', 3000), card('gft_bbbb', 5000)]).map((s) => s.amount)).toEqual([3000, 5000]);
    expect(allocateGiftCards(6000, [card('gft_aaaa', 3000), card('gft_bbbb', 5000)]).map((s) => s.amount)).toEqual([3000, 3000]);
  });

  it('keeps a card that has nothing left to pay, at 0', () => {
    expect(allocateGiftCards(2000, [card('gft_aaaa', 5000), card('gft_bbbb', 5000)])).toEqual([
      { gift_card_id: 'gft_aaaa', last_four: 'aaaa', amount: 2000 },
      { gift_card_id: 'gft_bbbb', last_four: 'bbbb', amount: 0 },
    ]);
  });

  it('never pays more than the total or a negative amount', () => {
    expect(allocateGiftCards(0, [card('gft_aaaa', 5000)])[0]!.amount).toBe(0);
    expect(allocateGiftCards(-5, [card('gft_aaaa', 5000)])[0]!.amount).toBe(0);
    expect(allocateGiftCards(100, [card('gft_aaaa', -50), card('gft_bbbb', 500)]).map((s) => s.amount)).toEqual([0, 100]);
  });
});
