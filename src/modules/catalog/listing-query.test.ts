import { describe, expect, it } from 'vitest';
import { optionValues } from './listing-query.js';

describe('optionValues', () => {
  it('reads one value as itself', () => {
    expect(optionValues('Red')).toEqual(['Red']);
  });

  it('reads comma-separated values as either of them, as a generated client writes a list in a deepObject', () => {
    expect(optionValues('Red,Blue')).toEqual(['Red,Blue', 'Red', 'Blue']);
    expect(optionValues('Red, Blue,')).toEqual(['Red, Blue,', 'Red', 'Blue']);
  });

  it('still matches a value that holds a comma itself, and takes a list as sent', () => {
    expect(optionValues('1,5 L')).toContain('1,5 L');
    expect(optionValues(['1,5 L', 'Red'])).toEqual(['1,5 L', 'Red']);
  });
});
