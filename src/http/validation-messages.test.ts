import { describe, expect, it } from 'vitest';
import { bracketName, fieldError } from './validation-messages.js';

describe('bracketName', () => {
  it('turns JSON pointers into the spec bracket names', () => {
    expect(bracketName('/shipping/postcode')).toBe('shipping[postcode]');
    expect(bracketName('/rules/0/value')).toBe('rules[0][value]');
    expect(bracketName('', 'title')).toBe('title');
    expect(bracketName('/customer', 'email')).toBe('customer[email]');
  });
});

describe('fieldError', () => {
  it('says bounds and lengths in words, not in the validator\'s symbols', () => {
    const error = (keyword: string, limit: number) => fieldError({ keyword, instancePath: '/price', params: { limit } }, 'body');
    expect(error('minimum', 0)).toEqual({ field: 'price', code: 'out_of_range', message: 'must be at least 0' });
    expect(error('exclusiveMaximum', 10).message).toBe('must be less than 10');
    expect(error('maxLength', 255)).toEqual({ field: 'price', code: 'invalid_length', message: 'must be at most 255 characters long' });
    expect(error('maxItems', 3).message).toBe('must hold at most 3 items');
  });
});
