import { describe, expect, it } from 'vitest';
import { toGrams } from './weight.js';

describe('toGrams', () => {
  it('converts each unit to whole grams', () => {
    expect(toGrams(1.5, 'kg')).toBe(1500);
    expect(toGrams(250, 'gr')).toBe(250);
    expect(toGrams(1, 'lb')).toBe(454);
    expect(toGrams(2, 'oz')).toBe(57);
  });

  it('counts no weight as 0 grams', () => {
    expect(toGrams(null, 'kg')).toBe(0);
  });
});
