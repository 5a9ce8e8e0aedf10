import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../lib/problem.js';
import { checkEmail, emailKey } from './emails.js';

function codeOf(email: string | undefined): string | undefined {
  const errors = new FieldErrors();
  checkEmail(email, 'email', errors);
  return errors.list[0]?.code;
}

describe('emailKey', () => {
  it('makes one key of an email typed composed or decomposed, in any case, with spaces around', () => {
    expect(emailKey(' Caf\u00e9@Example.com ')).toBe('caf\u00e9@example.com');
    expect(emailKey('CAFE\u0301@example.com')).toBe('caf\u00e9@example.com');
  });

  it('keeps ß apart from ss (simple lowercasing, not full case folding)', () => {
    expect(emailKey('Stra\u00dfe@example.com')).not.toBe(emailKey('strasse@example.com'));
  });
});

describe('checkEmail', () => {
  it('passes an address with one @ and text on both sides', () => {
    expect(codeOf('ada@example.com')).toBeUndefined();
    expect(codeOf('caf\u00e9@example.com')).toBeUndefined();
  });

  it('refuses a missing, malformed or whitespace-holding address', () => {
    expect(codeOf(undefined)).toBe('required');
    expect(codeOf('   ')).toBe('required');
    expect(codeOf('no-at-sign')).toBe('invalid_format');
    expect(codeOf('two words@example.com')).toBe('invalid_format');
  });

  it('refuses control and invisible format characters', () => {
    for (const hidden of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e', '\u00ad', '\u0007', '\u007f']) {
      expect(codeOf(`a${hidden}b@example.com`)).toBe('invalid_format');
    }
  });
});
