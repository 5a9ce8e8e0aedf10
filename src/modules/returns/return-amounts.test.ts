import { describe, expect, it } from 'vitest';
import { shareOf } from './return-amounts.js';

const none = { quantity: 0, amount: 0 };

describe('shareOf', () => {
  it("is the returned units' part of what was paid for the item, rounded", () => {
    expect(shareOf({ total: 3297, quantity: 3 }, none, 2)).toBe(2198);
    expect(shareOf({ total: 1000, quantity: 3 }, none, 1)).toBe(333);
    expect(shareOf({ total: 1000, quantity: 1 }, none, 1)).toBe(1000);
  });

  it('adds up to exactly the total when the units come back one at a time', () => {
    for (const [total, quantity] of [[1000, 3], [999, 7], [1, 4], [0, 2], [123457, 11]] as const) {
      let held = none;
      for (let unit = 0; unit < quantity; unit++) {
        const amount = shareOf({ total, quantity }, held, 1);
        expect(amount).toBeGreaterThanOrEqual(0);
        held = { quantity: held.quantity + 1, amount: held.amount + amount };
      }
      expect(held.amount).toBe(total);
    }
  });
});
