import { describe, expect, it } from 'vitest';
import { generateGiftCardCode, giftCardCodeHash, lastFourOf, normalizeGiftCardCode } from './gift-card-codes.js';

describe('gift card codes', () => {
  it('generates grouped codes of unambiguous characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, generateGiftCardCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
  });

  it('compares codes without case, spaces or dashes', () => {
    expect(normalizeGiftCardCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(giftCardCodeHash('abcd-efgh')).toBe(giftCardCodeHash('ABCDEFGH'));
    expect(giftCardCodeHash('ABCDEFGH')).not.toBe(giftCardCodeHash('ABCDEFGJ'));
    expect(lastFourOf('abcd-efgh-jkmn-pqrs')).toBe('PQRS');
  });
});
