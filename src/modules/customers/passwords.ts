import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** scrypt at N=2^15, r=8: 32 MiB and about 120 ms of a core a hash, so guesses cost memory and time. */
export const PASSWORD_HASH_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
let cost = PASSWORD_HASH_COST;
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, base64 parts: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

// Made once per process at start, so the first unknown email costs what any sign-in costs.
let decoy = hashPassword(randomBytes(16).toString('hex'));

/**
 * Makes new hashes (and the decoy) at scrypt's `N` instead of 2^15, and answers the `N` used until
 * now. Only the test suite calls it (test/helpers/test-app.ts), as Rails and Devise lower bcrypt's
 * cost in their test environments: its thousands of sign-ups and sign-ins would each take 120 ms of a
 * core, and what they prove (which password matches, how sign-in is throttled) does not depend on
 * the cost. No setting of the server reaches it; a stored hash names its own cost, so either verifies.
 */
export function hashNewPasswordsAtCost(N: number): number {
  const before = cost.N;
  cost = { ...cost, N };
  decoy = hashPassword(randomBytes(16).toString('hex'));
  return before;
}

/**
 * Whether `password` matches `stored`. With no stored hash (unknown email, guest customer) it still
 * derives a key against a decoy, so a caller cannot tell the cases apart by the time the answer takes.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? (await decoy)).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
}
