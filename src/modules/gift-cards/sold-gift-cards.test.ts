import { describe, expect, it } from 'vitest';
import { unitValues } from './sold-gift-cards.js';

describe('unitValues', () => {
  it('gives each unit its price when nothing was taken off', () => {
    expect(unitValues({ subtotal: 5000, discount: 0, quantity: 2 })).toEqual([2500, 2500]);
  });

  it('splits what the line cost after its discount, the odd cents to the first units', () => {
    expect(unitValues({ subtotal: 3000, discount: 1001, quantity: 3 })).toEqual([667, 666, 666]);
  });

  it('never makes a value below 0, and reads a missing discount as none', () => {
    expect(unitValues({ subtotal: 1000, discount: 2000, quantity: 2 })).toEqual([0, 0]);
    expect(unitValues({ subtotal: 900, discount: null, quantity: 1 })).toEqual([900]);
  });
});
