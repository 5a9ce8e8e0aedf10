import { v4 } from 'uuid';

/**
 * The typed client gives each POST an Idempotency-Key from `crypto.randomUUID()`, which browsers
 * offer only to secure contexts (https, localhost): the dashboard of a shop opened over plain http at
 * its own host name would fail every write. There, the same random UUID comes from `uuid`, which
 * draws on `crypto.getRandomValues` (offered everywhere).
 */
export function provideRandomUUID(): void {
  if (typeof globalThis.crypto.randomUUID === 'function') return;
  // With options, v4 draws its own random bytes rather than calling crypto.randomUUID (this very function).
  Object.defineProperty(globalThis.crypto, 'randomUUID', { value: () => v4({}), configurable: true });
}
