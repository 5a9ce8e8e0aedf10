import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { signedUpCustomer } from '../../helpers/customers.js';
import { describeEachDatabase, type Client, type TestContext } from '../../helpers/test-app.js';

/** Every line the app's logger writes, as written (both databases' apps share it: tests find theirs by request id). */
const written: string[] = [];
const logger = { level: 'info', stream: { write: (line: string) => void written.push(line) } };

/** The lines of one request, parsed. */
function linesOf(requestId: string): Array<Record<string, unknown>> {
  return written.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId);
}

/** Sends a GET with its own request id; answers that id. */
async function get(client: Client, url: string, headers: Record<string, string> = {}): Promise<string> {
  const id = `log-${randomUUID()}`;
  await client.get(url, { headers: { 'x-request-id': id, ...headers } });
  return id;
}

async function productId(t: TestContext): Promise<string> {
  const product = await t.admin.post('/v1/products', { name: 'Logged', is_active: true });
  expect(product.status, product.text).toBe(201);
  return product.body.data.id;
}

describeEachDatabase('request log', (t) => {
  it('writes one JSON line per request: its id, method, route pattern, status, response time and credential kind', async () => {
    const id = await productId(t);
    const requestId = await get(t.admin, `/v1/products/${id}`);
    const lines = linesOf(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30, msg: 'request completed', reqId: requestId, method: 'GET', route: '/v1/products/:id', status: 200, credential: 'admin',
    });
    expect(typeof lines[0]!.response_time_ms).toBe('number');
    expect(lines[0]!.response_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('names the kind of each credential, and unknown paths as one route', async () => {
    const id = await productId(t);
    const key = await t.admin.post('/v1/api_keys', { name: 'Reader', read_only: true });
    const customer = await signedUpCustomer(t);
    const cases: Array<[Client, string, Record<string, unknown>]> = [
      [t.storefront, `/v1/products/${id}`, { credential: 'channel', status: 200 }],
      [customer.client, '/v1/customers/me', { credential: 'customer' }],
      [t.as({ authorization: `Bearer ${key.body.data.token}` }), '/v1/products', { credential: 'read_only', route: '/v1/products', status: 200 }],
      [t.anonymous, '/v1/products', { credential: 'none', status: 401 }],
      [t.anonymous, '/no/such/path/4f3a', { credential: 'none', route: 'unmatched', status: 404 }],
    ];
    for (const [client, url, expected] of cases) {
      const lines = linesOf(await get(client, url));
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatchObject(expected);
    }
    expect(written.join('')).not.toContain('4f3a');
  });

  it('leaves no key, token, cookie or query string in any line', async () => {
    const customer = await signedUpCustomer(t);
    const secretQuery = `token=qs_${randomUUID()}`;
    const cookie = `session=ck_${randomUUID()}`;
    const sent = [
      await get(t.admin, `/v1/products?${secretQuery}`, { cookie }),
      await get(t.admin, `/v1/orders?${secretQuery}`),
      await get(customer.client, `/v1/customers/me?${secretQuery}`, { cookie }),
      // Refused credentials too: an unknown key, a token sent without its channel.
      await get(t.as({ authorization: 'Bearer sk_unknown_key_f00d_f00d_f00d_f00d' }), '/v1/products'),
      await get(t.as({ authorization: `Bearer ${customer.token}` }), '/v1/customers/me'),
    ];
    for (const requestId of sent) expect(linesOf(requestId)).toHaveLength(1);
    const log = written.join('');
    for (const secret of [t.adminKey, t.channelKey, customer.token, secretQuery, cookie, 'sk_unknown_key_f00d', 'Bearer']) {
      expect(log, secret).not.toContain(secret);
    }
  });
}, { logger });
