import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../helpers/test-app.js';
import { unixNow } from '../../../src/lib/clock.js';
import { insertKey } from '../../../src/modules/access/api-keys.service.js';
import { expectProblem } from '../../helpers/expect.js';

/**
 * A fresh admin key written straight to the database: making it through the API would spend the
 * requests of the key that made it (the limit here is 3 a minute).
 */
async function freshAdmin(t: TestContext) {
  const { token } = await insertKey(t.db, unixNow(), 'admin', { name: 'rate limit test' });
  return t.as({ authorization: `Bearer ${token}` });
}

async function freshChannelKey(t: TestContext): Promise<string> {
  const { token } = await insertKey(t.db, unixNow(), 'channel', { channelId: t.channelId });
  return token;
}

describeEachDatabase('rate limit', (t) => {
  it('answers the 4th request in a minute from one admin key with 429 rate_limited and Retry-After', async () => {
    const admin = await freshAdmin(t);
    for (let i = 0; i < 3; i++) expect((await admin.get('/v1/store')).status).toBe(200);
    const limited = await admin.get('/v1/store');
    expectProblem(limited, 429, 'rate_limited');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(typeof limited.headers['x-request-id']).toBe('string');
    // Writes count against the same bucket and are refused without running.
    const write = await admin.post('/v1/channels', { name: 'over the limit' });
    expectProblem(write, 429, 'rate_limited');
    expect(await t.db.selectFrom('channels').select('id').where('name', '=', 'over the limit').execute()).toEqual([]);
  });

  it('keeps a bucket per admin key: another key still gets 200', async () => {
    const spent = await freshAdmin(t);
    for (let i = 0; i < 3; i++) await spent.get('/v1/store');
    expectProblem(await spent.get('/v1/store'), 429, 'rate_limited');
    const other = await freshAdmin(t);
    const res = await other.get('/v1/store');
    expect(res.status).toBe(200);
    expect(res.body.data.object).toBe('store');
  });

  it('limits channel-key requests per client IP', async () => {
    const [first, second] = [await freshChannelKey(t), await freshChannelKey(t)];
    const from = (remoteAddress: string, key: string) =>
      t.app.inject({ method: 'GET', url: '/v1/store', headers: { 'channel-key': key }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.10', first)).statusCode).toBe(200);
    // Another key from the same address shares the address's bucket.
    const limited = await from('203.0.113.10', second);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await from('203.0.113.11', first)).statusCode).toBe(200);
  });

  it('counts refused credentials against the client address, so made-up keys cannot be tried without limit', async () => {
    const remoteAddress = '192.0.2.44';
    const guess = (n: number) =>
      t.app.inject({ method: 'GET', url: '/v1/store', headers: { authorization: `Bearer sk_guess_${n}` }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await guess(i)).statusCode).toBe(401);
    const limited = await guess(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    // Anonymous requests from that address share the bucket.
    expect((await t.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress })).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/openapi.json', remoteAddress: '192.0.2.45' })).statusCode).toBe(200);
  });

  it('never limits /health or /ready, even for a caller over its limit', async () => {
    const admin = await freshAdmin(t);
    for (let i = 0; i < 3; i++) await admin.get('/v1/store');
    expectProblem(await admin.get('/v1/store'), 429, 'rate_limited');
    // Spend a client address's bucket with channel-key requests.
    const remoteAddress = '198.51.100.7';
    const headers = { 'channel-key': await freshChannelKey(t) };
    const store = () => t.app.inject({ method: 'GET', url: '/v1/store', headers, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await store()).statusCode).toBe(200);
    expect((await store()).statusCode).toBe(429);

    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/health', headers, remoteAddress })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/ready', remoteAddress })).statusCode).toBe(200);
      expect((await admin.get('/health')).status).toBe(200);
    }
  });
}, { rateLimit: 3 });
