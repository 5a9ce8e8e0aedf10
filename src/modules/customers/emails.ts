import { domainToASCII } from 'node:url';
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

/** Domains whose servers ignore dots in the local part, each with the domain its mailboxes are named by. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an email reaches, as a key for limits that aliases of one address must not reset (a
 * per-customer discount limit, the mail caps): Unicode NFKC (a full-width `ｖ` is `v`), lowercased,
 * the domain without its trailing dot and in ASCII (IDNA), the local part without its `+tag`, and, for
 * gmail.com and googlemail.com only, without dots and under gmail.com. Elsewhere a dot is kept, as
 * `first.last@` and `firstlast@` are often two people. Never an identity (accounts are keyed by
 * emailKey): it may join two mailboxes, which only makes a limit stricter. `mailboxKey(emailKey(x))`
 * is `mailboxKey(x)`, so a key stored by emailKey can be turned into this one.
 */
export function mailboxKey(email: string): string {
  // Lowercasing may leave a compatibility form (and NFKC may make a capital): normalise on both sides.
  const folded = email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  let local = folded.slice(0, at);
  const bare = folded.slice(at + 1).replace(/\.+$/, '');
  let domain = domainToASCII(bare) || bare;
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless !== undefined) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  // A dot or tag taken out may leave a letter and its combining mark apart: compose them again.
  return `${local.normalize('NFKC')}@${domain}`;
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
