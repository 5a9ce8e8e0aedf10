import { describe, expect, it } from 'vitest';
import { BACKOFF_AFTER_FAILURES, backoffSeconds, MAX_BACKOFF_SECONDS } from './sign-in-throttle.js';

describe('backoffSeconds', () => {
  it('waits nothing before the threshold, then 1 s doubling with each failure', () => {
    expect(backoffSeconds(0)).toBe(0);
    expect(backoffSeconds(BACKOFF_AFTER_FAILURES - 1)).toBe(0);
    expect([0, 1, 2, 3, 4].map((extra) => backoffSeconds(BACKOFF_AFTER_FAILURES + extra))).toEqual([1, 2, 4, 8, 16]);
  });

  it('never waits more than 30 s, however many failures', () => {
    expect(backoffSeconds(BACKOFF_AFTER_FAILURES + 5)).toBe(MAX_BACKOFF_SECONDS);
    expect(backoffSeconds(10_000)).toBe(30);
  });
});
