import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_BASE_MS, giveUpAfterMs, retryDelayMs } from './retry-schedule.js';

describe('retry schedule', () => {
  it('doubles from the base, with the jitter within ±20 %', () => {
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(2, 1000, () => 0.5)).toBe(2000);
    expect(retryDelayMs(5, 1000, () => 0.5)).toBe(16000);
    expect(retryDelayMs(1, 1000, () => 0)).toBe(800);
    expect(retryDelayMs(1, 1000, () => 1)).toBe(1200);
  });

  it('waits at most 12 hours and gives up after 3 days at the default scale', () => {
    expect(retryDelayMs(40, DEFAULT_RETRY_BASE_MS, () => 0.5)).toBe(12 * 60 * 60 * 1000);
    expect(giveUpAfterMs(DEFAULT_RETRY_BASE_MS)).toBe(3 * 24 * 60 * 60 * 1000);
    expect(giveUpAfterMs(10)).toBe(43200);
  });
});
