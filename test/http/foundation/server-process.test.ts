import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../../src/db/database.js';
import { freshDatabaseUrl, testDatabases } from '../../helpers/test-app.js';
import { channelCaller, startServer, stop } from '../../helpers/server-process.js';

function databaseUrl(kind: DatabaseKind, folder: string): Promise<string> {
  return freshDatabaseUrl(kind, `sqlite:${join(folder, `store-${randomBytes(4).toString('hex')}.db`)}`);
}

/** The demo store sells end to end: a cart, a checkout to a US address, its methods, a test card. */
async function buyFromTheDemoStore(base: string, channelKey: string): Promise<void> {
  const call = channelCaller(base, channelKey);
  const skus = await call('GET', '/v1/skus?listable=true&sort_by=price-ascending');
  const sku = skus.body.data.find((s: { in_stock: number | null }) => (s.in_stock ?? 0) > 0);
  const cart = await call('POST', '/v1/carts', { items: { [sku.id]: 1 } });
  expect(cart.status).toBe(201);
  const address = { first_name: 'Ada', last_name: 'Lovelace', address1: '1 Main St', city: 'Albany', postcode: '12207', country_code: 'US', state_code: 'NY', phone: '+1 518 555 0100' };
  const checkout = await call('POST', `/v1/carts/${cart.body.data.id}/checkout`, { customer: { email: 'ada@example.com' }, shipping: address });
  expect(checkout.status).toBe(200);
  const gateway = checkout.body.meta.payment_gateways.find((g: { source: string }) => g.source === 'test');
  const methods = await call('POST', `/v1/checkouts/${checkout.body.data.id}/methods`, {
    shipping: { method: checkout.body.meta.shipping_methods[0].id },
    payment: { gateway: gateway.id },
  });
  expect(methods.status).toBe(200);
  const paid = await call('POST', `/v1/checkouts/${checkout.body.data.id}/payment`, { payment: { method: 'card', card_number: '4242424242424242' } });
  expect(paid.status).toBe(200);
  expect(paid.body.data).toMatchObject({ status: 'placed', financial_status: 'paid', number: '#1001' });
}

/**
 * The built server's two threads start from the bundle (src/server-root.ts names their entry points):
 * a sign-up's password is judged in one, a mail template renders in the other.
 */
