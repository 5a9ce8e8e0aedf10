import { describe, expect, it } from 'vitest';
import { shareAmount } from './refund-shares.js';

describe('shareAmount', () => {
  it("gives each item its share of an order's refund, leaving the shipping's share out", () => {
    // Items of 40.00 and 20.00, shipping 10.00: a refund of 35.00 is 20.00 + 10.00 + 5.00 of shipping.
    expect(shareAmount(3500, [{ key: 'a', weight: 4000 }, { key: 'b', weight: 2000 }], 7000)).toEqual([{ key: 'a', amount: 2000 }, { key: 'b', amount: 1000 }]);
  });

  it('shares the whole refund among returned units when they are the whole', () => {
    expect(shareAmount(2000, [{ key: 'vase', weight: 2000 }], 2000)).toEqual([{ key: 'vase', amount: 2000 }]);
  });

  it('hands the cents left by rounding to the largest remainders, losing none', () => {
    const shares = shareAmount(100, [{ key: 'a', weight: 1 }, { key: 'b', weight: 1 }, { key: 'c', weight: 1 }], 3);
    expect(shares.map((share) => share.amount).sort()).toEqual([33, 33, 34]);
  });

  it('shares nothing among no parts or parts that cost nothing', () => {
    expect(shareAmount(500, [], 1000)).toEqual([]);
    expect(shareAmount(500, [{ key: 'a', weight: 0 }], 0)).toEqual([]);
  });
});
