import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../src/db/database.js';
import { deliverDue } from '../../../src/modules/webhooks/delivery.js';
import { expectInvalid, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

/**
 * Hosts that reach this machine or its network, each spelled so that a filter reading only the
 * familiar forms lets it through. The URL parser normalises some (`[::127.0.0.1]` → `[::7f00:1]`);
 * the server must judge the address they all decode to.
 */
const SPELLINGS: Record<string, string> = {
  'IPv4-compatible loopback': '[::127.0.0.1]',
  'IPv4-mapped loopback': '[::ffff:127.0.0.1]',
  'IPv4-mapped cloud metadata': '[::ffff:169.254.169.254]',
  'IPv4-translated loopback': '[::ffff:0:127.0.0.1]',
  'NAT64 of loopback': '[64:ff9b::127.0.0.1]',
  'NAT64 of a private address': '[64:ff9b::10.0.0.1]',
  'local-use NAT64': '[64:ff9b:1::a00:1]',
  '6to4 of loopback': '[2002:7f00:1::]',
  '6to4 of a private address': '[2002:c0a8:101::1]',
  'Teredo of loopback': '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
  'site-local': '[fec0::1]',
  'unique-local': '[fd00::1]',
  'IPv6 link-local': '[fe80::1]',
  'IPv6 multicast': '[ff02::1]',
  'IPv6 unspecified': '[::]',
  'IPv6 loopback': '[::1]',
  'carrier-grade NAT': '100.64.0.1',
  'this network': '0.1.2.3',
  'broadcast': '255.255.255.255',
  'benchmarking': '198.18.0.1',
  'reserved': '240.0.0.1',
  'loopback as a decimal number': '2130706433',
  'loopback in hexadecimal': '0x7f.1',
  'loopback in octal': '017700000001',
};

/** A receiver on loopback that records every request it gets. */
async function startReceiver(): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.statusCode = 204;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function productCreated(t: TestContext): Promise<string> {
  const res = await t.admin.post('/v1/products', { name: `Hooked ${uniqueWord()}` });
  expect(res.status, res.text).toBe(201);
  const event = await t.db.selectFrom('events').select('id').where('related_id', '=', res.body.data.id).where('kind', '=', 'product.created').executeTakeFirstOrThrow();
  return event.id;
}

describeEachDatabase('webhook URLs that reach this machine in any spelling', (t) => {
  afterEach(async () => {
    await t.db.deleteFrom('webhooks').execute();
  });

  for (const [kind, host] of Object.entries(SPELLINGS)) {
    it(`refuses ${kind} (${host}) at creation and at update`, async () => {
      expectInvalid(await t.admin.post('/v1/webhooks', { url: `http://${host}:8080/hook` }), 'url');
      const created = await t.admin.post('/v1/webhooks', { url: 'http://93.184.216.34/hook' });
      expect(created.status, created.text).toBe(201);
      expectInvalid(await t.admin.post(`/v1/webhooks/${created.body.data.id}`, { url: `https://${host}/hook` }), 'url');
      expect((await t.db.selectFrom('webhooks').select('url').execute()).map((w) => w.url)).toEqual(['http://93.184.216.34/hook']);
    });
  }

  it('accepts public IPv6 addresses, NAT64 and 6to4 forms of public IPv4 included', async () => {
    for (const host of ['[2606:4700:4700::1111]', '[64:ff9b::5db8:d822]', '[2002:5db8:d822::1]']) {
      const res = await t.admin.post('/v1/webhooks', { url: `https://${host}/hook` });
      expect(res.status, `${host}: ${res.text}`).toBe(201);
    }
  });

  it('connects only to addresses its own lookup checked: a name answering public then loopback never reaches the loopback receiver', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await t.admin.post('/v1/webhooks', { url: 'http://93.184.216.34/hook' });
      expect(hook.status, hook.text).toBe(201);
      // The name passed its check at registration; its name server now answers a public address
      // first and the loopback receiver second, hoping the connection falls back to the second.
      await t.db.updateTable('webhooks').set({ url: `http://hooks.rebind.test:${receiver.port}/hook` }).where('id', '=', hook.body.data.id).execute();
      const eventId = await productCreated(t);
      const questions: string[] = [];
      const resolve = async (hostname: string) => {
        questions.push(hostname);
        return ['93.184.216.34', '127.0.0.1'];
      };

      await deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, { retryBaseMs: 20, allowPrivate: false, timeoutMs: 2000, batchSize: 50, resolve });

      expect(receiver.hits).toEqual([]);
      // One resolution, made by the connection itself: nothing resolves the name a second time.
      expect(questions).toEqual(['hooks.rebind.test']);
      const attempts = await t.db.selectFrom('webhook_attempts').selectAll().where('event_id', '=', eventId).execute();
      expect(attempts).toMatchObject([{ status_code: null, succeeded: 0 }]);
      expect(attempts[0]!.error).toMatch(/private|loopback/);
    } finally {
      await receiver.close();
    }
  });

  it('refuses at delivery a name that now answers only loopback, without connecting', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await t.admin.post('/v1/webhooks', { url: 'http://93.184.216.34/hook' });
      await t.db.updateTable('webhooks').set({ url: `http://hooks.rebind.test:${receiver.port}/hook` }).where('id', '=', hook.body.data.id).execute();
      const eventId = await productCreated(t);

      await deliverDue({ db: t.db, kind: t.kind } as DatabaseHandle, { retryBaseMs: 20, allowPrivate: false, timeoutMs: 2000, batchSize: 50, resolve: async () => ['::ffff:0:7f00:1'] });

      expect(receiver.hits).toEqual([]);
      const attempts = await t.db.selectFrom('webhook_attempts').selectAll().where('event_id', '=', eventId).execute();
      expect(attempts[0]!.error).toMatch(/private|loopback/);
    } finally {
      await receiver.close();
    }
  });
}, { webhooksAllowPrivate: false });
