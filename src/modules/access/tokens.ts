import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefixes of the credentials of DESIGN.md §4, and of the customer email verification and password reset tokens. */
export type TokenPrefix = 'sk' | 'rk' | 'ck' | 'ctk' | 'cvt' | 'cpr' | 'utk' | 'uin';

/** A new secret: its prefix and 32 base62-ish characters from 192 random bits. */
export function generateToken(prefix: TokenPrefix): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`;
}

/**
 * Tokens carry 192 random bits, so a fast hash is enough to store them safely (a slow KDF protects
 * guessable passwords, not random keys).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Compares two hex hashes without leaking, through timing, how much of them matched. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
