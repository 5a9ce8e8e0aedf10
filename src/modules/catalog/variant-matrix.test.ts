import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../lib/problem.js';
import { checkOptionMatrix, combinationsOf, modifiersWith } from './variant-matrix.js';

describe('combinationsOf', () => {
  it('makes every combination, the first option varying slowest', () => {
    expect(combinationsOf({ size: ['S', 'M'], color: ['Red', 'Blue'] })).toEqual([
      { size: 'S', color: 'Red' }, { size: 'S', color: 'Blue' }, { size: 'M', color: 'Red' }, { size: 'M', color: 'Blue' },
    ]);
    expect(combinationsOf({ size: ['S'] })).toEqual([{ size: 'S' }]);
    expect(combinationsOf({})).toEqual([]);
  });
});

describe('checkOptionMatrix', () => {
  const problems = (options: Record<string, string[]>) => {
    const errors = new FieldErrors();
    checkOptionMatrix(options, errors);
    return errors.list.map((e) => [e.field, e.code]);
  };

  it('accepts up to 100 combinations and distinct values', () => {
    expect(problems({ a: Array.from({ length: 10 }, (_, i) => `${i}`), b: Array.from({ length: 10 }, (_, i) => `${i}`) })).toEqual([]);
  });

  it('names repeated values (case and edge spaces aside), blank ones, and too many combinations', () => {
    expect(problems({ size: ['S', ' s', 'M'], color: ['', 'Red'] })).toEqual([['options[size][1]', 'duplicate'], ['options[color][0]', 'blank']]);
    expect(problems({ a: Array.from({ length: 101 }, (_, i) => `${i}`) })).toEqual([['options', 'too_many_combinations']]);
  });
});

describe('modifiersWith', () => {
  it('appends the option names the modifiers lack, once', () => {
    expect(modifiersWith(['material', 'size'], { size: ['S'], color: ['Red'] })).toEqual(['material', 'size', 'color']);
  });
});
