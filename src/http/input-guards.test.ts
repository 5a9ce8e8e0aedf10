import { describe, expect, it } from 'vitest';
import { findField, nestsDeeperThan } from './input-guards.js';

const hasNul = (leaf: unknown) => typeof leaf === 'string' && leaf.includes('\u0000');

describe('findField', () => {
  it('names the first value or key at fault by its bracket name, in document order', () => {
    expect(findField({ a: 'ok', b: { c: ['x', 'y\u0000'] }, d: '\u0000' }, hasNul)).toBe('b[c][1]');
    expect(findField({ a: { 'k\u0000': 1 } }, hasNul)).toBe('a[k\u0000]');
    expect(findField('\u0000', hasNul)).toBe('');
    expect(findField({ a: [], b: {}, c: null, d: Buffer.from('\u0000') }, hasNul)).toBeNull();
  });

  it('walks a value nested far deeper than the call stack would allow', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findField(deep, hasNul)).toBe(`0${'[0]'.repeat(99_999)}`);
  });
});

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[["}', 2)).toBe(false);
  });
});
