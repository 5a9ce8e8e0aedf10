import { randomInt } from 'node:crypto';
import { hashToken } from '../access/tokens.js';

// Letters and digits a person reads off a card without confusing them (no 0/O, 1/I/L).
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

/** A code staff choose: letters and digits, with spaces and dashes between groups. */
export const GIFT_CARD_CODE_PATTERN = '^[A-Za-z0-9 -]+$';

/** A new code: 16 characters (about 79 random bits) in groups of four, `ABCD-EFGH-JKMN-PQRS`. */
export function generateGiftCardCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return [0, 4, 8, 12].map((at) => chars.slice(at, at + 4).join('')).join('-');
}

/** A code as it is compared: upper case, without the spaces and dashes people type between groups. */
export function normalizeGiftCardCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** What the table keeps to find a card by its code (the code itself is never stored). */
export function giftCardCodeHash(code: string): string {
  return hashToken(normalizeGiftCardCode(code));
}

/** The last four characters of a code, as reads show it. */
export function lastFourOf(code: string): string {
  return normalizeGiftCardCode(code).slice(-4);
}
