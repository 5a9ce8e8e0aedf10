import { describe, expect, it } from 'vitest';
import { fromGrams, toGrams } from './weight.js';

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

describe('fromGrams', () => {
  it('gives a weight in the unit that converts back to the same grams', () => {
    expect(fromGrams(1500, 'kg')).toBe(1.5);
    expect(fromGrams(68, 'oz')).toBe(2.399);
    for (const unit of ['kg', 'gr', 'lb', 'oz'] as const) {
      for (const grams of [0, 1, 68, 235, 410, 99_999]) expect(toGrams(fromGrams(grams, unit), unit)).toBe(grams);
    }
  });
});
