import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashNewPasswordsAtCost, hashPassword, PASSWORD_HASH_COST, verifyPassword } from './passwords.js';

describe('passwords', () => {
  // The suite's HTTP tests hash at a lower cost (test/helpers/test-app.ts): these check the server's own.
  let suiteCost: number;
  beforeAll(() => {
    suiteCost = hashNewPasswordsAtCost(PASSWORD_HASH_COST.N);
  });
  afterAll(() => {
    hashNewPasswordsAtCost(suiteCost);
  });

  it('verifies the password a hash was made from, and no other', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('verifies a hash made at another cost, which the hash names', async () => {
    hashNewPasswordsAtCost(2 ** 10);
    const cheaper = await hashPassword('correct horse');
    hashNewPasswordsAtCost(PASSWORD_HASH_COST.N);
    expect(cheaper).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse', cheaper)).toBe(true);
    expect(await verifyPassword('correct horsE', cheaper)).toBe(false);
    expect(await hashPassword('correct horse')).toMatch(/^scrypt\$32768\$8\$1\$/);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses when there is no stored hash', async () => {
    expect(await verifyPassword('anything', null)).toBe(false);
  });
});
