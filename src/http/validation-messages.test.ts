import { describe, expect, it } from 'vitest';
import { bracketName } from './validation-messages.js';

describe('bracketName', () => {
  it('turns JSON pointers into the spec bracket names', () => {
    expect(bracketName('/shipping/postcode')).toBe('shipping[postcode]');
    expect(bracketName('/rules/0/value')).toBe('rules[0][value]');
    expect(bracketName('', 'title')).toBe('title');
    expect(bracketName('/customer', 'email')).toBe('customer[email]');
  });
});
