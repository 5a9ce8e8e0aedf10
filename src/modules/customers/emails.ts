import type { FieldErrors } from '../../lib/problem.js';

/** Control and format characters (zero-width spaces and joiners, bidi overrides, soft hyphens, BOM). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const SHAPE = /^[^\s@]+@[^\s@]+$/;

/**
 * The key an email is compared and stored by: trimmed, Unicode NFC, lowercased. NFC makes `café`
 * typed with a precomposed é and with e + combining accent one key. Lowercasing is the simple
 * mapping (ß stays ß): full case folding would also merge `strasse@` and `straße@`, which mail
 * servers may deliver to different mailboxes.
 */
export function emailKey(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The email as stored for display: trimmed and in NFC, its case as typed. */
export function normalizedEmail(email: string): string {
  return email.trim().normalize('NFC');
}

/**
 * Checks an email sent as `field`: required, one `@` with text on both sides and no whitespace, and
 * no control or format character (invisible ones would let two different-looking keys read alike).
 * Adds `required` or `invalid_format` to `errors`; answers whether it passed.
 */
export function checkEmail(email: string | undefined, field: string, errors: FieldErrors): boolean {
  const trimmed = email?.trim() ?? '';
  if (trimmed === '') errors.add(field, 'required', 'is required');
  else if (INVISIBLE.test(trimmed)) errors.add(field, 'invalid_format', 'must not contain control or invisible characters');
  else if (!SHAPE.test(trimmed)) errors.add(field, 'invalid_format', 'is not an email address');
  else return true;
  return false;
}
