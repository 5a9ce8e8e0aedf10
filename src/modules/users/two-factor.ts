import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { hashToken } from '../access/tokens.js';

/** RFC 6238 as authenticator apps read it by default: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** Steps either side of now a code is taken for: a phone's clock a little off still signs in. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new shared secret: 160 random bits, base32 as apps take it typed. */
export function newTwoFactorSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address a QR code carries to an authenticator app. */
export function otpauthUrl(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** Six digits, as a person types them (spaces allowed). */
export function isOtpShaped(value: string): boolean {
  return /^\d{6}$/.test(value.replace(/\s+/g, ''));
}

/**
 * The time step a code is good for at `now` (Unix seconds), or null when it is good for none. The
 * caller accepts each step once (users.repo claimOtpStep): a code seen, even by a bystander, is spent.
 */
export function otpStep(secret: string, code: string, now: number): number | null {
  const delta = totp(secret).validate({ token: code.replace(/\s+/g, ''), timestamp: now * 1000, window: WINDOW });
  return delta === null ? null : Math.floor(now / PERIOD_SECONDS) + delta;
}

/** Ten recovery codes, `xxxxx-xxxxx` of 50 random bits each, shown once and stored as hashes. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** How a recovery code is stored and looked up: its hash, whatever its case or spacing. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.toLowerCase().replace(/[\s-]+/g, ''));
}
