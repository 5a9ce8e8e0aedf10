import { beforeAll } from 'vitest';
import { createClient, type ChannelClient, type RetryOptions, type StorefrontClient } from '../../src/client/index.js';
import { describeEachDatabase, type TestAppOptions, type TestContext } from './test-app.js';

/** Retries as by default, but with a backoff of about a millisecond, so a retry costs the test nothing. */
export const QUICK_RETRIES: RetryOptions = { retries: 2, minDelayMs: 1, maxDelayMs: 1000 };

export interface TypedClients {
  /** The listening server's address. */
  baseUrl: string;
  /** The typed client with the admin key. */
  admin: StorefrontClient;
  /** The typed client with the channel key. */
  storefront: ChannelClient;
}

/**
 * `describeEachDatabase` with the app listening on a free port of 127.0.0.1, and typed clients of
 * `storefront/client` talking to it over real HTTP.
 */
export function describeEachDatabaseWithClients(name: string, body: (t: TestContext, clients: TypedClients) => void, options: TestAppOptions = {}): void {
  describeEachDatabase(name, (t) => {
    const clients = {} as TypedClients;
    beforeAll(async () => {
      // Closing the test app (after the tests) closes the server too.
      const baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
      Object.assign(clients, {
        baseUrl,
        admin: createClient({ baseUrl, adminKey: t.adminKey, retry: QUICK_RETRIES }),
        storefront: createClient({ baseUrl, channelKey: t.channelKey, retry: QUICK_RETRIES }),
      });
    });
    body(t, clients);
  }, options);
}