async function useTheThreads(base: string, adminKey: string, channelKey: string): Promise<void> {
  const call = channelCaller(base, channelKey);
  const weak = await call('POST', '/v1/customers', { email: 'weak@example.com', password: 'password123' });
  expect(weak.status).toBe(422);
  expect(weak.body.errors).toEqual([expect.objectContaining({ field: 'password' })]);
  const strong = await call('POST', '/v1/customers', { email: 'grace@example.com', password: 'violet-harbour-quince-1906' });
  expect(strong.status).toBe(201);
  const preview = await fetch(`${base}/v1/notification_templates/order_confirmation/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subject: 'Order {{ order.number }} at {{ store.name }}' }),
  });
  expect(preview.status).toBe(200);
  expect(((await preview.json()) as { data: { subject: string } }).data.subject).toMatch(/^Order \d+ at \S/);
}

for (const kind of testDatabases()) {
  describe(`storefront serve [${kind}]`, () => {
    const folder = mkdtempSync(join(tmpdir(), 'storefront-serve-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('creates the store with the keys from the environment and the demo catalogue, then stops on SIGTERM', async () => {
      const adminKey = `sk_${randomBytes(16).toString('hex')}`;
      const channelKey = `ck_${randomBytes(16).toString('hex')}`;
      const url = await databaseUrl(kind, folder);
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_ADMIN_KEY: adminKey, STOREFRONT_CHANNEL_KEY: channelKey });
      try {
        expect(server.output()).toContain('A new store was created');
        expect(server.output()).not.toContain(adminKey);
        // The first start says it made a demo store, with what, and how to start empty instead.
        expect(server.output()).toContain(
          'A demo store was made: 8 products in 3 categories and 2 collections, 2 shipping zones, the manual and test '
          + 'payment gateways (test card 4242 4242 4242 4242), and shop@demo.storefront.test as the email its mails come from.',
        );
        const file = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : undefined;
        expect(server.output()).toContain(file
          ? `To start with an empty store instead: stop the server, delete ${file} and start it with STOREFRONT_DEMO=0.`
          : 'To start with an empty store instead: stop the server, point DATABASE_URL at an empty database (or empty this one) and start it with STOREFRONT_DEMO=0.');
        const store = await fetch(`${server.base}/v1/store`, { headers: { 'channel-key': channelKey } });
        expect(((await store.json()) as { data: { email: string } }).data.email).toBe('shop@demo.storefront.test');
        const products = await fetch(`${server.base}/v1/products`, { headers: { authorization: `Bearer ${adminKey}` } });
        expect(products.status).toBe(200);
        const body = (await products.json()) as { data: Array<{ skus: unknown[] }>; meta: { pagination: { total_items: number } } };
        expect(body.meta.pagination.total_items).toBeGreaterThanOrEqual(5);
        const collections = await fetch(`${server.base}/v1/collections`, { headers: { 'channel-key': channelKey } });
        expect(collections.status).toBe(200);
        expect(((await collections.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(2);
        expect((await fetch(`${server.base}/ready`)).status).toBe(200);
        await buyFromTheDemoStore(server.base, channelKey);
        await useTheThreads(server.base, adminKey, channelKey);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
      await expect(fetch(`${server.base}/health`)).rejects.toThrow();

      // A second start on the same database keeps the store and prints no new keys.
      const again = await startServer({ DATABASE_URL: url });
      try {
        expect(again.output()).not.toContain('A new store was created');
        expect(again.output()).not.toContain('A demo store was made');
        const store = await fetch(`${again.base}/v1/store`, { headers: { authorization: `Bearer ${adminKey}` } });
        expect(store.status).toBe(200);
      } finally {
        expect(await stop(again.child)).toBe(0);
      }
    }, 90_000);

    it('serves the shop at / with a channel key of its own, showing the demo store', async () => {
      const url = await databaseUrl(kind, folder);
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_SHOP: '1', STOREFRONT_ADMIN_KEY: '', STOREFRONT_CHANNEL_KEY: '' });
      try {
        expect(server.output()).toContain(`Shop:        ${server.base}/`);
        expect(server.output()).toContain(`Dashboard:   ${server.base}/admin   (sign in as a user, or with the admin key)`);
        const home = await fetch(`${server.base}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('Classic T-Shirt');
        const product = await fetch(`${server.base}/products/classic-t-shirt`);
        expect(await product.text()).toContain('Add to cart · $19.00');
        // The API's paths stay the API's.
        expect((await fetch(`${server.base}/v1/nothing`)).headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
        const adminKey = /Admin key:\s+(sk_\S+)/.exec(server.output())![1]!;
        const keys = await fetch(`${server.base}/v1/channels`, { headers: { authorization: `Bearer ${adminKey}` } });
        const channel = ((await keys.json()) as { data: Array<{ keys: Array<{ last_used_at: number | null }> }> }).data[0]!;
        // The first start's key, and the shop's, which its pages used.
        expect(channel.keys).toHaveLength(2);
        expect(channel.keys.some((key) => key.last_used_at !== null)).toBe(true);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    }, 90_000);

    it('makes the owner from STOREFRONT_OWNER_EMAIL and STOREFRONT_OWNER_PASSWORD on a store without users', async () => {
      const url = await databaseUrl(kind, folder);
      const owner = { STOREFRONT_OWNER_EMAIL: 'boss@example.com', STOREFRONT_OWNER_PASSWORD: 'correct horse battery staple 42' };
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_DEMO: '0', ...owner });
      try {
        expect(server.output()).toContain('Owner:       boss@example.com   (from STOREFRONT_OWNER_EMAIL');
        const signIn = await fetch(`${server.base}/v1/users/token`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'boss@example.com', password: owner.STOREFRONT_OWNER_PASSWORD }),
        });
        expect(signIn.status).toBe(201);
        const { data } = (await signIn.json()) as { data: { token: string; role: string } };
        expect(data.role).toBe('owner');
        const users = await fetch(`${server.base}/v1/users`, { headers: { authorization: `Bearer ${data.token}` } });
        expect(((await users.json()) as { data: unknown[] }).data).toHaveLength(1);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    }, 90_000);

    it('prints random keys once and leaves the store empty with STOREFRONT_DEMO=0', async () => {
      const url = await databaseUrl(kind, folder);
      const server = await startServer({ DATABASE_URL: url, STOREFRONT_DEMO: '0', STOREFRONT_ADMIN_KEY: '', STOREFRONT_CHANNEL_KEY: '' });
      try {
        const adminKey = /Admin key:\s+(sk_\S+)/.exec(server.output())?.[1];
        const channelKey = /Channel key:\s+(ck_\S+)/.exec(server.output())?.[1];
        expect(adminKey).toBeDefined();
        expect(channelKey).toBeDefined();
        expect(server.output()).not.toContain('A demo store was made');
        expect(server.output()).toContain('Owner:       none yet: make yours with `npx storefront users create --email you@example.com --role owner`');
        expect(server.output()).toContain('The store is empty (STOREFRONT_DEMO=0): add a catalogue through the API or the dashboard, or the demo one with `storefront seed --demo`.');
        const products = await fetch(`${server.base}/v1/products`, { headers: { authorization: `Bearer ${adminKey}` } });
        expect(((await products.json()) as { data: unknown[] }).data).toEqual([]);
        const skus = await fetch(`${server.base}/v1/skus`, { headers: { 'channel-key': channelKey! } });
        expect(skus.status).toBe(200);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    }, 90_000);
  });
}
