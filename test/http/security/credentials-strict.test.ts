import { expect, it } from 'vitest';
import { placedOrder } from '../../helpers/checkout.js';
import { expectProblem, uniqueWord } from '../../helpers/expect.js';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';

// ---------------------------------------------------------------------------------------------
// Authorization: exactly `Bearer <token>`.

describeEachDatabase('the Authorization header', (t) => {
  const withAuthorization = (value: string) => t.as({ authorization: value }).get('/v1/api_keys');

  it('refuses anything but "Bearer <token>": trailing words, doubled or odd spaces, other schemes, no token', async () => {
    for (const value of [
      `Bearer ${t.adminKey} extra`,
      `Bearer ${t.adminKey} ${t.adminKey}`,
      `Bearer ${t.adminKey},Bearer sk_other`,
      `Bearer  ${t.adminKey}`,
      `Bearer\t${t.adminKey}`,
      `Bearer:${t.adminKey}`,
      `${t.adminKey}`,
      `Basic ${Buffer.from(`${t.adminKey}:`).toString('base64')}`,
      'Bearer',
      'Bearer ',
      '',
    ]) {
      const res = await withAuthorization(value);
      expectProblem(res, 401, 'unauthorized');
    }
  });

  it('refuses a customer token followed by other words', async () => {
    const email = `${uniqueWord()}@example.com`;
    const password = `Quiet-${uniqueWord()}-harbour-${uniqueWord()}`;
    expect((await t.storefront.post('/v1/customers', { email, password })).status).toBe(201);
    const signIn = await t.storefront.post('/v1/customers/token', { email, password });
    expect(signIn.status, signIn.text).toBe(200);
    const { id, token } = signIn.body.data as { id: string; token: string };
    const asCustomer = (authorization: string) => t.as({ authorization, 'channel-key': t.channelKey }).get(`/v1/customers/${id}`);

    expectProblem(await asCustomer(`Bearer ${token} ${t.adminKey}`), 401, 'unauthorized');
    expect((await asCustomer(`bearer ${token}`)).status).toBe(200);
  });

  it('takes the scheme in any case (RFC 7235: schemes are case-insensitive)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      expect((await withAuthorization(`${scheme} ${t.adminKey}`)).status, scheme).toBe(200);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The client's address: request.ip, behind a proxy only when STOREFRONT_TRUST_PROXY says so.

/** Anonymous-class requests (a channel key) from a client that claims this forwarded address. */
function fromForwarded(t: TestContext, forwardedFor: string) {
  return t.as({ 'channel-key': t.channelKey, 'x-forwarded-for': forwardedFor });
}

/** GETs the catalogue until the rate limit answers; returns the statuses. */
async function statuses(t: TestContext, forwardedFor: string, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) answers.push((await fromForwarded(t, forwardedFor).get('/v1/products')).status);
  return answers;
}

/** The buyer address an order placed through a client claiming this forwarded address records. */
async function browserIpOfOrderPlacedVia(t: TestContext, forwardedFor: string): Promise<{ shown: unknown; stored: unknown }> {
  const { order } = await placedOrder(t, { client: fromForwarded(t, forwardedFor) });
  const shown = (await t.admin.get(`/v1/orders/${order.id}`)).body.data.browser_ip;
  const stored = (await t.db.selectFrom('orders').select('browser_ip').where('id', '=', order.id).executeTakeFirstOrThrow()).browser_ip;
  return { shown, stored };
}

// light-my-request connects every injected request from 127.0.0.1: the proxy, when one is trusted.
const SOCKET = '127.0.0.1';

describeEachDatabase('without STOREFRONT_TRUST_PROXY, X-Forwarded-For', (t) => {
  it('does not choose the order\'s browser_ip: the socket\'s address does', async () => {
    expect(await browserIpOfOrderPlacedVia(t, '198.51.100.20')).toEqual({ shown: SOCKET, stored: SOCKET });
  });
});

describeEachDatabase('without STOREFRONT_TRUST_PROXY, rate limits', (t) => {
  it('count by the socket\'s address: a new X-Forwarded-For does not buy a new budget', async () => {
    expect(await statuses(t, '198.51.100.1', 3)).toEqual([200, 200, 200]);
    const spoofed = await fromForwarded(t, '198.51.100.2').get('/v1/products');
    expectProblem(spoofed, 429, 'rate_limited');
  });
}, { rateLimit: 3 });

describeEachDatabase('behind a trusted proxy (STOREFRONT_TRUST_PROXY=127.0.0.1)', (t) => {
  it('records the forwarded client as the order\'s browser_ip', async () => {
    expect(await browserIpOfOrderPlacedVia(t, '198.51.100.20')).toEqual({ shown: '198.51.100.20', stored: '198.51.100.20' });
  });

  it('takes the address the proxy saw, not one the client wrote in front of it', async () => {
    // The client sent `X-Forwarded-For: 6.6.6.6`; the trusted proxy appended the address it saw.
    expect(await browserIpOfOrderPlacedVia(t, '6.6.6.6, 198.51.100.21')).toEqual({ shown: '198.51.100.21', stored: '198.51.100.21' });
  });
}, { trustProxy: ['127.0.0.1'] });

describeEachDatabase('behind a trusted proxy, rate limits', (t) => {
  it('give each forwarded client its own budget', async () => {
    expect(await statuses(t, '198.51.100.1', 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(t, '198.51.100.2', 3)).toEqual([200, 200, 200]);
    expectProblem(await fromForwarded(t, '198.51.100.1').get('/v1/products'), 429, 'rate_limited');
  });
}, { rateLimit: 3, trustProxy: ['127.0.0.1'] });

describeEachDatabase('behind proxies named by CIDR (STOREFRONT_TRUST_PROXY=127.0.0.0/8)', (t) => {
  it('gives each forwarded client its own budget, counted as the address the proxy saw', async () => {
    expect(await statuses(t, '198.51.100.3', 4)).toEqual([200, 200, 200, 429]);
    expect(await statuses(t, '6.6.6.6, 198.51.100.4', 3)).toEqual([200, 200, 200]);
    // A client writing the exhausted address first is still counted as the one the proxy saw.
    expect(await statuses(t, '198.51.100.3, 198.51.100.5', 3)).toEqual([200, 200, 200]);
  });
}, { rateLimit: 3, trustProxy: ['127.0.0.0/8'] });
