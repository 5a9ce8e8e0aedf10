import { describe, expect, it } from 'vitest';
import { retryAfterMs, retryDelay } from './retry.js';

const answer = (status: number, retryAfter?: string) => new Response(null, { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-1', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('retryDelay', () => {
  it('retries no answer, 429 and 5xx, never an answer about the request', () => {
    expect(retryDelay(0, undefined, {}, () => 0)).toBe(250);
    for (const status of [429, 500, 502, 503, 504]) expect(retryDelay(0, answer(status), {}, () => 0), String(status)).toBe(250);
    for (const status of [200, 201, 204, 400, 401, 402, 404, 409, 422, 501]) expect(retryDelay(0, answer(status)), String(status)).toBeUndefined();
  });

  it('doubles the backoff, half of it random, up to maxDelayMs, and stops after the retries allowed', () => {
    const options = { retries: 5, minDelayMs: 100, maxDelayMs: 600 };
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry, undefined, options, () => 0))).toEqual([50, 100, 200, 300]);
    expect([0, 1, 2, 3].map((retry) => retryDelay(retry, undefined, options, () => 0.999_999))).toEqual([100, 200, 400, 600].map((ms) => expect.closeTo(ms, 3)));
    expect(retryDelay(5, undefined, options)).toBeUndefined();
    expect(retryDelay(2, undefined)).toBeUndefined();
    expect(retryDelay(0, undefined, { retries: 0 })).toBeUndefined();
  });

  it('waits as Retry-After asks, and gives the answer back when it asks for longer than maxDelayMs', () => {
    expect(retryDelay(0, answer(429, '2'), { maxDelayMs: 5000 })).toBe(2000);
    expect(retryDelay(1, answer(503, '0'))).toBe(0);
    expect(retryDelay(0, answer(429, '60'), { maxDelayMs: 5000 })).toBeUndefined();
    expect(retryDelay(0, answer(503, 'whenever'), { minDelayMs: 10 }, () => 0)).toBe(5);
  });
});
