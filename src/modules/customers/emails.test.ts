import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FieldErrors } from '../../lib/problem.js';
import { checkEmail, emailKey, mailboxKey } from './emails.js';

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

describe('mailboxKey', () => {
  it('makes one key of the spellings of one gmail mailbox', () => {
    for (const alias of ['victim@gmail.com', 'Victim@Gmail.com', 'victim+1@gmail.com', 'v.ic.tim@gmail.com', 'victim@googlemail.com',
      'victim@gmail.com.', '\uff56ictim@gmail.com', 'V.ICTIM+deals@GOOGLEMAIL.COM.', ' victim@gmail.com ', 'victim@\uff47mail.com']) {
      expect(mailboxKey(alias), alias).toBe('victim@gmail.com');
    }
  });

  it('drops the +tag, the case and the trailing dot on any domain, and keeps its dots', () => {
    expect(mailboxKey('Ada.Lovelace+shop@Example.com.')).toBe('ada.lovelace@example.com');
    expect(mailboxKey('ada.lovelace@example.com')).not.toBe(mailboxKey('adalovelace@example.com'));
  });

  it('keeps a local part that is only a tag, and writes an international domain in ASCII', () => {
    expect(mailboxKey('+news@example.com')).toBe('+news@example.com');
    expect(mailboxKey('ada@ex\u00e4mple.com')).toBe('ada@xn--exmple-cua.com');
    expect(mailboxKey('ada@EXA\u0308MPLE.com')).toBe('ada@xn--exmple-cua.com');
  });

  it('is the same key from an email or from its emailKey, and a key of itself', () => {
    const local = fc.stringMatching(/^[a-zA-Z0-9.+\u00c0-\u024f\uff21-\uff5a\u0130\u1d2c\u2160\u0301]{1,12}$/);
    const domain = fc.constantFrom('gmail.com', 'googlemail.com', 'Example.COM.', 'ex\u00e4mple.com', '\uff47mail.com');
    fc.assert(fc.property(local, domain, (name, host) => {
      const email = `${name}@${host}`;
      expect(mailboxKey(emailKey(email))).toBe(mailboxKey(email));
      expect(mailboxKey(mailboxKey(email))).toBe(mailboxKey(email));
    }), { numRuns: 1000 });
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
